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
	timeout 600 bash "$t" >>"$tap.raw" 2>"$OUT/${t%.sh}.stderr" ||
		echo "not ok - $t exited with status $?" >>"$tap.raw"
done
awk '/^(ok|not ok) /{n++; sub(/^ok /, "ok " n " "); sub(/^not ok /, "not ok " n " ")} {print}' \
	"$tap.raw" >"$tap"
n=$(grep -c '^ok\|^not ok' "$tap")
echo "1..$n" >>"$tap"
! grep -q '^not ok' "$tap"
