#!/usr/bin/env bash
# export-patches.sh VARIANT [DIR]: write the kernel tree's commits back to
# patches/ (or, for a round-trip check, to DIR without touching anything).
#
#   series  every commit after "pristine" -> patches/NNNN-*.patch + series
#   NAME    the commits on top of series: one -> patches/experiments/NAME.patch,
#           several -> patches/experiments/NAME/NNNN-*.patch (the folder form)
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
base=pristine
if [ "$variant" != series ]; then
	n=$(( $(git rev-list --count pristine..HEAD) - $(grep -cv '^\(#\|$\)' "$TOP/patches/series") ))
	[ "$n" -ge 1 ] || die "$variant has no commit on top of series"
	base=HEAD~$n
fi

if [ -n "$dest" ]; then
	mkdir -p "$dest"
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
	# One form only: writing one removes the other (variant_patches refuses both).
	exp=$TOP/patches/experiments/$variant
	if [ "$n" -eq 1 ]; then
		"${fmt[@]}" --stdout HEAD~1..HEAD >"$exp.patch"
		rm -f "$exp"/*.patch
		rmdir "$exp" 2>/dev/null || true
	else
		mkdir -p "$exp"
		rm -f "$exp"/*.patch "$exp.patch"
		"${fmt[@]}" -o "$exp" "$base..HEAD"
	fi
fi
mapfile -t patches < <(variant_patches "$variant")
echo "$(hash_of "${patches[@]}") $(git rev-parse HEAD)" >"$trees/$variant.applied"
say "exported $variant: ${#patches[@]} patch(es) in patches/"
