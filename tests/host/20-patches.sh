#!/bin/bash
# Host checks of patches/: every patch is checkpatch --strict clean, the
# series file lists them all in order, and the series tree exports back to
# exactly these files (make patches round-trips).
. "$(dirname "$0")/../../vm/lib.sh"
. "$TOP/tests/lib/tap.sh"
trees=$(KTREES)
checkpatch=$trees/base/scripts/checkpatch.pl
cd "$TOP/patches" || exit 1
patches=$(for p in $(grep -v '^#' series) experiments/*.patch experiments/*/*.patch; do
	[ -f "$p" ] && echo "$p"
done)
# two per patch, the series file, the round trip
plan $((2 * $(wc -l <<<"$patches") + 2))
[ -f "$checkpatch" ] || { fail "kernel tree with checkpatch.pl present"; exit 0; }
# FILE_PATH_CHANGES: new files under mm/ are covered by MEMORY MANAGEMENT.
for p in $patches; do
	res=$(perl "$checkpatch" --strict --ignore FILE_PATH_CHANGES "$p" 2>&1 | grep '^total:')
	if [[ "$res" == "total: 0 errors, 0 warnings, 0 checks"* ]]; then
		pass "checkpatch --strict: $p"
	else
		fail "checkpatch --strict: $p: $res"
	fi
	! grep -q '^EXAMPLE:' "$p"
	ok_if $? "$p: commit message has no placeholder left"
done
listed=$(grep -v '^#' series | tr '\n' ' ')
present=$(ls [0-9][0-9][0-9][0-9]-*.patch 2>/dev/null | tr '\n' ' ')
if [ "$listed" = "$present" ]; then
	pass "patches/series lists every patch, in order"
else
	fail "patches/series lists every patch, in order" "series: $listed; files: $present"
fi
if [ ! -d "$trees/series" ]; then
	skip "make patches round-trips the series tree without a diff" "no series kernel tree yet"
else
	tmp=$(mktemp -d)
	"$TOP/vm/export-patches.sh" series "$tmp" 2>/dev/null
	bad=0
	for p in "$tmp"/*.patch; do cmp -s "$p" "$(basename "$p")" || bad=1; done
	[ "$(ls "$tmp" | wc -l)" = "$(ls [0-9][0-9][0-9][0-9]-*.patch | wc -l)" ] || bad=1
	rm -rf "$tmp"
	ok_if $bad "make patches round-trips the series tree without a diff"
fi
