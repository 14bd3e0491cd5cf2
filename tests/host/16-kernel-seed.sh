#!/bin/bash
# A variant's first build starts from a copy of series' built tree
# (vm/kernel-seed.sh), and kernel-tree.sh then applies only the patches it
# lacks. Make decides what to compile by mtimes, so what is checked here is
# which files end up newer than the copied objects: exactly those whose
# content differs from series'. Anything more and the seeding saves
# nothing; anything less and a variant would link series' objects. On a
# tiny git tree with patches of its own (the scripts copied beside them),
# no kernel build.
. "$(dirname "$0")/../../vm/lib.sh"
. "$TOP/tests/lib/tap.sh"
plan 8
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SHRINKSCOPE_CACHE=$tmp/cache KERNEL=6.1
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@localhost GIT_AUTHOR_DATE='2013-05-09T00:00:00Z'
export GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@localhost GIT_COMMITTER_DATE='2013-05-09T00:00:00Z'
top=$tmp/top
mkdir -p "$top/vm" "$top/patches/experiments"
cp "$TOP"/vm/{lib.sh,kernel-seed.sh,kernel-tree.sh} "$top/vm/"
trees=$SHRINKSCOPE_CACHE/linux-$(kernel_version)
now=$(date +%s) src_time=$(($(date +%s) - 7200)) obj_time=$(($(date +%s) - 3600))

# the pristine tree, as kernel-tree.sh's extraction leaves it
mkdir -p "$trees/base"
cd "$trees/base"
git init -q -b base
mkdir -p mm include tools/objtool
for f in mm/a.c mm/b.c include/h.h tools/objtool/objtool.c; do echo "$f" >"$f"; done
git add -f -A && git commit -q -m pristine && git tag pristine
# the series (two patches: one changes a.c, one adds new.c) and an
# experiment x (changes b.c), in patches/ as make patches writes them
git clone -q "$trees/base" "$tmp/work"
cd "$tmp/work"
echo 'a, patched' >mm/a.c && git commit -q -am 'change a'
echo new >mm/new.c && git add mm/new.c && git commit -q -m 'add new'
git format-patch -q -2 -o "$top/patches"
(cd "$top/patches" && ls 0*.patch) >"$top/patches/series"
echo 'b, patched' >mm/b.c && git commit -q -am 'change b'
git format-patch -q -1 --stdout >"$top/patches/experiments/x.patch"

# series, built: sources older than its objects, as after a build
"$top/vm/kernel-tree.sh" series 2>/dev/null
series=$trees/series
cd "$series"
find . -path ./.git -prune -o -type f -exec touch -d "@$src_time" {} +
for f in mm/a.o mm/b.o mm/new.o mm/.new.o.cmd vmlinux .config tools/objtool/objtool; do
	echo "$f" >"$f" && touch -d "@$obj_time" "$f"
done
echo built >"$trees/series.built"

# newer_than_objects TREE: the files make would rebuild from, by name
newer_than_objects() {
	(cd "$1" && find . -path ./.git -prune -o -type f -newer mm/b.o -print | sed 's|^\./||' | sort | xargs)
}

# an experiment: seeded, then the one patch it lacks applied
"$top/vm/kernel-seed.sh" x 2>"$tmp/seed.err" &&
	"$top/vm/kernel-tree.sh" x 2>"$tmp/tree.err"
x=$trees/x
if [ "$(stat -c %Y "$x/mm/a.o" 2>/dev/null)" = "$obj_time" ] && [ -f "$x/vmlinux" ] &&
   [ "$(cat "$trees/x.seeded" 2>/dev/null)" = "$(git -C "$series" rev-parse HEAD)" ]; then
	pass "seeding x copies series' objects with their mtimes and names series' commit in x.seeded"
else
	fail "seeding x copies series' objects with their mtimes and names series' commit in x.seeded" \
		"$(cat "$tmp/seed.err")" "$(ls -la --time-style=+%s "$x/mm" 2>&1)"
fi
if grep -q 'applying 1 patch(es) on the 2 it has' "$tmp/tree.err" &&
   [ "$(git -C "$x" rev-parse HEAD~1)" = "$(git -C "$series" rev-parse HEAD)" ] &&
   [ "$(cat "$x/mm/b.c")" = 'b, patched' ] && [ "$(cat "$x/mm/a.c")" = 'a, patched' ]; then
	pass "kernel-tree.sh applies only the experiment on the seeded tree"
else
	fail "kernel-tree.sh applies only the experiment on the seeded tree" "$(cat "$tmp/tree.err")" \
		"$(git -C "$x" log --oneline 2>&1)"
fi
got=$(newer_than_objects "$x")
if [ "$got" = mm/b.c ]; then
	pass "in x only the experiment's file is newer than the objects: $got"
else
	fail "in x only the experiment's file is newer than the objects" "newer: ${got:-none}"
fi

# base: series' tree back to pristine, what series added gone
"$top/vm/kernel-seed.sh" base 2>"$tmp/seed-base.err"
base=$trees/base
got=$(newer_than_objects "$base")
if [ "$got" = mm/a.c ] && [ "$(cat "$base/mm/a.c")" = mm/a.c ]; then
	pass "in base only the file series changed is newer than the objects, pristine again: $got"
else
	fail "in base only the file series changed is newer than the objects, pristine again" \
		"newer: ${got:-none}; mm/a.c: $(cat "$base/mm/a.c")" "$(cat "$tmp/seed-base.err")"
fi
if [ ! -e "$base/mm/new.c" ] && [ ! -e "$base/mm/new.o" ] && [ ! -e "$base/mm/.new.o.cmd" ] &&
   [ -f "$base/mm/b.o" ] && [ -z "$(git -C "$base" status --porcelain --untracked-files=no)" ]; then
	pass "base lost the file series added and its outputs, kept the rest, and is clean"
else
	fail "base lost the file series added and its outputs, kept the rest, and is clean" \
		"$(ls -a "$base/mm")" "$(git -C "$base" status --porcelain --untracked-files=no)"
fi

# a tree once made is never seeded again
touch -d "@$now" "$x/mm/a.o"
"$top/vm/kernel-seed.sh" x 2>/dev/null
ok_if "$([ "$(stat -c %Y "$x/mm/a.o")" = "$now" ]; echo $?)" \
	"a second seed of x leaves its tree alone"
# nor from a series not built
rm "$trees/series.built"
cp "$top/patches/experiments/x.patch" "$top/patches/experiments/y.patch"
"$top/vm/kernel-seed.sh" y 2>/dev/null
ok_if "$([ ! -e "$trees/y" ]; echo $?)" "no seed from a series without its built stamp"
# the tree's stamp at the end: a second kernel-tree.sh run applies nothing
"$top/vm/kernel-tree.sh" x 2>"$tmp/tree2.err"
ok_if "$(! grep -q applying "$tmp/tree2.err"; echo $?)" \
	"kernel-tree.sh on x again applies nothing"
