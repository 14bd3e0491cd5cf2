#!/usr/bin/env bash
# kernel-tree.sh VARIANT: make the source tree of a kernel variant match patches/.
#
# Debian's tarball is extracted once into a git repository whose first commit
# (tag "pristine") is the untouched tree; each variant is a git worktree of it
# with its patches applied by `git am`. Commits are made with fixed identities
# and dates so that `make patches` (git format-patch) round-trips without a diff.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

split_variant "${1:?usage: kernel-tree.sh [KERNEL/]VARIANT}"
trees=$(KTREES)
main=$trees/base
tarball=/usr/src/linux-source-$KERNEL.tar.xz
export GIT_COMMITTER_NAME=shrinkscope GIT_COMMITTER_EMAIL=shrinkscope@localhost

extract() {
	local tmp=$trees/.extract
	rm -rf "$tmp" && mkdir -p "$tmp"
	tar -C "$tmp" -xf "$tarball"
	mv "$tmp/linux-source-$KERNEL" "$main"
	rmdir "$tmp"
	cd "$main"
	git init -q -b base
	git config gc.auto 0
	# Debian's top-level .gitignore ignores everything ("/*"): force the add.
	git add -f -A
	GIT_AUTHOR_NAME=shrinkscope GIT_AUTHOR_EMAIL=shrinkscope@localhost \
	GIT_AUTHOR_DATE='2013-05-09T00:00:00Z' GIT_COMMITTER_DATE='2013-05-09T00:00:00Z' \
		git commit -q -m "pristine linux-source-$KERNEL $(kernel_version)"
	git tag pristine
}

# make test builds variants side by side: one extraction, one worktree
# added at a time (each variant's own build lock is kernel-build.sh's).
mkdir -p "$trees"
exec {treelock}>"$trees/.tree.lock"
flock "$treelock"
if ! git -C "$main" rev-parse -q --verify pristine >/dev/null 2>&1; then
	[ -f "$tarball" ] || die "$tarball missing (run: make deps KERNEL=$KERNEL)"
	rm -rf "$main" "$trees"/*.applied
	mkdir -p "$trees"
	run_step "extracting $(basename "$tarball") into a git tree" \
		"$trees/extract.log" extract
fi

tree=$trees/$variant
if [ ! -d "$tree" ]; then
	git -C "$main" worktree add -q -B "$variant" "$tree" pristine
fi
flock -u "$treelock"

mapfile -t patches < <(variant_patches "$variant")
want=$(hash_of "${patches[@]}")
stamp=$trees/$variant.applied
cd "$tree"
head=$(git rev-parse HEAD)
# applied: how many of the patches the tree has already (none: start over
# from pristine)
applied=0
if [ -f "$stamp" ]; then
	read -r have_hash have_head <"$stamp"
	[ "$have_hash" = "$want" ] && [ "$have_head" = "$head" ] && exit 0
	if [ "$have_head" != "$head" ]; then
		die "$tree has commits that are not in patches/ (run: make patches VARIANT=$variant, or reset it)"
	fi
	# The tree may have the first of them (a patch appended to the series,
	# a tree seeded from series' for an experiment): apply only the rest,
	# so that only the files they touch are rewritten and recompiled.
	for ((k = ${#patches[@]} - 1; k > 0; k--)); do
		[ "$(hash_of "${patches[@]:0:k}")" = "$have_hash" ] && { applied=$k; break; }
	done
fi
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
	die "$tree has uncommitted changes; commit them and run make patches, or git -C $tree reset --hard"
fi

if [ "$applied" -gt 0 ]; then
	say "kernel tree $variant: applying $((${#patches[@]} - applied)) patch(es) on the $applied it has"
else
	say "kernel tree $variant: applying ${#patches[@]} patch(es)"
	git reset -q --hard pristine
fi
for p in "${patches[@]:applied}"; do
	git am -q --committer-date-is-author-date "$p" ||
		{ git am --abort; die "patch $(basename "$p") does not apply to $variant"; }
done
echo "$want $(git rev-parse HEAD)" >"$stamp"
