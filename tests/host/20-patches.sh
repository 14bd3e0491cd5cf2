#!/bin/bash
# Host checks of each kernel's patches (patches/ for 6.1, patches/6.12/):
# every patch is checkpatch --strict clean, the series file lists them all
# in order, and the series tree exports back to exactly these files (make
# patches round-trips). A kernel without a series file is not ported yet.
. "$(dirname "$0")/../../vm/lib.sh"
. "$TOP/tests/lib/tap.sh"
# KERNEL: its patch files, relative to its folder
kernel_patches() {
	(cd "$(PATCHES)" && for p in $(grep -v '^#' series) experiments/*.patch experiments/*/*.patch; do
		[ -f "$p" ] && echo "$p"
	done)
}
kernels=()
n=0
for KERNEL in $KERNELS; do
	[ -f "$(PATCHES)/series" ] || continue
	kernels+=("$KERNEL")
	# two per patch, the series file, the cover letter, the round trip
	n=$((n + 2 * $(kernel_patches | wc -l) + 3))
done
plan "$n"

check_kernel_patches() {
# the kernel's own checkpatch; 6.1's where the other kernel's source is
# not installed (make test installs 6.1 only), and no round trip there
trees=
dpkg-query -W "linux-source-$KERNEL" >/dev/null 2>&1 && trees=$(KTREES)
checkpatch=$trees/base/scripts/checkpatch.pl
[ -f "$checkpatch" ] || checkpatch=$(KERNEL=6.1 KTREES)/base/scripts/checkpatch.pl
cd "$(PATCHES)" || exit 1
patches=$(kernel_patches)
k=${KERNEL}:
[ -f "$checkpatch" ] || { fail "$k kernel tree with checkpatch.pl present"; return; }
# FILE_PATH_CHANGES: new files under mm/ are covered by MEMORY MANAGEMENT.
# One report is not ours to fix: the alignment of an existing argument line
# under a changed TP_printk() (mm_shrink_slab_start/end keep their lines as
# they were, so the diff shows only the new fields). Such a check quotes
# that line as context (a leading space); any other report fails.
for p in $patches; do
	out=$(perl "$checkpatch" --strict --ignore FILE_PATH_CHANGES "$p" 2>&1)
	res=$(grep '^total:' <<<"$out")
	bad=$(awk '/^(ERROR|WARNING|CHECK):/ {
			if (kind != "") n++
			kind = ($0 ~ /^CHECK: Alignment should match open parenthesis/) ? "align" : "other"
			lines = 0; next }
		kind == "align" && /^[+ ]/ { if (++lines == 2 && /^ /) kind = "" }
		END { if (kind != "") n++; print n + 0 }' <<<"$out")
	if [[ "$res" == "total: 0 errors, 0 warnings, 0 checks"* ]]; then
		pass "$k checkpatch --strict: $p"
	elif [[ "$res" == total:* ]] && [ "$bad" -eq 0 ]; then
		pass "$k checkpatch --strict: $p (${res#total: }: alignment of unchanged lines only)"
	else
		fail "$k checkpatch --strict: $p: $res"
	fi
	! grep -q '^EXAMPLE:' "$p"
	ok_if $? "$k $p: commit message has no placeholder left"
done
# The cover letter (git format-patch --cover-letter; make patches keeps its
# subject and text) is written: no placeholder of git's left.
if [ -f 0000-cover-letter.patch ] &&
   ! grep -q '\*\*\* \(SUBJECT\|BLURB\) HERE \*\*\*\|^EXAMPLE:' 0000-cover-letter.patch &&
   grep -q "^Subject: \[PATCH 0/$(grep -vc '^#' series)\] [a-z]" 0000-cover-letter.patch; then
	pass "$k 0000-cover-letter.patch: subject and text written, for all $(grep -vc '^#' series) patches"
else
	fail "$k 0000-cover-letter.patch is written" "$(grep -m1 '^Subject:' 0000-cover-letter.patch 2>&1)"
fi
listed=$(grep -v '^#' series | tr '\n' ' ')
present=$(ls [0-9][0-9][0-9][0-9]-*.patch 2>/dev/null | grep -v '^0000-cover-letter' | tr '\n' ' ')
if [ "$listed" = "$present" ]; then
	pass "$k series lists every patch, in order"
else
	fail "$k series lists every patch, in order" "series: $listed; files: $present"
fi
if [ -z "$trees" ] || [ ! -d "$trees/series" ]; then
	skip "$k make patches round-trips the series tree without a diff" "no $KERNEL series kernel tree here (make kernel KERNEL=$KERNEL)"
else
	tmp=$(mktemp -d)
	"$TOP/vm/export-patches.sh" "$KERNEL/series" "$tmp" 2>/dev/null
	bad=0
	for p in "$tmp"/*.patch; do cmp -s "$p" "$(basename "$p")" || bad=1; done
	[ "$(ls "$tmp" | wc -l)" = "$(ls [0-9][0-9][0-9][0-9]-*.patch | wc -l)" ] || bad=1
	rm -rf "$tmp"
	ok_if $bad "$k make patches round-trips the series tree without a diff"
fi
}

for KERNEL in "${kernels[@]}"; do
	check_kernel_patches
done
