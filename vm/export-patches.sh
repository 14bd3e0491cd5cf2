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

split_variant "${1:?usage: export-patches.sh [KERNEL/]VARIANT [DIR]}"
pdir=$(PATCHES)
mkdir -p "$pdir"
dest=${2:-}
[ "$variant" = base ] && die "base is the pristine tree; it has no patches"
trees=$(KTREES)
tree=$trees/$variant
# the cover letter is signed by whoever runs git: the series' identity
export GIT_AUTHOR_NAME=shrinkscope GIT_AUTHOR_EMAIL=shrinkscope@localhost
export GIT_COMMITTER_NAME=shrinkscope GIT_COMMITTER_EMAIL=shrinkscope@localhost
[ -d "$tree" ] || die "no tree for $variant (run: make kernel VARIANT=$variant)"
cd "$tree"
[ -z "$(git status --porcelain --untracked-files=no)" ] ||
	die "$tree has uncommitted changes: commit them first"
fmt=(git format-patch -q --zero-commit --no-signature --no-numbered)
base=pristine
if [ "$variant" != series ]; then
	n=$(( $(git rev-list --count pristine..HEAD) - $(grep -cv '^\(#\|$\)' "$pdir/series") ))
	[ "$n" -ge 1 ] || die "$variant has no commit on top of series"
	base=HEAD~$n
fi

# keep_cover NEW OLD: the cover letter git made (NEW) gets the subject and
# text written in OLD, and the date of the newest commit, so that exporting
# again changes only the shortlog and diffstat below the text.
keep_cover() {
	local new=$1 old=$2 date
	date=$(git log -1 --format='Date: %aD')
	sed -i "s/^Date: .*/$date/" "$new"
	[ -f "$old" ] || return 0
	awk -v old="$old" '
		BEGIN {
			while ((getline l < old) > 0) {
				if (!insubj && l ~ /^Subject: /) {
					sub(/^Subject: \[[^]]*\] */, "", l); subj = l; insubj = 1
					continue
				}
				if (insubj == 1 && l == "") { insubj = 2; continue }
				if (insubj == 2 && l ~ /^[^ ]+ \([0-9]+\):$/) break
				if (insubj == 2) blurb = blurb l "\n"
			}
		}
		/^Subject: / { sub(/\*\*\* SUBJECT HERE \*\*\*/, subj) }
		/^\*\*\* BLURB HERE \*\*\*$/ { printf "%s", blurb; skip = 1; next }
		skip && $0 == "" { skip = 0; next }
		{ print }' "$new" >"$new.tmp" && mv "$new.tmp" "$new"
}

if [ -n "$dest" ]; then
	mkdir -p "$dest"
	if [ "$variant" = series ]; then
		git format-patch -q --zero-commit --no-signature --numbered \
			--cover-letter -o "$dest" pristine..HEAD
		keep_cover "$dest/0000-cover-letter.patch" \
			"$pdir/0000-cover-letter.patch"
	else
		"${fmt[@]}" -o "$dest" "$base..HEAD"
	fi
	exit 0
fi
if [ "$variant" = series ]; then
	tmp=$(mktemp -d)
	cover=$pdir/0000-cover-letter.patch
	git format-patch -q --zero-commit --no-signature --numbered \
		--cover-letter -o "$tmp" pristine..HEAD
	keep_cover "$tmp/0000-cover-letter.patch" "$cover"
	rm -f "$pdir"/[0-9][0-9][0-9][0-9]-*.patch
	: >"$pdir/series"
	for p in "$tmp"/*.patch; do
		[ -e "$p" ] || continue
		mv "$p" "$pdir/"
		# the cover letter is mail, not a commit: git am never sees it
		[ "$(basename "$p")" = 0000-cover-letter.patch ] ||
			basename "$p" >>"$pdir/series"
	done
	rmdir "$tmp"
else
	# One form only: writing one removes the other (variant_patches refuses both).
	exp=$pdir/experiments/$variant
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
say "exported $KERNEL/$variant: ${#patches[@]} patch(es) in ${pdir#"$TOP"/}/"
