#!/bin/bash
# tests/run.sh [OUTDIR]: everything `make test` runs once the kernel and the
# rootfs are built: host unit tests, the in-guest suite on the debug kernel,
# host-side checks of what the guest brought back, the regression reports.
# Every test file declares its plan and is failed if it runs fewer or more
# (tests/lib/tap.sh); a guest boot whose files did not all run fails each
# missing file. One line per test, the skipped tests with their reasons,
# then "N passed, N failed"; exit status non-zero on any failure.
#   SHRINKSCOPE_SKIP_REGRESS=1   skip the regression reports (one skip line
#                                per test file)
#   SHRINKSCOPE_SKIP_HOST=1      skip the host unit tests (one skip line
#                                per test file): the guest boots alone
#   SHRINKSCOPE_SUITE_VARIANT=v  boot kernel v for the in-guest suite
#                                (default debug)
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

# minutes:seconds since the tests began, for the progress lines
elapsed() { printf '%d:%02d into the tests' $((SECONDS / 60)) $((SECONDS % 60)); }
# The in-guest suite runs in seven boots, so that one group's leftovers
# (cgroups, modules, files, tracers) never weigh on the next: 10-50 the
# lab and the events, 60-70 the test cache and vmpressure, 80 the bpf
# scripts and tools, 85 ONELINERS.md, 90 the cgroup v1 vmpressure eventfds
# (memory moves to a v1 hierarchy), 95 the events without the memory
# controller (its own kernel command line). Groups are file name prefixes.
# A post test NN checks the results of the boot whose group NN starts with.
# 99 is the soak's short form (tests/guest/99-soak.sh, SOAK_S seconds).
# Every boot but 85's is of the debug kernel (KASAN, kmemleak, DEBUG_LIST,
# DEBUG_OBJECTS, DEBUG_VM, UBSAN, SLUB debugging, lockdep): its checkers
# are the bar for the series. The one-liners boot the series kernel, as
# their users do: on debug, bpftrace's start-up alone took 9 of the bpf
# boot's 15 minutes, and 80's scripts put BPF on the same events there.
# On 6.1 an eighth boots 6.12's series for groups 1-5 (below). The
# regression reports boot production configs (series, base, experiments).
groups=("1 2 3 4 5" "6 7" "80" "85" "90" "95" "99")
bootargs=("" "" "" "" "" "cgroup_disable=memory" "")
suite=${SHRINKSCOPE_SUITE_VARIANT:-debug}
[ "$KERNEL" = 6.1 ] || [[ "$suite" == */* ]] || suite=$KERNEL/$suite
production=${SHRINKSCOPE_SUITE_VARIANT:-series}
[ "$KERNEL" = 6.1 ] || [[ "$production" == */* ]] || production=$KERNEL/$production
kernels=("$suite" "$suite" "$suite" "$production" "$suite" "$suite" "$suite")
# The second kernel (issue 17). Its whole suite is make test KERNEL=6.12
# (the boots above on 6.12's debug kernel); make test on 6.1 boots 6.12's
# series once more for what a port breaks first: the lab, the events and
# their catalogue, robustness and the KUnit suites (groups 1-5, 2.4 min).
# It is built beside the 6.1 suite (vm/prebuild.sh), also from an empty
# cache: such a run measured 40.8 minutes on CI's machine, 80.1 on a
# slower one (NOTES.md, "Cold on a faster machine").
second=
if [ "$KERNEL" = 6.1 ] && [ -z "${SHRINKSCOPE_SUITE_VARIANT:-}" ]; then
	second=6.12/series
	groups+=("1 2 3 4 5") bootargs+=("") kernels+=("$second")
fi
# decided here only: vm/prebuild.sh builds what this names
export SHRINKSCOPE_SECOND_KERNEL=$second

# host_file T: one host test file's lines into $out/host/, for file order.
host_file() {
	if [ -n "${SHRINKSCOPE_SKIP_HOST:-}" ]; then
		skip "host/$(basename "$1")" "SHRINKSCOPE_SKIP_HOST is set"
	else
		run_file "host/$(basename "$1")" bash "$1"
	fi | untap >"$out/host/$(basename "$1").tap"
}
# host_stream bisect|rest: host/25's patch-by-patch compiles (about one
# core, the longest host file: 211 s at 1.1 cores warm, NOTES.md), or
# every other host file in turn; the two run side by side.
host_stream() {
	local t
	for t in "$TOP"/tests/host/[0-9]*.sh; do
		case $t in
		*/25-bisect.sh) [ "$1" = bisect ] && host_file "$t" ;;
		*) [ "$1" = rest ] && host_file "$t" ;;
		esac
	done
	if [ "$1" = rest ]; then
		for t in ${SHRINKSCOPE_HOST_TESTS:-}; do
			run_file "$(basename "$t")" "$t" | untap >"$out/host/more-$(basename "$t").tap"
		done
	fi
}
mkdir -p "$out/host"

# limits V: a boot's and a file's time limit on variant V. Under TCG the
# debug kernel runs the suite about five times slower than series
# (80-bpf: 10+ minutes): its limits are wider, still short of a hang's.
limits() {
	boot_limit=1800 file_limit=600
	case "$1" in debug | */debug) boot_limit=3600 file_limit=1800 ;; esac
}

# suite_boot G: boot G of the suite, then the host's checks of what it
# brought back; its results in $out/boot$G.tap, its progress prefixed.
suite_boot() {
	local g=$1 guest=$out/guest$1 boot="boot $(($1 + 1))" res t p n
	local btap=$out/boot$1.tap kernel=${kernels[$1]} boot_limit file_limit
	: >"$btap"
	limits "$kernel"
	# Another kernel than the suite's (series for the one-liners, 6.12's
	# series): make test or vm/prebuild.sh has built it or is building it
	# (a lock per variant makes this wait); warm, this returns at once.
	# At prebuild's nice 19: a build at full priority beside two boots
	# took half the machine and made the bpf boot 2.3 times slower
	# (NOTES.md).
	if [ "$kernel" != "$suite" ] && ! { nice -n 19 "$TOP/vm/kernel-build.sh" "$kernel" &&
		nice -n 19 "$TOP/vm/module-build.sh" "$kernel"; } >"$out/build$1.log" 2>&1; then
		fail "$boot: kernel $kernel built (see $out/build$1.log)" >>"$btap"
		return
	fi
	say "in-guest suite on the $kernel kernel, $boot of ${#groups[@]}: tests ${groups[$g]// /,}"
	"$TOP/vm/qemu-run.sh" -k "$kernel" -o "$guest" -t "${SHRINKSCOPE_GUEST_TIMEOUT:-$boot_limit}" \
		${bootargs[$g]:+-a "${bootargs[$g]}"} -- env GUEST_FILE_TIMEOUT=$file_limit tests/guest/run.sh ${groups[$g]} \
		2> >(sed -u "s/^/[$boot] /" >&2)
	if "$TOP/vm/check-console.sh" "$guest/console.log" 2>/dev/null; then
		pass "guest console of $boot: no panic, oops, WARN, lockdep, KASAN, UBSAN or SLUB report"
	else
		fail "guest console of $boot: no panic, oops, WARN, lockdep, KASAN, UBSAN or SLUB report (see $guest/console.log)"
	fi >>"$btap"
	# vm/guest/init scans for leaks once the job is done (debug kernel)
	if [ -f "$guest/kmemleak" ]; then
		if [ "$(cat "$guest/kmemleak")" = 0 ]; then
			pass "kmemleak after $boot: 0 unreferenced objects"
		else
			fail "kmemleak after $boot: 0 unreferenced objects" \
				"$(grep -A12 -m3 '^unreferenced object' "$guest/console.log")"
		fi
	elif [[ "$kernel" == *debug ]]; then
		fail "kmemleak after $boot: the debug kernel's scan ran (no $guest/kmemleak)"
	fi >>"$btap"
	# guest.tap once the run ends; what it ran so far otherwise
	res=$guest/guest.tap
	if [ -s "$res" ] && grep -q '^1\.\.' "$res"; then
		pass "in-guest suite $boot completed"
	else
		fail "in-guest suite $boot completed (see $guest/job.log)"
		res=$res.raw
	fi >>"$btap"
	untap <"$res" >>"$btap" 2>/dev/null
	# the files the host expects this boot to run, each to its end
	for p in ${groups[$g]}; do
		for t in "$TOP"/tests/guest/"$p"*.sh; do
			[ -f "$t" ] || continue
			grep -qxF "# done $(basename "$t")" "$res" 2>/dev/null ||
				fail "guest/$(basename "$t"): ran to its end in $boot"
		done
	done >>"$btap"
	for t in "$TOP"/tests/post/[0-9]*.sh; do
		n=$(basename "$t" | cut -c1-2)
		[ "$n" = 05 ] && n=10	# KUnit runs at every boot; read it from the first
		for p in ${groups[$g]} none; do [[ "$n" == "$p"* ]] && break; done
		[ "$p" != none ] || continue
		run_file "post/$(basename "$t")" bash "$t" "$guest"
	done | untap >>"$btap"
	say "$boot done ($(elapsed))"
}

# A TCG guest keeps about one host core busy (its shell work is serial),
# so on 2 cores two boots side by side take 1.3 times one boot's time,
# not twice (measured in NOTES.md): the boots run in two lanes, the
# results in group order. Each lane starts when one of the host streams
# ends, so that no core waits for host/25 (the other stream ends 2-3
# minutes before it, warm), and takes the next boot of one queue when it
# is free, the longest first: fixed lanes balanced by measured times left
# one idle for 144 s when a boot ran slower than its figure (NOTES.md, "Warm
# make test"). The order, from the boots' times beside each other: groups
# 1-5 390-530 s, 80 470-490, 6-7 290-300, the soak 280, 85 130 (series),
# 6.12's core boot 125 (late: where only it is not cached, it is built
# beside the boots), 90 90, 95 75.
# SHRINKSCOPE_LANES=1: one lane, after both host streams.
queue=(0 2 1 6 3 7 4 5)
[ ${#groups[@]} -gt 7 ] || queue=(0 2 1 6 3 4 5)
echo 0 >"$out/queue.next"
# next_boot: the index of the next boot in the queue; fails when none is left
next_boot() {
	local i
	i=$(flock "$out/queue.next" sh -c 'read -r i <"$1"; echo $((i + 1)) >"$1"; echo "$i"' sh "$out/queue.next")
	[ "$i" -lt ${#queue[@]} ] && echo "${queue[$i]}"
}
# The regression reports boot base and full-batch, the eighth boot 6.12's
# series: vm/prebuild.sh builds them at nice 19 beside the boots, taking
# what the guests leave (two boots together take 1.3 times one, not
# twice). It starts with the first boot (beside the host tests' compiles
# a build at nice 19 still slows them: NOTES.md). The reports start when
# the first lane finds the queue empty. A boot or a report that
# needs one waits for it (kernel-build.sh builds a variant once at a
# time); warm, all are cached and it returns at once. The
# regression-report tests are 6.1's (its experiments, its figures);
# 6.12's reports are make regress with 6.12 variants (NOTES.md).
no_regress=${SHRINKSCOPE_SKIP_REGRESS:+SHRINKSCOPE_SKIP_REGRESS is set}
[ "$KERNEL" = 6.1 ] || no_regress="the regression-report tests are 6.1's (make test)"
booting=$out/boots-started
( until [ -e "$booting" ]; do sleep 2; done; exec "$TOP/vm/prebuild.sh" ) >"$out/prebuild.log" 2>&1 &
prebuild=$!
# lane STREAM: host stream STREAM, then boots from the queue; the first
# lane out of boots starts the regression reports, beside the other
# lane's last boot rather than after it
lane() {
	local g
	host_stream "$1"
	say "host stream $1 done ($(elapsed))"
	: >"$booting"
	while g=$(next_boot); do suite_boot "$g"; done
	[ -z "$no_regress" ] && mkdir "$out/regress-started" 2>/dev/null || return 0
	say "regression reports (kernel variants compared by the analyser; $(elapsed))"
	# its results, not its summary lines
	"$TOP/tests/regress/run.sh" "$out/regress" >/dev/null
	say "regression reports done ($(elapsed))"
}
say "host unit tests, then the in-guest suite on the $suite kernel"
pids=()
if [ "${SHRINKSCOPE_LANES:-2}" = 1 ]; then
	{ host_stream bisect; lane rest; } &
	pids+=($!)
else
	lane rest &
	pids+=($!)
	lane bisect &
	pids+=($!)
fi
wait "${pids[@]}"
: >"$booting"
for t in "$TOP"/tests/host/[0-9]*.sh; do
	cat "$out/host/$(basename "$t").tap" 2>/dev/null ||
		fail "host/$(basename "$t") left results"
done >>"$tap"
for t in ${SHRINKSCOPE_HOST_TESTS:-}; do
	cat "$out/host/more-$(basename "$t").tap" 2>/dev/null ||
		fail "$(basename "$t") left results"
done >>"$tap"
for g in "${!groups[@]}"; do
	cat "$out/boot$g.tap" 2>/dev/null ||
		fail "boot $((g + 1)) of the in-guest suite left results"
done >>"$tap"
if [ -z "$no_regress" ]; then
	if [ -f "$out/regress/results.tap" ]; then
		untap <"$out/regress/results.tap"
	else
		fail "regression reports ran (tests/regress/run.sh)"
	fi >>"$tap"
else
	for t in "$TOP"/tests/regress/[0-9]*.sh; do
		skip "regress/$(basename "$t")" "$no_regress"
	done >>"$tap"
fi

# a kernel the prebuild could not build, the boot or report that needed
# it tried again and failed by name; this says where the first log is
wait "$prebuild" ||
	say "building kernels beside the suite failed ($out/prebuild.log)"

cat "$tap"
# CI shows the end of the output: repeat each failure with its diagnostics.
if grep -q '^not ok ' "$tap"; then
	echo "# failures:"
	awk '/^not ok / {keep = 1; print; next} /^#   / && keep {print; next} {keep = 0}' "$tap" | head -200
fi
# The last line is exactly "N passed, N failed" (the project's rule).
tap_summary "$tap"
