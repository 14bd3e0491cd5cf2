# Shared shell helpers for the shrinkscope glue scripts (sourced, not run).

# Expensive outputs (kernel trees, builds, rootfs images) live outside the
# checkout so that a fresh clone (CI) reuses them.
: "${SHRINKSCOPE_CACHE:=${XDG_CACHE_HOME:-$HOME/.cache}/shrinkscope}"
export SHRINKSCOPE_CACHE
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

say() { printf '[shrinkscope] %s\n' "$*" >&2; }
die() { printf '[shrinkscope] error: %s\n' "$*" >&2; exit 1; }

# as_root CMD...: run CMD (apt-get) as root, through sudo unless root already
# (a bare CI machine may be either); neither is a one-line error.
as_root() {
	if [ "$(id -u)" -eq 0 ]; then
		"$@"
	elif command -v sudo >/dev/null; then
		sudo "$@"
	else
		die "installing Debian packages needs root: run as root, or install sudo"
	fi
}

# run_step NAME LOG CMD...: run CMD with its output in LOG, print how long it
# took; on failure name the log and show its tail.
run_step() {
	local name=$1 log=$2 start rc
	shift 2
	mkdir -p "$(dirname "$log")"
	say "$name ... (log: $log)"
	start=$(date +%s)
	"$@" >"$log" 2>&1 &
	local pid=$!
	# A heartbeat so that long steps visibly make progress.
	local n=0
	while kill -0 "$pid" 2>/dev/null; do
		sleep 1
		n=$((n + 1))
		[ $((n % 60)) -eq 0 ] && kill -0 "$pid" 2>/dev/null &&
			say "  $name: ${n}s, $(wc -l <"$log") log lines"
	done
	rc=0
	wait "$pid" || rc=$?
	if [ "$rc" -ne 0 ]; then
		say "$name FAILED after $(( $(date +%s) - start ))s; last lines of $log:"
		tail -n 30 "$log" >&2
		return "$rc"
	fi
	say "$name done in $(( $(date +%s) - start ))s"
}

# hash_of FILE...: one short content hash over files (missing files count too).
# Names count relative to the checkout or the cache, so that a clone
# elsewhere (CI) computes the same hashes.
hash_of() {
	local f n
	for f in "$@"; do
		n=${f#"$TOP"/}
		printf '%s\n' "${n#"$SHRINKSCOPE_CACHE"/}"
		[ -e "$f" ] && cat "$f"
	done | sha256sum | cut -c1-16
}

# The kernels: Debian's linux-source-$KERNEL, 6.1 by default, 6.12 the
# second (bookworm's security archive). Each kernel's trees are keyed by its
# package version, so that a Debian update never mixes with an old build,
# and each has its patches: patches/ for 6.1, patches/6.12/ for 6.12.
KERNELS="6.1 6.12"
: "${KERNEL:=6.1}"
export KERNEL
check_kernel() {
	case " $KERNELS " in
	*" $KERNEL "*) ;;
	*) die "KERNEL=$KERNEL: the kernels are $KERNELS" ;;
	esac
}
kernel_version() {
	check_kernel
	dpkg-query -W -f '${Version}' "linux-source-$KERNEL" 2>/dev/null ||
		die "linux-source-$KERNEL is not installed (run: make deps KERNEL=$KERNEL)"
}
KTREES() { echo "$SHRINKSCOPE_CACHE/linux-$(kernel_version)"; }
PATCHES() {
	check_kernel
	if [ "$KERNEL" = 6.1 ]; then echo "$TOP/patches"; else echo "$TOP/patches/$KERNEL"; fi
}

# split_variant K/VARIANT or VARIANT: a variant may name its kernel
# ("6.12/series"), so that one command can use two kernels (make regress).
# Sets KERNEL (exported) from it, and $variant to the variant alone.
split_variant() {
	case "$1" in
	*/*) KERNEL=${1%%/*} variant=${1#*/} ;;
	*) variant=$1 ;;
	esac
	export KERNEL
	check_kernel
}
# vname: the variant as the lab names it outside its kernel's trees
# (build/modules/, /out/variant in the guest): "series" on 6.1,
# "6.12/series" on 6.12
vname() { if [ "$KERNEL" = 6.1 ]; then echo "$variant"; else echo "$KERNEL/$variant"; fi; }

# kernel_ccache TREES: the compiler cache and flags of every kernel build
# (all variants, both kernels, the bisect trees). With base_dir and
# hash_dir off, a tree that differs by one patch reuses the objects of
# another. Depend mode keys a miss by the .d file Kbuild already asks gcc
# for (-Wp,-MMD) instead of running the preprocessor a second time: a miss
# costs what an uncached compile does (mm/vmscan.o: 2.8 s, 3.2 s in direct
# mode), and entries stored in direct mode still hit.
kernel_ccache() {
	export CCACHE_DIR=$SHRINKSCOPE_CACHE/ccache CCACHE_BASEDIR=$1
	export CCACHE_NOHASHDIR=true CCACHE_MAXSIZE=20G CCACHE_COMPILERCHECK=content
	export CCACHE_DEPEND=true
	# No variable tracking (where each local lives, for a debugger): it is
	# 11-19% of an object's compile (mm/vmscan.o 3.91 -> 3.18 s), 5% of a
	# whole cold build (NOTES.md), and BTF needs none of it (pahole reads
	# types and prototypes); GCC emits the same code with or without it.
	export KCFLAGS=-fno-var-tracking
}

# ccache_config_key TREE: key TREE's compiles on its .config without the
# symbols of vm/kernel-series.config that no source file reads, instead
# of on include/generated/autoconf.h, which every object includes. The
# series' KUnit options are read by Kconfig and Makefiles only, and they
# were all that kept base from reusing series' objects: every lookup
# missed, so base cost a whole cold build. A symbol any other file of
# TREE names (C, header, assembly, linker script) stays in the key.
ccache_config_key() {
	local tree=$1 sym drop=()
	for sym in $(sed -n 's/^\(CONFIG_[A-Za-z0-9_]*\)=.*/\1/p' "$TOP/vm/kernel-series.config"); do
		git -C "$tree" grep -q -F -e "$sym" -- . ':!*Kconfig*' ':!*Makefile*' \
			':!*Kbuild*' ':!Documentation' || drop+=(-e "$sym")
	done
	if [ ${#drop[@]} -gt 0 ]; then
		grep -v -F "${drop[@]}" "$tree/.config"
	else
		cat "$tree/.config"
	fi >"$tree/.shrinkscope.ccache-key"
	# the depfile names it relative to the tree (Kbuild's -I./include),
	# an external module's build by its full path
	export CCACHE_IGNOREHEADERS="$tree/include/generated/autoconf.h:include/generated/autoconf.h:./include/generated/autoconf.h"
	export CCACHE_EXTRAFILES=$tree/.shrinkscope.ccache-key
}

# variant_patches VARIANT: the patch files of a kernel variant, in order.
#   base     the pristine Debian tree
#   series   patches/series
#   debug    the same patches, built with vm/kernel-debug.config on top
#   NAME     series + patches/experiments/NAME.patch (one commit), or
#            series + patches/experiments/NAME/*.patch in name order (an
#            experiment of several commits, as `make patches` exports it:
#            0001-*.patch, 0002-*.patch, ...)
# The list is what kernel-tree.sh hashes: a one-file experiment gives the same
# list (and cached build) as before folders existed.
variant_patches() {
	local v=$1 p dir exp
	dir=$(PATCHES)
	exp=$dir/experiments/$1
	[ "$v" = base ] && return 0
	[ -f "$dir/series" ] || die "no series for kernel $KERNEL ($dir/series)"
	while read -r p; do
		case "$p" in ''|'#'*) continue ;; esac
		echo "$dir/$p"
	done <"$dir/series"
	[ "$v" = series ] || [ "$v" = debug ] && return 0
	if [ -f "$exp.patch" ]; then
		compgen -G "$exp/*.patch" >/dev/null &&
			die "kernel variant '$v' is both $exp.patch and $exp/*.patch: keep one"
		echo "$exp.patch"
	elif compgen -G "$exp/*.patch" >/dev/null; then
		# The glob's order follows the locale; name order is C order.
		printf '%s\n' "$exp"/*.patch | LC_ALL=C sort
	else
		die "unknown kernel variant '$v' of $KERNEL (base, series, or one of ${dir#"$TOP"/}/experiments/*.patch, ${dir#"$TOP"/}/experiments/*/)"
	fi
}
