#!/bin/bash
# The bpf tools on the base kernel degrade honestly (tests/guest/base/tools.sh,
# its own plan checked here); shrinkstat's JSON is read here, on the host.
. "$(dirname "$0")/lib.sh"
plan 5		# the boot, tools.sh's 3, the JSON
make -s -C "$TOP/bpf/tools" >/dev/null 2>&1
on_base base-tools tests/guest/base/tools.sh
ok_if $? "base kernel guest run for the bpf tools (see $OUTDIR/base-tools.log)"
res=$OUTDIR/base-tools
awk -v file=base/tools.sh -f "$TOP/tests/lib/plan.awk" "$res/base-tools.tap" 2>/dev/null
# null, never 0, for what a stock kernel cannot tell
scanned=$(jq "$res/stat.json" shrinkers scanned 2>&1 | sort -u | paste -sd,)
hist=$(jq "$res/stat.json" . batch_log2 2>&1)
if [ "$scanned" = null ] && [ "$hist" = null ]; then
	pass "shrinkstat --json on base: scanned and batch histogram are null, never 0"
else
	fail "shrinkstat --json on base uses null for what it cannot measure" \
		"scanned: $scanned" "batch_log2: $hist"
fi
