#!/usr/bin/env bash
# export-patches.sh VARIANT [DIR]: write the kernel tree's commits back to
# patches/ (or, for a round-trip check, to DIR without touching anything).
#
#   series  every commit after "pristine" -> patches/NNNN-*.patch + series
#   NAME    the one commit on top of series -> patches/experiments/NAME.patch
#
# Kernel work is done in the build tree (git commit there), then exported; the
# tree is then recorded as up to date, so nothing is re-applied or rebuilt.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

variant=${1:?usage: export-patches.sh VARIANT [DIR]}
dest=${2:-}
[ "$variant" = base ] && die "base is the pristine tree; it has no patches"
trees=$(KTREES)
tree=$trees/$variant
[ -d "$tree" ] || die "no tree for $variant (run: make kernel VARIANT=$variant)"
cd "$tree"
[ -z "$(git status --porcelain --untracked-files=no)" ] ||
	die "$tree has uncommitted changes: commit them first"
fmt=(git format-patch -q --zero-commit --no-signature --no-numbered)

if [ -n "$dest" ]; then
	mkdir -p "$dest"
	base=pristine
	[ "$variant" = series ] || base=HEAD~1
	"${fmt[@]}" -o "$dest" "$base..HEAD"
	exit 0
fi
if [ "$variant" = series ]; then
	tmp=$(mktemp -d)
	"${fmt[@]}" -o "$tmp" pristine..HEAD
	rm -f "$TOP"/patches/[0-9][0-9][0-9][0-9]-*.patch
	: >"$TOP/patches/series"
	for p in "$tmp"/*.patch; do
		[ -e "$p" ] || continue
		mv "$p" "$TOP/patches/"
		basename "$p" >>"$TOP/patches/series"
	done
	rmdir "$tmp"
else
	n=$(( $(git rev-list --count pristine..HEAD) - $(grep -cv '^\(#\|$\)' "$TOP/patches/series") ))
	[ "$n" -eq 1 ] || die "$variant must be exactly one commit on top of series (it has $n)"
	"${fmt[@]}" --stdout HEAD~1..HEAD >"$TOP/patches/experiments/$variant.patch"
fi
mapfile -t patches < <(variant_patches "$variant")
echo "$(hash_of "${patches[@]}") $(git rev-parse HEAD)" >"$trees/$variant.applied"
say "exported $variant: ${#patches[@]} patch(es) in patches/"
