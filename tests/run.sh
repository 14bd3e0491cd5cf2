#!/bin/bash
# tests/run.sh [OUTDIR]: everything `make test` runs once the kernel and the
# rootfs are built: host unit tests, the in-guest suite on the series kernel,
# host-side checks of what the guest brought back. One line per test, then
# "N passed, N failed"; exit status non-zero on any failure.
set -uo pipefail
. "$(dirname "$0")/../vm/lib.sh"
out=${1:-$TOP/build/test-run}
rm -rf "$out"
mkdir -p "$out"
tap=$out/results.tap
: >"$tap"
untap() { sed -E 's/^(ok|not ok) [0-9]+ /\1 /' | grep -E '^(ok|not ok) |^# skip |^#   '; }

say "host unit tests"
for t in "$TOP"/tests/host/[0-9]*.sh; do
	bash "$t" || echo "not ok - $(basename "$t") exited with status $?"
done | untap >>"$tap"
if [ -n "${SHRINKSCOPE_HOST_TESTS:-}" ]; then
	for t in $SHRINKSCOPE_HOST_TESTS; do
		"$t" || echo "not ok - $(basename "$t") exited with status $?"
	done | untap >>"$tap"
fi

# The in-guest suite runs in four boots, so that one group's leftovers
# (cgroups, modules, files, tracers) never weigh on the next: 10-50 the
# lab and the events, 60-70 the test cache and vmpressure, 80 the bpf tools,
# 90 the cgroup v1 vmpressure eventfds (memory moves to a v1 hierarchy).
# A post test NN checks the results of the boot that ran guest test NN.
groups=("1 2 3 4 5" "6 7" "8" "9")
for g in "${!groups[@]}"; do
	guest=$out/guest$g
	say "in-guest suite on the series kernel, boot $((g + 1)) of ${#groups[@]}: tests ${groups[$g]// /,}"
	"$TOP/vm/qemu-run.sh" -k series -o "$guest" -t "${SHRINKSCOPE_GUEST_TIMEOUT:-1800}" \
		-- tests/guest/run.sh ${groups[$g]}
	if "$TOP/vm/check-console.sh" "$guest/console.log" 2>/dev/null; then
		echo "ok - guest console of boot $((g + 1)): no panic, oops, WARN, lockdep or KASAN report" >>"$tap"
	else
		echo "not ok - guest console of boot $((g + 1)): no panic, oops, WARN, lockdep or KASAN report (see $guest/console.log)" >>"$tap"
	fi
	if [ -s "$guest/guest.tap" ] && grep -q '^1\.\.' "$guest/guest.tap"; then
		untap <"$guest/guest.tap" >>"$tap"
	else
		echo "not ok - in-guest suite boot $((g + 1)) completed (see $guest/job.log)" >>"$tap"
	fi
	for t in "$TOP"/tests/post/[0-9]*.sh; do
		n=$(basename "$t" | cut -c1)
		[ "$n" = 0 ] && n=1	# KUnit runs at every boot; read it from the first
		[[ " ${groups[$g]} " == *" $n "* ]] || continue
		bash "$t" "$guest" || echo "not ok - $(basename "$t") exited with status $?"
	done | untap >>"$tap"
done

if [ -z "${SHRINKSCOPE_SKIP_REGRESS:-}" ]; then
	say "regression reports (kernel variants compared by the analyser)"
	# its own summary line is not TAP and stays out
	"$TOP/tests/regress/run.sh" "$out/regress" | untap >>"$tap"
fi

cat "$tap"
# CI shows the end of the output: repeat each failure with its diagnostics.
if grep -q '^not ok ' "$tap"; then
	echo "# failures:"
	awk '/^not ok / {keep = 1; print; next} /^#   / && keep {print; next} {keep = 0}' "$tap" | head -200
fi
passed=$(grep -c '^ok ' "$tap")
failed=$(grep -c '^not ok ' "$tap")
skipped=$(grep -c '^# skip ' "$tap")
# The last line is exactly "N passed, N failed" (the project's rule).
echo "# $skipped skipped"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
