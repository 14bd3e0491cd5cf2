#!/bin/bash
# In-guest test runner: runs every tests/guest/[0-9]*.sh in order (or those
# whose names start with the given prefixes) and writes their TAP lines,
# numbered, to /out/guest.tap.
cd "$(dirname "$0")" || exit 1
export OUT=/out
tap=$OUT/guest.tap
: >"$tap.raw"
tests=$(ls [0-9]*.sh)
if [ $# -gt 0 ]; then
	tests=$(for p in "$@"; do ls "$p"*.sh; done)
fi
for t in $tests; do
	echo "# $t" >>"$tap.raw"
	rc=0
	timeout 600 bash "$t" >>"$tap.raw" 2>"$OUT/${t%.sh}.stderr" || rc=$?
	if [ $rc -ne 0 ]; then
		echo "not ok - $t exited with status $rc" >>"$tap.raw"
		# a test that timed out left something blocked: show what, on
		# the console and as diagnostics of the failure
		if [ $rc -eq 124 ]; then
			dmesg -C
			echo w >/proc/sysrq-trigger
			sleep 1
			dmesg | sed -E 's/^\[ *[0-9.]+\] //; s/^/#   /' | head -150 >>"$tap.raw"
		fi
	fi
done
awk '/^(ok|not ok) /{n++; sub(/^ok /, "ok " n " "); sub(/^not ok /, "not ok " n " ")} {print}' \
	"$tap.raw" >"$tap"
n=$(grep -c '^ok\|^not ok' "$tap")
echo "1..$n" >>"$tap"
! grep -q '^not ok' "$tap"
