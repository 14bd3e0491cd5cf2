# Helpers for in-guest tests (sourced). Each test file prints TAP result lines
# through pass/fail; tests/guest/run.sh numbers and collects them.
OUT=${OUT:-/out}

pass() { echo "ok - $*"; echo "shrinkscope: ok - $*" >/dev/console; }
fail() {
	local desc=$1
	shift
	echo "not ok - $desc"
	[ $# -gt 0 ] && printf '#   %s\n' "$@"
	echo "shrinkscope: not ok - $desc" >/dev/console
}
# check DESC CONDITION-COMMAND...: pass if the command succeeds.
check() {
	local desc=$1
	shift
	if "$@"; then pass "$desc"; else fail "$desc" "command failed: $*"; fi
}

# populate_files DIR N: N empty files (N dentries and inodes) in DIR.
populate_files() {
	local dir=$1 n=$2 i
	mkdir -p "$dir"
	for ((i = 0; i < n; i++)); do : >"$dir/f$i"; done
}

# wait_for_line FILE PATTERN SECONDS: until a line matches (bpftrace attach).
wait_for_line() {
	local f=$1 pat=$2 t=$(( $3 * 10 ))
	while ((t-- > 0)); do
		grep -q "$pat" "$f" 2>/dev/null && return 0
		sleep 0.1
	done
	return 1
}

# new_cgroup NAME: a fresh child of the root cgroup; prints its inode number,
# which is what the shrinker and list_lru events report as memcg.
new_cgroup() {
	local cg=/sys/fs/cgroup/$1
	[ -d "$cg" ] && rmdir "$cg"
	mkdir "$cg" && stat -c %i "$cg"
}
# in_cgroup NAME CMD...: run CMD inside cgroup NAME.
in_cgroup() { "$(dirname "${BASH_SOURCE[0]}")/in-cgroup" "$@"; }
# raw_report DAT: trace-cmd report with every field as name=value.
raw_report() { trace-cmd report -R -i "$1" 2>/dev/null; }

# show_stacks PID: where PID and its descendants, and every task in D state,
# sleep in the kernel, as TAP diagnostics.
show_stacks() {
	local pids=$1 p frontier=$1
	while [ -n "$frontier" ]; do
		frontier=$(for p in $frontier; do pgrep -P "$p"; done)
		pids="$pids $frontier"
	done
	pids="$pids $(ps -eo pid=,stat= | awk '$2 ~ /^D/ {print $1}')"
	for p in $(printf '%s\n' $pids | sort -un); do
		[ -r "/proc/$p/stack" ] || continue
		echo "#   $p $(cat "/proc/$p/comm" 2>/dev/null) $(awk '{print $3}' "/proc/$p/stat" 2>/dev/null):"
		sed 's/^/#     /' "/proc/$p/stack" 2>/dev/null
	done
}
# wait_or_show PID SECONDS: wait for PID and return its exit status; if it
# outlives SECONDS, fail a test that shows where it is stuck and return 124
# (it is left running).
wait_or_show() {
	local pid=$1 t=$(( $2 * 10 ))
	while kill -0 "$pid" 2>/dev/null; do
		if ((t-- <= 0)); then
			echo "not ok - $(cat "/proc/$pid/cmdline" 2>/dev/null | tr '\0' ' ' | cut -c1-60) (pid $pid) ends within $2 s"
			echo "shrinkscope: not ok - pid $pid stuck" >/dev/console
			show_stacks "$pid"
			return 124
		fi
		sleep 0.1
	done
	wait "$pid"
}
