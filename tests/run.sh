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

say "in-guest suite on the series kernel"
guest=$out/guest
"$TOP/vm/qemu-run.sh" -k series -o "$guest" -t "${SHRINKSCOPE_GUEST_TIMEOUT:-1800}" \
	-- tests/guest/run.sh
if "$TOP/vm/check-console.sh" "$guest/console.log" 2>/dev/null; then
	echo "ok - guest console: no panic, oops, WARN, lockdep or KASAN report" >>"$tap"
else
	echo "not ok - guest console: no panic, oops, WARN, lockdep or KASAN report (see $guest/console.log)" >>"$tap"
fi
if [ -s "$guest/guest.tap" ] && grep -q '^1\.\.' "$guest/guest.tap"; then
	untap <"$guest/guest.tap" >>"$tap"
else
	echo "not ok - in-guest suite completed (see $guest/job.log)" >>"$tap"
fi

say "host-side checks of the guest's results"
for t in "$TOP"/tests/post/[0-9]*.sh; do
	bash "$t" "$guest" || echo "not ok - $(basename "$t") exited with status $?"
done | untap >>"$tap"

if [ -z "${SHRINKSCOPE_SKIP_REGRESS:-}" ]; then
	say "regression reports (kernel variants compared by the analyser)"
	for t in "$TOP"/tests/regress/[0-9]*.sh; do
		bash "$t" "$out/regress" || echo "not ok - $(basename "$t") exited with status $?"
	done | untap >>"$tap"
fi

cat "$tap"
passed=$(grep -c '^ok ' "$tap")
failed=$(grep -c '^not ok ' "$tap")
skipped=$(grep -c '^# skip ' "$tap")
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
