#!/usr/bin/env bash
# test-build.sh: what make test builds before tests/run.sh starts: the
# series and debug kernels with their test modules, the tools the guest
# runs, the guest rootfs and the TCG plugins. Warm, each step returns at
# once.
#
# The rootfs (debootstrap) and the plugins (QEMU's source package, for its
# plugin header) are downloads and one process each: they run beside the
# kernels at nice 19, from the start, when the tarball's import into a git
# tree keeps one core busy at most, and later in the moments the builds'
# links leave a core idle (1.87 of the 2 cores were busy before the tests
# of a cold run, NOTES.md). Run after the kernels, the two took about 1.5
# minutes of a cold make test.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# not the outer make's jobserver, whose descriptors are not ours
unset MAKEFLAGS MFLAGS MAKELEVEL
# its own process group (setsid), so that a failed kernel build stops it too
setsid nice -n 19 bash -c '"$1/vm/rootfs.sh" >/dev/null && make -s -C "$1/vm/plugin"' \
	_ "$TOP" &
side=$!
trap 'kill -- "-$side" 2>/dev/null || true' EXIT

"$TOP/vm/kernel-build.sh" series
"$TOP/vm/module-build.sh" series
"$TOP/vm/kernel-build.sh" debug
"$TOP/vm/module-build.sh" debug
make -s -C "$TOP/bpf/tools"
make -s -C "$TOP/tests/guest/helpers"

wait "$side" || die "the guest rootfs or the TCG plugins did not build (above)"
