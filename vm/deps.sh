#!/usr/bin/env bash
# deps.sh: install every Debian package shrinkscope needs on the host, quietly
# doing nothing when all are present. A bare bookworm machine (CI) starts here.
set -euo pipefail
packages=(
	# the kernel and its build
	"linux-source-${KERNEL:-6.1}" git gcc make bc flex bison libelf-dev libssl-dev dwarves
	ccache xz-utils kmod cpio perl python3
	# the tests read JSON with jq (tests/lib/jq.sh)
	jq
	# the guest
	qemu-system-x86 debootstrap e2fsprogs debian-archive-keyring
	# tracing and BPF tools, analysis
	trace-cmd libtracecmd-dev libtraceevent-dev libtracefs-dev libbpf-dev bpftool clang llvm
	# the analyser's fuzzers: libFuzzer and the sanitizer runtimes
	libclang-rt-14-dev
	pkg-config zlib1g-dev libzstd-dev gnuplot-nox time
	# KernelShark and its plugin API (libkshark.pc needs json-c, its plot
	# header GL/GLU; the draw hook is C++); a headless X server, window
	# listing and grabbing for its test and screenshots (analysis/kernelshark/)
	kernelshark libkshark-dev libjson-c-dev libglu1-mesa-dev g++
	xvfb x11-utils imagemagick
)
# the kernels asked for: KERNEL, and any a variant names (BASE=6.1/base)
for v in "${VARIANT:-}" "${BASE:-}" "${CAND:-}"; do
	case "$v" in */*) packages+=("linux-source-${v%%/*}") ;; esac
done
missing=()
for p in "${packages[@]}"; do
	case "$p" in '#'*) continue ;; esac
	dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
. "$(dirname "$0")/lib.sh"
# Root (or sudo's password prompt) is settled here, in the foreground, before
# apt's output goes to the log.
as_root true
# sudo resets the environment: pass the frontend on apt-get's command line.
apt_install() {
	as_root apt-get update -q &&
		as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@"
}
run_step "installing ${#missing[@]} Debian package(s): ${missing[*]}" \
	"$SHRINKSCOPE_CACHE/deps.log" apt_install "${missing[@]}"
