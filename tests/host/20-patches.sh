#!/bin/bash
# Host checks of patches/: every patch is checkpatch --strict clean, the
# series file lists them all in order, and the series tree exports back to
# exactly these files (make patches round-trips).
. "$(dirname "$0")/../../vm/lib.sh"
trees=$(KTREES)
checkpatch=$trees/base/scripts/checkpatch.pl
[ -f "$checkpatch" ] || { echo "not ok - kernel tree with checkpatch.pl present"; exit 0; }
cd "$TOP/patches" || exit 1
# FILE_PATH_CHANGES: new files under mm/ are covered by MEMORY MANAGEMENT.
for p in $(grep -v '^#' series) experiments/*.patch experiments/*/*.patch; do
	[ -f "$p" ] || continue
	res=$(perl "$checkpatch" --strict --ignore FILE_PATH_CHANGES "$p" 2>&1 | grep '^total:')
	if [[ "$res" == "total: 0 errors, 0 warnings, 0 checks"* ]]; then
		echo "ok - checkpatch --strict: $p"
	else
		echo "not ok - checkpatch --strict: $p: $res"
	fi
	if grep -q '^EXAMPLE:' "$p"; then
		echo "not ok - $p: commit message has no placeholder left"
	fi
done
listed=$(grep -v '^#' series | tr '\n' ' ')
present=$(ls [0-9][0-9][0-9][0-9]-*.patch 2>/dev/null | tr '\n' ' ')
if [ "$listed" = "$present" ]; then
	echo "ok - patches/series lists every patch, in order"
else
	echo "not ok - patches/series lists every patch, in order" "(series: $listed; files: $present)"
fi
if [ -d "$trees/series" ]; then
	tmp=$(mktemp -d)
	"$TOP/vm/export-patches.sh" series "$tmp" 2>/dev/null
	bad=0
	for p in "$tmp"/*.patch; do cmp -s "$p" "$(basename "$p")" || bad=1; done
	[ "$(ls "$tmp" | wc -l)" = "$(ls [0-9][0-9][0-9][0-9]-*.patch | wc -l)" ] || bad=1
	rm -rf "$tmp"
	if [ $bad -eq 0 ]; then
		echo "ok - make patches round-trips the series tree without a diff"
	else
		echo "not ok - make patches round-trips the series tree without a diff"
	fi
fi
