#!/bin/bash
# tests/run.sh [OUTDIR]: everything `make test` runs once the kernel and the
# rootfs are built: host unit tests, the in-guest suite on the series kernel,
# host-side checks of what the guest brought back, the regression reports.
# Every test file declares its plan and is failed if it runs fewer or more
# (tests/lib/tap.sh); a guest boot whose files did not all run fails each
# missing file. One line per test, the skipped tests with their reasons,
# then "N passed, N failed"; exit status non-zero on any failure.
#   SHRINKSCOPE_SKIP_REGRESS=1   skip the regression reports (one skip line
#                                per test file)
#   SHRINKSCOPE_HOST_TESTS="CMD..."  more host test files to run
set -uo pipefail
. "$(dirname "$0")/../vm/lib.sh"
. "$TOP/tests/lib/tap.sh"
out=${1:-$TOP/build/test-run}
rm -rf "$out"
mkdir -p "$out"
tap=$out/results.tap
: >"$tap"
untap() { sed -E 's/^(ok|not ok) [0-9]+ /\1 /' | grep -E '^(ok|not ok) |^#   '; }

say "host unit tests"
{
	for t in "$TOP"/tests/host/[0-9]*.sh; do
		run_file "host/$(basename "$t")" bash "$t"
	done
	for t in ${SHRINKSCOPE_HOST_TESTS:-}; do
		run_file "$(basename "$t")" "$t"
	done
} | untap >>"$tap"

# The in-guest suite runs in five boots, so that one group's leftovers
# (cgroups, modules, files, tracers) never weigh on the next: 10-50 the
# lab and the events, 60-70 the test cache and vmpressure, 80 the bpf tools,
# 90 the cgroup v1 vmpressure eventfds (memory moves to a v1 hierarchy),
# 95 the events without the memory controller (its own kernel command
# line). Groups are file name prefixes.
# A post test NN checks the results of the boot that ran guest test NN.
groups=("1 2 3 4 5" "6 7" "8" "90" "95")
bootargs=("" "" "" "" "cgroup_disable=memory")
for g in "${!groups[@]}"; do
	guest=$out/guest$g
	boot="boot $((g + 1))"
	say "in-guest suite on the series kernel, $boot of ${#groups[@]}: tests ${groups[$g]// /,}"
	"$TOP/vm/qemu-run.sh" -k series -o "$guest" -t "${SHRINKSCOPE_GUEST_TIMEOUT:-1800}" \
		${bootargs[$g]:+-a "${bootargs[$g]}"} -- tests/guest/run.sh ${groups[$g]}
	if "$TOP/vm/check-console.sh" "$guest/console.log" 2>/dev/null; then
		pass "guest console of $boot: no panic, oops, WARN, lockdep or KASAN report"
	else
		fail "guest console of $boot: no panic, oops, WARN, lockdep or KASAN report (see $guest/console.log)"
	fi >>"$tap"
	# guest.tap once the run ends; what it ran so far otherwise
	res=$guest/guest.tap
	if [ -s "$res" ] && grep -q '^1\.\.' "$res"; then
		pass "in-guest suite $boot completed"
	else
		fail "in-guest suite $boot completed (see $guest/job.log)"
		res=$res.raw
	fi >>"$tap"
	untap <"$res" >>"$tap" 2>/dev/null
	# the files the host expects this boot to run, each to its end
	for p in ${groups[$g]}; do
		for t in "$TOP"/tests/guest/"$p"*.sh; do
			[ -f "$t" ] || continue
			grep -qxF "# done $(basename "$t")" "$res" 2>/dev/null ||
				fail "guest/$(basename "$t"): ran to its end in $boot"
		done
	done >>"$tap"
	for t in "$TOP"/tests/post/[0-9]*.sh; do
		n=$(basename "$t" | cut -c1)
		[ "$n" = 0 ] && n=1	# KUnit runs at every boot; read it from the first
		[[ " ${groups[$g]} " == *" $n "* ]] || continue
		run_file "post/$(basename "$t")" bash "$t" "$guest"
	done | untap >>"$tap"
done

if [ -z "${SHRINKSCOPE_SKIP_REGRESS:-}" ]; then
	say "regression reports (kernel variants compared by the analyser)"
	# its results, not its summary lines
	"$TOP/tests/regress/run.sh" "$out/regress" >/dev/null
	if [ -f "$out/regress/results.tap" ]; then
		untap <"$out/regress/results.tap"
	else
		fail "regression reports ran (tests/regress/run.sh)"
	fi >>"$tap"
else
	for t in "$TOP"/tests/regress/[0-9]*.sh; do
		skip "regress/$(basename "$t")" "SHRINKSCOPE_SKIP_REGRESS is set"
	done >>"$tap"
fi

cat "$tap"
# CI shows the end of the output: repeat each failure with its diagnostics.
if grep -q '^not ok ' "$tap"; then
	echo "# failures:"
	awk '/^not ok / {keep = 1; print; next} /^#   / && keep {print; next} {keep = 0}' "$tap" | head -200
fi
# The last line is exactly "N passed, N failed" (the project's rule).
tap_summary "$tap"
