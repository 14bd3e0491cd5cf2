#!/usr/bin/env bash
# kernel-seed.sh [KERNEL/]VARIANT: start the first build of base or an
# experiment from a copy of series' built tree instead of an empty one.
#
# In a fresh tree every object is compiled again: with series in ccache each
# compile is a hit, but the lookups, objtool, fixdep and nm of 1 300 objects
# still cost about 440 CPU-seconds, a quarter of a cold build (NOTES.md,
# "Cold with 6.12, seeded variants"). base and the experiments differ from
# series in a few files, so a copy of series' tree, sources and objects
# with their mtimes, recompiles only what those files reach. debug's flags
# differ for every object: not seeded. Does nothing unless series is built
# and the variant never was. Called by kernel-build.sh with the variant's
# build lock held; leaves $trees/VARIANT.seeded for it: series' commit, and
# as its mtime that of series' objtool.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

split_variant "${1:?usage: kernel-seed.sh [KERNEL/]VARIANT}"
trees=$(KTREES)
tree=$trees/$variant
series=$trees/series
case $variant in series | debug) exit 0 ;; esac
[ ! -f "$trees/$variant.built" ] || exit 0
# base is the extracted tree itself, there from the start: a .config means
# a build of it began; a worktree's directory, that it was made
if [ "$variant" = base ]; then
	[ ! -f "$tree/.config" ] || exit 0
else
	[ ! -e "$tree" ] || exit 0
fi
# a build of series holds its lock until its stamp says what it built
exec {serieslock}>"$trees/series.lock"
flock -s "$serieslock"
[ -f "$trees/series.built" ] && [ -f "$series/vmlinux" ] || exit 0
head=$(git -C "$series" rev-parse HEAD)

copy_series() {
	tar -C "$series" --exclude=./.git -cf - . | tar -C "$tree" -xf -
}

seed_base() {
	copy_series
	cd "$tree"
	# Stat data first, so that the reset rewrites (and dates) only the
	# files series changed, not every file the copy touched.
	git update-index -q --refresh >/dev/null || true
	git reset -q --hard pristine
	# what series added is not tracked here: remove it and its outputs
	local f d b
	git diff --name-only --diff-filter=A pristine "$head" | while read -r f; do
		d=$(dirname "$f") b=$(basename "$f")
		case "$b" in
		*.c) rm -f "$d/${b%.c}".* "$d/.${b%.c}".* ;;
		*) rm -f "$f" ;;
		esac
	done
}

seed_worktree() {
	exec {treelock}>"$trees/.tree.lock"
	flock "$treelock"
	git -C "$trees/base" worktree add -q --no-checkout -B "$variant" "$tree" "$head"
	flock -u "$treelock"
	copy_series
	cd "$tree"
	git reset -q
	# series' patches are applied: kernel-tree.sh adds the variant's own
	cp "$trees/series.applied" "$trees/$variant.applied"
}

seed() {
	echo "$head" >"$trees/$variant.seeded"
	touch -r "$series/tools/objtool/objtool" "$trees/$variant.seeded"
	if [ "$variant" = base ]; then seed_base; else seed_worktree; fi
}

# a half-made copy must not pass for a tree: the next build starts afresh
unseed() {
	rm -f "$trees/$variant.seeded" "$trees/$variant.applied"
	if [ "$variant" = base ]; then
		rm -f "$tree/.config"
	else
		git -C "$trees/base" worktree remove --force "$tree" 2>/dev/null || rm -rf "$tree"
	fi
}

run_step "seeding $(vname)'s tree from series' build" "$trees/$variant.seed.log" seed ||
	{ unseed; die "seeding $(vname) failed (see $trees/$variant.seed.log)"; }
