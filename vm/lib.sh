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

# The kernel source is Debian's linux-source-6.1; its trees are keyed by the
# package version so that a Debian update never mixes with an old build.
kernel_version() {
	dpkg-query -W -f '${Version}' linux-source-6.1 2>/dev/null ||
		die "linux-source-6.1 is not installed (run: make deps)"
}
KTREES() { echo "$SHRINKSCOPE_CACHE/linux-$(kernel_version)"; }

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
	local v=$1 p exp=$TOP/patches/experiments/$1
	[ "$v" = base ] && return 0
	while read -r p; do
		case "$p" in ''|'#'*) continue ;; esac
		echo "$TOP/patches/$p"
	done <"$TOP/patches/series"
	[ "$v" = series ] || [ "$v" = debug ] && return 0
	if [ -f "$exp.patch" ]; then
		compgen -G "$exp/*.patch" >/dev/null &&
			die "kernel variant '$v' is both $exp.patch and $exp/*.patch: keep one"
		echo "$exp.patch"
	elif compgen -G "$exp/*.patch" >/dev/null; then
		# The glob's order follows the locale; name order is C order.
		printf '%s\n' "$exp"/*.patch | LC_ALL=C sort
	else
		die "unknown kernel variant '$v' (base, series, or one of patches/experiments/*.patch, patches/experiments/*/)"
	fi
}
