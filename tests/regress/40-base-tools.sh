#!/bin/bash
# The bpf tools on the base kernel degrade honestly (tests/guest/base/tools.sh).
. "$(dirname "$0")/lib.sh"
"$TOP/vm/kernel-build.sh" base >/dev/null 2>&1
make -s -C "$TOP/bpf/tools" >/dev/null 2>&1
if ! "$TOP/vm/qemu-run.sh" -k base -o "$OUTDIR/base-tools" -- tests/guest/base/tools.sh >"$OUTDIR/base-tools.log" 2>&1; then
	echo "not ok - base kernel guest run for the bpf tools (see $OUTDIR/base-tools.log)"
fi
cat "$OUTDIR/base-tools/base-tools.tap" 2>/dev/null || echo "not ok - base tools results"
