#!/bin/bash
# In-guest test runner: runs every tests/guest/[0-9]*.sh in order (or those
# whose names start with the given prefixes). Each file's results are
# checked against its plan (tests/lib/plan.awk) and appended to
# /out/guest.tap.raw as the file ends, between "# NAME" and "# done NAME",
# so the host knows which files ran even if the guest dies; at the end
# /out/guest.tap holds them numbered, then the count as a trailing plan.
# GUEST_FILE_TIMEOUT: seconds a file may take (600; make soak sets more).
cd "$(dirname "$0")" || exit 1
export OUT=/out
tap=$OUT/guest.tap
raw=$tap.raw
: >"$raw"
rm -f "$tap"
tests=$(ls [0-9]*.sh)
if [ $# -gt 0 ]; then
	tests=$(for p in "$@"; do
		ls "$p"*.sh 2>/dev/null ||
			echo "not ok - a test file matches prefix $p" >>"$raw"
	done)
fi
for t in $tests; do
	echo "# $t" >>"$raw"
	timeout "${GUEST_FILE_TIMEOUT:-600}" bash "$t" 2>"$OUT/${t%.sh}.stderr" |
		awk -v file="$t" -f ../lib/plan.awk >>"$raw"
	rc=${PIPESTATUS[0]}
	if [ $rc -ne 0 ]; then
		echo "not ok - $t exited with status $rc" >>"$raw"
		# a test that timed out left something blocked: show what, on
		# the console and as diagnostics of the failure
		if [ $rc -eq 124 ]; then
			dmesg -C
			echo w >/proc/sysrq-trigger
			sleep 1
			dmesg | sed -E 's/^\[ *[0-9.]+\] //; s/^/#   /' | head -150 >>"$raw"
		fi
	fi
	echo "# done $t" >>"$raw"
done
awk '/^(ok|not ok) /{n++; sub(/^ok /, "ok " n " "); sub(/^not ok /, "not ok " n " ")} {print}
	END {print "1.." n + 0}' "$raw" >"$tap"
! grep -q '^not ok' "$tap"
