#!/usr/bin/env bash
# prebuild.sh: the kernels make test needs only late, built at nice 19
# beside the boots (tests/run.sh runs it in the background and waits for
# its status at the end). On 6.1, two chains side by side: the second
# kernel tests/run.sh boots (SHRINKSCOPE_SECOND_KERNEL: 6.12/series;
# tests/run.sh decides); series
# (make test's own build first), then full-batch and base for the
# regression reports (SHRINKSCOPE_SKIP_REGRESS=1: not these). A
# variant's build lock makes a step that needs one of these wait for it;
# warm, every build returns at once. Started with make test's first
# build instead, it slowed series' build by 15% and debug's by 25% while
# taking a tenth of the machine (NOTES.md, "Cold make test with 6.12"):
# these two cores lose more to work run beside than the idle moments give.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
# chains: one line per chain of variants, built in order; chains side by
# side, so that the reports' kernels are not queued behind 6.12's
chains() {
	[ "$KERNEL" = 6.1 ] || return 0
	[ -z "${SHRINKSCOPE_SECOND_KERNEL:-}" ] || echo "$SHRINKSCOPE_SECOND_KERNEL"
	# full-batch and base start from a copy of series' tree
	# (kernel-seed.sh): after it
	[ -n "${SHRINKSCOPE_SKIP_REGRESS:-}" ] || echo series full-batch base
}

build_chain() {
	local v
	for v in "$@"; do
		nice -n 19 "$TOP/vm/kernel-build.sh" "$v" &&
			nice -n 19 "$TOP/vm/module-build.sh" "$v" || return 1
	done
}

# not the outer make's jobserver, whose descriptors are not ours
unset MAKEFLAGS MFLAGS MAKELEVEL
pids=() rc=0
while read -r chain; do
	say "building $chain at nice 19"
	# shellcheck disable=SC2086 # a chain is a list of variants
	build_chain $chain &
	pids+=($!)
done < <(chains)
for p in "${pids[@]}"; do wait "$p" || rc=1; done
exit $rc
