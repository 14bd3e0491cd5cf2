#!/bin/bash
# The bpf tools on the base kernel degrade honestly (tests/guest/base/tools.sh).
. "$(dirname "$0")/lib.sh"
make -s -C "$TOP/bpf/tools" >/dev/null 2>&1
if ! on_base base-tools tests/guest/base/tools.sh; then
	echo "not ok - base kernel guest run for the bpf tools (see $OUTDIR/base-tools.log)"
fi
cat "$OUTDIR/base-tools/base-tools.tap" 2>/dev/null || echo "not ok - base tools results"
