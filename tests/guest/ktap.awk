# KTAP of KUnit suites, from a console log or dmesg, to one TAP line per
# case. Set -v suites="a b": a suite of that list that never showed is a
# failure; -v where="at boot" says where it should have run.
BEGIN { n = split(suites, want, " ") }
{ sub(/\r$/, ""); sub(/^\[ *[0-9]+\.[0-9]+\] /, "") }	# printk's timestamp
/^    # Subtest: / { suite = $3; seen[suite] = 1; next }
/^    (not )?ok [0-9]+ / && suite != "" {
	line = $0
	sub(/^    /, "", line)
	notok = line ~ /^not ok/
	sub(/^(not )?ok [0-9]+ (- )?/, "", line)
	# a skipped case stays "ok - ... # SKIP reason", as KTAP has it
	printf "%s - kunit %s: %s\n", notok ? "not ok" : "ok", suite, line
	next
}
/^(not )?ok [0-9]+ / { suite = "" }
END {
	for (i = 1; i <= n; i++)
		if (!seen[want[i]])
			printf "not ok - kunit suite %s ran %s\n", want[i], where
}
