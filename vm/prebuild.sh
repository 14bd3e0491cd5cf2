#!/usr/bin/env bash
# prebuild.sh start|wait: the kernels make test needs only late, built at
# nice 19 beside what it needs first.
#   start  unless one is running, build in the background (log and exit
#          status under build/prebuild/), on 6.1, two chains side by side:
#          6.12's series for its core boot (where it was built once: kept
#          current); series (make test's own build first), then
#          full-batch and base for the regression reports
#          (SHRINKSCOPE_SKIP_REGRESS=1: not these)
#   wait   wait for the running or last prebuild; its exit status
# tests/run.sh starts it with the boots. A variant's build lock makes a
# step that needs one of these wait for it; warm, every build returns at
# once. Started with make test's first build instead, it slowed series'
# build by 15% and debug's by 25% while taking a tenth of the machine
# (NOTES.md, "Cold make test with 6.12"): these two cores lose more to
# work run beside than the idle moments give.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
dir=$TOP/build/prebuild

running() { [ -f "$dir/pid" ] && kill -0 "$(cat "$dir/pid")" 2>/dev/null; }

# chains: one line per chain of variants, built in order; chains side by
# side, so that the reports' kernels are not queued behind 6.12's
chains() {
	[ "$KERNEL" = 6.1 ] || return 0
	# tests/run.sh boots it where it was built once, unless told which
	# kernel the suite runs on
	[ -n "${SHRINKSCOPE_SUITE_VARIANT:-}" ] || ! second_kernel_built ||
		echo 6.12/series
	# full-batch and base reuse series' objects (ccache): after it
	[ -n "${SHRINKSCOPE_SKIP_REGRESS:-}" ] || echo series full-batch base
}

build_chain() {
	local v
	for v in "$@"; do
		nice -n 19 "$TOP/vm/kernel-build.sh" "$v" &&
			nice -n 19 "$TOP/vm/module-build.sh" "$v" || return 1
	done
}

build_all() {
	local chain pids=() p rc=0
	# not the outer make's jobserver, whose descriptors are not ours
	unset MAKEFLAGS MFLAGS MAKELEVEL
	while read -r chain; do
		[ -n "$chain" ] || continue
		# shellcheck disable=SC2086 # a chain is a list of variants
		build_chain $chain &
		pids+=($!)
	done < <(chains)
	for p in "${pids[@]}"; do wait "$p" || rc=1; done
	return $rc
}

case "${1:-}" in
start)
	running && exit 0
	mkdir -p "$dir"
	rm -f "$dir/rc"
	# its own output only: make's pipe must not wait for it
	( rc=0; build_all || rc=$?; echo "$rc" >"$dir/rc" ) </dev/null >"$dir/log" 2>&1 &
	echo $! >"$dir/pid"
	[ -z "$(chains)" ] || say "building $(chains | tr '\n' ' ')at nice 19 beside the rest (log: $dir/log)"
	;;
wait)
	while running; do sleep 2; done
	[ -f "$dir/rc" ] || die "no prebuild has run ($dir)"
	exit "$(cat "$dir/rc")"
	;;
*)
	die "usage: prebuild.sh start|wait"
	;;
esac
