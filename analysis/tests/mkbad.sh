#!/bin/bash
# analysis/tests/mkbad.sh OUTDIR: make the bad inputs the analyser must
# refuse, from the fixtures, into OUTDIR. Needs trace-cmd and python3.
#   empty.dat        zero bytes
#   truncated.dat    head -c 100000 series-drop.dat
#   truncated-v6.dat an uncompressed (v6) copy of series-pressure cut in its
#                    event data (libtracecmd's tracecmd_open() crashes on it)
#   text.dat         not a trace
#   noshrink.dat     start/end formats but no shrink events (trace-cmd split)
#   lost-stats.dat   series-drop.dat whose stored per-CPU stats say
#                    "overrun: 7"
#   lost-page.dat    v6 copy of series-drop.dat with the ring buffer's
#                    "missed events" flag set on one data page
#   other-kernel.dat series-drop.dat whose stored uname says 6.12.12+
set -euo pipefail
fx=$(cd "$(dirname "$0")/fixtures" && pwd)
out=$1
mkdir -p "$out"
cd "$out"

: >empty.dat
head -c 100000 "$fx/series-drop.dat" >truncated.dat
printf 'shrinkscope: not a trace\n' >text.dat
python3 - "$fx/series-drop.dat" other-kernel.dat <<'PY'
import sys
d = open(sys.argv[1], "rb").read()
old = b"shrinkscope-guest 6.1.192+ x86_64"
assert d.count(old) == 1
open(sys.argv[2], "wb").write(d.replace(old, b"shrinkscope-guest 6.12.12+ x86_64"))
PY

trace-cmd split -i "$fx/series-pressure.dat" -o noshrink.dat 23.0 23.5 \
	>/dev/null 2>&1
mv noshrink.dat.1 noshrink.dat

trace-cmd convert -i "$fx/series-pressure.dat" --file-version 6 \
	--compression none -o pressure-v6.dat >/dev/null 2>&1
head -c $(($(stat -c %s pressure-v6.dat) / 2)) pressure-v6.dat >truncated-v6.dat
rm -f pressure-v6.dat

trace-cmd convert -i "$fx/series-drop.dat" --file-version 6 \
	--compression none -o drop-v6.dat >/dev/null 2>&1
# offset of CPU 1's data: "  OFFSET  SIZE  [offset, size of cpu 1]"
off=$(trace-cmd dump --flyrecord -i drop-v6.dat 2>/dev/null |
	awk '/size of cpu 1\]/ { print $1 }')

python3 - "$fx/series-drop.dat" "$off" <<'PY'
import struct, sys
src, off = sys.argv[1], int(sys.argv[2])

# per-CPU stats are stored as text in an uncompressed options section
d = bytearray(open(src, 'rb').read())
i = d.find(b'\noverrun: 0\n')
assert i > 0, 'no cpustats in fixture'
d[i + 10:i + 11] = b'7'
open('lost-stats.dat', 'wb').write(d)

# page header: u64 timestamp, then commit; bit 31 = RB_MISSED_EVENTS
d = bytearray(open('drop-v6.dat', 'rb').read())
commit, = struct.unpack_from('<q', d, off + 8)
struct.pack_into('<q', d, off + 8, commit | (1 << 31))
open('lost-page.dat', 'wb').write(d)
PY
rm -f drop-v6.dat
