#!/bin/bash
# Host test: the bpf tools' user-space helpers (bpf/tools/test/unit.c):
# JSON strings, the kallsyms and cgroup-path caches, intervals from running
# totals; then names no JSON writer may trip on, read back by tests/lib/jq.sh.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
jq=$top/tests/lib/jq.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

make -s -C "$top/bpf/tools" OUT="$tmp" "$tmp/unit" >"$tmp/build.log" 2>&1
build=$?
[ $build -eq 0 ] && "$tmp/unit" >"$tmp/unit.log" 2>&1
rc=$?
units=$(grep -cE '^(ok|not ok) - ' "$tmp/unit.log" 2>/dev/null)
plan $((3 + units))
if [ $build -ne 0 ]; then
	fail "bpf tools' helpers build for the host (make -C bpf/tools check)" "$(head -20 "$tmp/build.log")"
	exit 0
fi
pass "bpf tools' helpers build for the host (-Wall -Wextra -Werror)"
sed -nE 's/^(ok|not ok) - /\1 - bpf tools unit: /p' "$tmp/unit.log"
[ "$(tail -n1 "$tmp/unit.log")" = "1..$units" ] && [ "$units" -gt 0 ] && [ $rc -eq 0 ]
ok_if $? "bpf tools unit tests run to their plan (1..$units) and pass"

# jq.sh prints a backslash as \\, a tab as \t, a newline as \n
"$tmp/unit" --json-names "$tmp/names.json" &&
	"$jq" "$tmp/names.json" names name >"$tmp/names.txt"
rc=$?
want=$(printf '%s\n' plain 'q"uote' 'back\\slash' '"\\"' 'tab\there' 'new\nline')
got=$(head -6 "$tmp/names.txt")
[ $rc -eq 0 ] && [ "$(wc -l <"$tmp/names.txt")" -eq 14 ] && [ "$got" = "$want" ] &&
	[ "$(sed -n 8p "$tmp/names.txt")" = "café" ] &&
	[ "$(sed -n 9p "$tmp/names.txt")" = $'\uFFFD\uFFFD' ]
ok_if $? "14 awkward names written by json_str parse as JSON and read back as named (not UTF-8: U+FFFD)"
