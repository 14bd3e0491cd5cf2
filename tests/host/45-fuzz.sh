#!/bin/bash
# Host test: the analyser fuzzed for a short, bounded time (make -C analysis
# fuzz: the trace.dat harness and the command-line harness side by side,
# nice'd, FUZZ_SECONDS each) finds no crash, leak or hang in our code; the
# sanitizer build of the command line tool reads every fixture clean (exit
# 0, nothing on stderr, so no leak at exit), and on each library crash kept
# under analysis/tests/crashes/ exits 2 with our one line last, the
# sanitizer's report of the library above it (never sent to /dev/null);
# the inputs of bugs the fuzzer found in our code (analysis/fuzz/regress/)
# and the library crashes run clean through the harness.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
an=$top/analysis
fz=$an/build/fuzz
secs=${SHRINKSCOPE_FUZZ_SECONDS:-25}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
good=(base-drop series-drop series-lru series-pressure)
crashes=("$an"/tests/crashes/*.dat)
plan $((4 + ${#good[@]} + ${#crashes[@]}))

if ! make -s -C "$an" fuzz-build >"$tmp/build.log" 2>&1; then
	fail "fuzzers and the sanitizer build compile (clang, libFuzzer, ASan, UBSan)" \
		"$(tail -20 "$tmp/build.log")"
	exit 0
fi
pass "fuzzers and the sanitizer build compile (clang, libFuzzer, ASan, UBSan)"

export LSAN_OPTIONS=suppressions=$an/fuzz/lsan.supp
for f in "${good[@]}"; do
	"$fz/asan-report" report --json "$an/tests/fixtures/$f.dat" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && [ -s "$tmp/out" ]
	ok_if $? "sanitizer build: report $f.dat exits 0 (got $rc), nothing on stderr (no leak, no error)$([ -s "$tmp/err" ] && echo ": $(grep -m1 -E 'ERROR|SUMMARY' "$tmp/err")")"
done

for f in "${crashes[@]}"; do
	"$fz/asan-report" report "$f" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	last=$(tail -n1 "$tmp/err")
	[ $rc -eq 2 ] && [ ! -s "$tmp/out" ] &&
		[[ "$last" == "shrinkscope-report: $f: damaged trace: libtracecmd/libtraceevent "* ]] &&
		grep -q 'AddressSanitizer' "$tmp/err"
	ok_if $? "library crash $(basename "$f") contained: exit 2 (got $rc), the sanitizer's report shown, our line last ($last)"
done

LSAN_OPTIONS=$LSAN_OPTIONS "$fz/fuzz_trace" "$an"/fuzz/regress/trace-* "${crashes[@]}" \
	>"$tmp/regress.log" 2>&1
rc=$?
desc="fuzz_trace replays $(ls "$an"/fuzz/regress/trace-* | wc -l) fixed finding(s) and the library crashes clean"
# (a contained library crash prints its report from the helper process)
if [ $rc -eq 0 ]; then
	pass "$desc"
else
	fail "$desc" "$(grep -a -E 'runtime error|SUMMARY|libFuzzer: ' "$tmp/regress.log" | head -5)"
fi

# a failed command jumps back into the harness: what it then frees must
# not live in the frames it left (the harness scrubs them first)
SHRINKSCOPE_FUZZ_TRACES=$fz/traces ASAN_OPTIONS=detect_leaks=0 \
	"$fz/fuzz_cli" "$an"/fuzz/regress/cli-* >"$tmp/regress-cli.log" 2>&1
rc=$?
desc="fuzz_cli replays $(ls "$an"/fuzz/regress/cli-* | wc -l) fixed finding(s) clean"
if [ $rc -eq 0 ]; then
	pass "$desc"
else
	fail "$desc" "$(grep -a -E 'runtime error|SUMMARY|libFuzzer: ' "$tmp/regress-cli.log" | head -5)"
fi

out=$(make -s -C "$an" fuzz FUZZ_SECONDS="$secs" 2>&1)
rc=$?
if [ $rc -eq 0 ]; then
	pass "fuzzed ${secs} s per harness, no crash: $(echo "$out" | grep -E '^fuzz_' | sed 's/ (.*//' | paste -sd';')"
else
	fail "fuzzed ${secs} s per harness, no crash (rerun: $fz/fuzz_trace REPRODUCER)" \
		"$(echo "$out" | grep -E '^fuzz|ERROR|SUMMARY|runtime error' | head -12)"
fi
