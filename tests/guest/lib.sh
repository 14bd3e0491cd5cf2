# Helpers for in-guest tests (sourced). Each test file declares its plan
# (plan N) before its first result and prints its results through pass,
# fail, skip (tests/lib/tap.sh); tests/guest/run.sh checks each file's
# count against its plan, numbers the results and collects them.
. "$(dirname "${BASH_SOURCE[0]}")/../../vm/guest/lib.sh"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/tap.sh"
TAP_CONSOLE=/dev/console

# bt_ready PID OUT SECONDS: bpftrace (PID, or its child if PID is a wrapper
# such as timeout, writing to OUT) has attached its probes and sleeps in
# its poll loop; under TCG that is seconds after it prints "Attaching".
bt_ready() {
	local pid=$1 t=$(( $3 * 10 ))
	wait_for_line "$2" '^Attaching' "$3" "$pid" || return 1
	[ "$(cat "/proc/$pid/comm" 2>/dev/null)" = bpftrace ] ||
		pid=$(pgrep -n -P "$pid" bpftrace) || return 1
	while ((t-- > 0)); do
		[ -d "/proc/$pid" ] || return 1
		[ "$(cat "/proc/$pid/wchan" 2>/dev/null)" = do_epoll_wait ] && return 0
		sleep 0.1
	done
	return 1
}

# run_bt OUT CMD...: start bpftrace, wait until it is tracing, run the
# workload $BT_WORKLOAD, stop it with SIGINT so that it prints its maps.
run_bt() {
	local out=$1
	shift
	"$@" >"$out" 2>&1 &
	local pid=$!
	if ! bt_ready "$pid" "$out" 120; then
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		return 1
	fi
	# A stuck workload or tracer fails this step with its kernel stacks,
	# instead of eating the whole file's time limit.
	"${BT_WORKLOAD:?run_bt needs BT_WORKLOAD}" &
	local w=$!
	wait_or_show "$w" 240
	[ $? -ne 124 ] || { kill -9 "$w" "$pid" 2>/dev/null; return 1; }
	sleep 0.5
	stop_tracer "$pid" || { kill -9 "$pid" 2>/dev/null; return 1; }
}

# raw_report DAT: trace-cmd report with every field as name=value.
raw_report() { trace-cmd report -R -i "$1" 2>/dev/null; }

# guest_kernel: the kernel this guest booted, as the lab names it (6.1,
# 6.12): a 6.12 variant is "6.12/NAME" in /out/variant.
guest_kernel() {
	case "$(cat /out/variant 2>/dev/null)" in */*) cut -d/ -f1 /out/variant ;; *) echo 6.1 ;; esac
}

# catalogue: tracepoints/fields.tsv without its comments and without the
# rows of fields another kernel has (column 7: the kernels a field exists
# on, empty for all)
catalogue() {
	awk -F'\t' -v k="$(guest_kernel)" '!/^#/ && ($7 == "" || index(" " $7 " ", " " k " "))' \
		/host/tracepoints/fields.tsv
}

# kunit_cases SUITE: how many cases the KUnit suite SUITE has, from its
# source in the booted kernel's patches (patches/, patches/6.12/ for a
# 6.12 variant), the plan of a file that reports them.
kunit_cases() {
	local top dir k
	top=$(dirname "${BASH_SOURCE[0]}")/../..
	dir=$top/patches
	k=$(guest_kernel)
	[ "$k" = 6.1 ] || dir+=/$k
	awk -v s="$1" -f "$top/tests/lib/kunit-cases.awk" "$dir"/*.patch
}
