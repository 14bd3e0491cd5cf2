# Reading the fncost plugin's counts (vm/plugin/fncost.c), sourced by
# make bench and the instruction-count tests. A file has one line per
# function, "NAME calls=N mode=I mode_calls=M min=I median=I ...", and
# for a function counted without its callees one line per number of
# callees, "NAME callees=K calls=N mode=I ...", the most frequent first.

# fncost_value FILE FN KEY [CALLEES]: KEY's value on FN's line (on its
# line of CALLEES callees if given); nothing if there is none
fncost_value() {
	awk -v f="$2" -v k="$3" -v c="${4-}" '$1 == f &&
		((c == "" && $2 ~ /^calls=/) || (c != "" && $2 == "callees=" c)) {
		for (i = 2; i <= NF; i++) { split($i, kv, "="); if (kv[1] == k) { print kv[2]; exit } } }' \
		"$1" 2>/dev/null
}

# fncost_shapes FILE FN: FN's callee counts, the most frequent first
fncost_shapes() {
	awk -v f="$2" '$1 == f && $2 ~ /^callees=/ { split($2, c, "="); print c[2] }' "$1" 2>/dev/null
}
