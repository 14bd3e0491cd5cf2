#!/usr/bin/env bash
# bisect-check.sh: check that every patch of the series compiles on its own,
# in the series config and in two configs the series must not break:
#   series     the config make test boots; after each patch, the objects of
#              the C files it touches plus those of the mm files that
#              include the headers the series changes
#   noshrdbg   CONFIG_SHRINKER_DEBUG off (the Kconfig default): the
#              tracepoints must not lean on its helpers
#   nomemcg    CONFIG_MEMCG off: the #else paths of every memcg hook
#   notrace    CONFIG_TRACEPOINTS off (no ftrace, perf, BPF events or
#              kprobes): the trace_*() and trace_*_enabled() stubs
# In the last three, all of mm/ is compiled after each patch. Not a full link
# per patch: the full series is built and booted by make test.
# BISECT_SCOPE=touched (make test): in every config only what the series
# config compiles, the touched files and the mm/ files that include the
# changed headers; all of mm/ costs a minute per header change per config
# from an empty cache. Not with nomemcg, which lacks two of those objects.
# BOOT=1 (make bisect-check BOOT=1): instead, after each patch the whole
# kernel is built in each config and booted (vm/guest/bisect-smoke.sh: its
# KUnit cases, as many as the patches so far define, reclaim with every
# event it has on, a clean console). Long:
# a full build per patch and config; not part of make test.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
trees=$(KTREES)
tree=$trees/bisect
series=$trees/series
[ -f "$series/.config" ] || die "build the series kernel first (make kernel)"
kernel_ccache "$trees"
export GIT_COMMITTER_NAME=shrinkscope GIT_COMMITTER_EMAIL=shrinkscope@localhost
git -C "$trees/base" worktree remove --force "$tree" 2>/dev/null || true
git -C "$trees/base" worktree add -q --detach "$tree" pristine
cd "$tree"
kmake() { make -j"$(nproc)" CC="ccache gcc" HOSTCC="ccache gcc" "$@"; }
mapfile -t patches < <(variant_patches series)

# configure CONFIG: the series .config with CONFIG's changes
configure() {
	cp "$series/.config" .config
	case $1 in
	noshrdbg) scripts/config --disable SHRINKER_DEBUG ;;
	nomemcg) scripts/config --disable MEMCG ;;
	# lockdep's irq-flag tracing brings tracepoints in: off too
	notrace) scripts/config --disable FTRACE --disable PERF_EVENTS \
		--disable KPROBES --disable BPF_EVENTS --disable BPF_SYSCALL \
		--disable PROVE_LOCKING --disable DEBUG_LOCK_ALLOC \
		--disable PREEMPTIRQ_TRACEPOINTS ;;
	esac
	kmake olddefconfig prepare
	case $1 in
	noshrdbg) ! grep -q '^CONFIG_SHRINKER_DEBUG=y' .config ;;
	nomemcg) ! grep -q '^CONFIG_MEMCG=y' .config ;;
	notrace) ! grep -q '^CONFIG_TRACEPOINTS=y' .config ;;
	esac
}

# series_options: the options the series itself adds (its KUnit suites,
# vm/kernel-series.config) exist only from the patch that adds them, and
# olddefconfig dropped them at pristine: set them again after each patch,
# so that a step's boot runs the suites it has.
series_options() {
	local line
	while read -r line; do
		case "$line" in
		CONFIG_*=*) scripts/config --set-val "${line%%=*}" "${line#*=}" ;;
		esac
	done <"$TOP/vm/kernel-series.config"
	kmake olddefconfig >/dev/null
}

# boot_step CONFIG PATCH APPLIED...: boot the tree as built after PATCH; the
# console check of vm/qemu-run.sh fails it on any splat, and the built-in
# list_lru KUnit suite must have run every case the patches applied so far
# define (none before the patch that adds it).
boot_step() {
	local config=$1 p=$2 out want got
	shift 2
	out=$trees/bisect-boot/$config/$(basename "$p" .patch)
	say "bisect ($config): booting $(basename "$p")"
	"$TOP/vm/qemu-run.sh" -k bisect -o "$out" -- vm/guest/bisect-smoke.sh ||
		die "bisect ($config): the kernel after $(basename "$p") does not boot clean (see $out/job.log, $out/console.log)"
	sed 's/^/[shrinkscope]   /' "$out/job.log" >&2
	want=$(awk -v s=list_lru -f "$TOP/tests/lib/kunit-cases.awk" "$@")
	got=$(sed -n 's/^KUnit cases passed: //p' "$out/job.log")
	[ "$got" = "$want" ] ||
		die "bisect ($config): after $(basename "$p") ${got:-no} KUnit cases passed, the patches so far define $want (see $out/console.log)"
}

# BISECT_CONFIGS: a subset, to check one config alone
for config in ${BISECT_CONFIGS:-series noshrdbg nomemcg notrace}; do
	[ "$config" != nomemcg ] || [ "${BISECT_SCOPE:-}" != touched ] ||
		die "bisect: nomemcg compiles mm/ (BISECT_SCOPE=touched names memcontrol.o)"
	git reset -q --hard pristine
	run_step "bisect ($config): preparing the scratch tree" "$trees/bisect.log" configure $config
	applied=()
	for p in "${patches[@]}"; do
		git am -q --committer-date-is-author-date "$p"
		applied+=("$p")
		[ -z "${BOOT:-}" ] || series_options
		if [ $config = series ] || [ "${BISECT_SCOPE:-}" = touched ]; then
			objs=$(git diff --name-only HEAD~1 -- '*.c' | sed 's/\.c$/.o/')
			# what includes the changed trace and mm headers, in mm/
			git diff --name-only HEAD~1 -- '*.h' | grep -q . &&
				objs+=" mm/vmscan.o mm/list_lru.o mm/vmpressure.o mm/memcontrol.o"
		else
			objs=mm/
		fi
		[ -z "${BOOT:-}" ] || objs="bzImage"
		run_step "bisect ($config): $(basename "$p")" "$trees/bisect.log" kmake $objs
		[ -z "${BOOT:-}" ] || boot_step "$config" "$p" "${applied[@]}"
	done
done
cd "$trees"
git -C "$trees/base" worktree remove --force "$tree"
if [ -n "${BOOT:-}" ]; then
	say "every patch builds and boots on its own in: ${BISECT_CONFIGS:-series noshrdbg nomemcg notrace}"
else
	say "every patch compiles on its own in: ${BISECT_CONFIGS:-series noshrdbg nomemcg notrace}"
fi
