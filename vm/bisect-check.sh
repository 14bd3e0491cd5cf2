#!/usr/bin/env bash
# bisect-check.sh: check that every patch of the series compiles on its own.
# In a scratch worktree of the pristine tree with the series config, apply
# the patches one at a time and compile, after each, the objects of the C
# files it touches plus those of the mm files that include the headers the
# series changes. Not a full link per patch: the full series is built and
# booted by make test.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
trees=$(KTREES)
tree=$trees/bisect
series=$trees/series
[ -f "$series/.config" ] || die "build the series kernel first (make kernel)"
export CCACHE_DIR=$SHRINKSCOPE_CACHE/ccache CCACHE_BASEDIR=$trees
export CCACHE_NOHASHDIR=true CCACHE_COMPILERCHECK=content
export GIT_COMMITTER_NAME=shrinkscope GIT_COMMITTER_EMAIL=shrinkscope@localhost
git -C "$trees/base" worktree remove --force "$tree" 2>/dev/null || true
git -C "$trees/base" worktree add -q --detach "$tree" pristine
cd "$tree"
cp "$series/.config" .config
kmake() { make -j"$(nproc)" CC="ccache gcc" HOSTCC="ccache gcc" "$@"; }
run_step "bisect: preparing the scratch tree" "$trees/bisect.log" kmake olddefconfig prepare
mapfile -t patches < <(variant_patches series)
for p in "${patches[@]}"; do
	git am -q --committer-date-is-author-date "$p"
	objs=$(git diff --name-only HEAD~1 -- '*.c' | sed 's/\.c$/.o/')
	# what includes the changed trace and mm headers, in mm/
	git diff --name-only HEAD~1 -- '*.h' | grep -q . &&
		objs+=" mm/vmscan.o mm/list_lru.o mm/vmpressure.o mm/memcontrol.o"
	run_step "bisect: $(basename "$p")" "$trees/bisect.log" kmake $objs
done
git -C "$trees/base" worktree remove --force "$tree"
say "every patch compiles on its own"
