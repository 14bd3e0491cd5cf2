# The booted kernel's tracefs format files against tracepoints/fields.tsv
# (its rows for this kernel: column 7), field by field (type and name, in
# order), and no event of ours missing from the catalogue.
. ./lib.sh
ev_dir=/sys/kernel/tracing/events
cat=/tmp/catalogue.tsv
catalogue >"$cat"	# this kernel's rows
events=$(awk -F'\t' '{print $1 "/" $2}' "$cat" | uniq)
plan $(($(wc -l <<<"$events") + 1))

for ev in $events; do
	fmt=$ev_dir/$ev/format
	if [ ! -r "$fmt" ]; then
		fail "tracepoint $ev exists" "no $fmt"
		continue
	fi
	want=$(awk -F'\t' -v e="$ev" '$1 "/" $2 == e {print $4 " " $3}' "$cat")
	have=$(sed -n 's/^\tfield:\([^;]*\);.*/\1/p' "$fmt" | grep -v ' common_')
	if [ "$want" = "$have" ]; then
		pass "tracepoint $ev matches the catalogue ($(echo "$have" | wc -l) fields)"
	else
		fail "tracepoint $ev matches the catalogue" \
			$(diff <(echo "$want") <(echo "$have") | grep '^[<>]' | tr ' ' '_')
	fi
done

# Every list_lru event the kernel has is catalogued.
extra=$(for e in "$ev_dir"/list_lru/*/; do
	e=$(basename "$e")
	awk -F'\t' -v e="$e" '$1 == "list_lru" && $2 == e {f = 1} END {exit !f}' "$cat" || echo "$e"
done)
if [ -d "$ev_dir/list_lru" ] && [ -z "$extra" ]; then
	pass "every list_lru event in the kernel is catalogued"
else
	fail "every list_lru event in the kernel is catalogued" "missing: ${extra:-the list_lru system}"
fi
