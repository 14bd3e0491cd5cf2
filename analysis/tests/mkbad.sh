#!/bin/bash
# analysis/tests/mkbad.sh OUTDIR: make the bad inputs the analyser must
# refuse, from the fixtures, into OUTDIR. Needs trace-cmd, od and dd.
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
# Damaged copies (each must fail with one line, never give a report):
#   zeroed.dat         series-pressure.dat (zstd, as recorded) with 4 KiB
#                      zeroed in the middle of CPU 1's data
#   random.dat         the same with 4 KiB of random bytes in CPU 0's data
#   cut-end.dat        series-pressure.dat without its last byte
#   zeroed-v6.dat      uncompressed (v6) series-pressure, 4 KiB zeroed
#                      across two pages in the middle of CPU 1's data
#   zeroed-page-v6.dat the same with one whole page of CPU 0 zeroed
#   random-v6.dat      the same with 4 KiB of random bytes in CPU 0's data
#   random-ksyms-v6.dat   v6 series-drop with random bytes in its kallsyms
#   printk-v6.dat      v6 series-drop whose last printk format has no ':'
#                      and no newline (libtraceevent 1.7.1 reads past it)
# and the uncompressed copies the test cuts short at many offsets:
#   pressure-v6.dat    series-pressure.dat as v6, no compression
set -euo pipefail
fx=$(cd "$(dirname "$0")/fixtures" && pwd)
out=$1
mkdir -p "$out"
cd "$out"

: >empty.dat
head -c 100000 "$fx/series-drop.dat" >truncated.dat
printf 'shrinkscope: not a trace\n' >text.dat
# offset FILE TEXT: the byte offset of TEXT in FILE, which holds it once
offset() {
	local at
	at=$(grep -obUaF -- "$2" "$1" | cut -d: -f1)
	[ "$(wc -w <<<"$at")" = 1 ] || { echo "mkbad.sh: '$2' not once in $1" >&2; exit 1; }
	echo "$at"
}
# put FILE OFFSET: stdin over FILE at OFFSET
put() { dd of="$1" bs=1 seek="$2" conv=notrunc status=none; }

# the stored uname, rewritten in place (both versions are 8 characters)
cp "$fx/series-drop.dat" other-kernel.dat
printf '6.12.12+' | put other-kernel.dat $(($(offset other-kernel.dat 'shrinkscope-guest 6.1.192+ x86_64') + 18))

trace-cmd split -i "$fx/series-pressure.dat" -o noshrink.dat 23.0 23.5 \
	>/dev/null 2>&1
mv noshrink.dat.1 noshrink.dat

trace-cmd convert -i "$fx/series-pressure.dat" --file-version 6 \
	--compression none -o pressure-v6.dat >/dev/null 2>&1
head -c $(($(stat -c %s pressure-v6.dat) / 2)) pressure-v6.dat >truncated-v6.dat

trace-cmd convert -i "$fx/series-drop.dat" --file-version 6 \
	--compression none -o drop-v6.dat >/dev/null 2>&1
# offset of CPU 1's data: "  OFFSET  SIZE  [offset, size of cpu 1]"
off=$(trace-cmd dump --flyrecord -i drop-v6.dat 2>/dev/null |
	awk '/size of cpu 1\]/ { print $1 }')

# per-CPU stats are stored as text in an uncompressed options section:
# the first "overrun: 0" line says 7
cp "$fx/series-drop.dat" lost-stats.dat
at=$(grep -obUa '^overrun: 0$' lost-stats.dat | head -n1 | cut -d: -f1)
printf '7' | put lost-stats.dat $((at + 9))

# page header: u64 timestamp, then the u64 commit; bit 31 of it is
# RB_MISSED_EVENTS (little endian: bit 7 of its fourth byte)
cp drop-v6.dat lost-page.dat
byte=$(od -An -tu1 -j $((off + 8 + 3)) -N1 lost-page.dat)
printf "\\$(printf %03o $((byte | 0x80)))" | put lost-page.dat $((off + 8 + 3))
rm -f drop-v6.dat

# cpu_data FILE CPU: "OFFSET SIZE" of that CPU's data (v6 or v7)
cpu_data() {
	trace-cmd dump --flyrecord -i "$1" 2>/dev/null | awk -v c="$2" '
		/size of cpu/ { sub(/\]/, ""); if ($NF == c) print $1, $2 }
		/data offset and size/ && $1 == c { print $2, $3 }'
}
zeros() { head -c 4096 /dev/zero; }
# random bytes, the same every run
rand4k() {
	LC_ALL=C awk -v seed="$1" 'BEGIN { srand(seed)
		for (i = 0; i < 4096; i++) printf "%c", int(rand() * 256) }'
}
half() { read -r off size < <(cpu_data "$1" "$2"); echo $((off + size / 2)); }

cp "$fx/series-pressure.dat" zeroed.dat
zeros | put zeroed.dat "$(half zeroed.dat 1)"
cp "$fx/series-pressure.dat" random.dat
rand4k 7 | put random.dat "$(half random.dat 0)"
head -c $(($(stat -c %s "$fx/series-pressure.dat") - 1)) \
	"$fx/series-pressure.dat" >cut-end.dat

cp pressure-v6.dat zeroed-v6.dat
zeros | put zeroed-v6.dat $(($(half zeroed-v6.dat 1) / 4096 * 4096 + 1000))
cp pressure-v6.dat zeroed-page-v6.dat
read -r off size < <(cpu_data pressure-v6.dat 0)
zeros | put zeroed-page-v6.dat $((off + 100 * 4096))
cp pressure-v6.dat random-v6.dat
rand4k 11 | put random-v6.dat "$(half random-v6.dat 0)"

trace-cmd convert -i "$fx/series-drop.dat" --file-version 6 \
	--compression none -o drop-v6.dat >/dev/null 2>&1
cp drop-v6.dat random-ksyms-v6.dat
stext=$(grep -obUa ' T _stext' drop-v6.dat | head -1 | cut -d: -f1)
rand4k 13 | put random-ksyms-v6.dat $((stext + 500000))
# the last printk format: its ' : ' becomes ' x ', its newline an 'x'
cp drop-v6.dat printk-v6.dat
last=$(grep -obUa ' : "mas_rebalance"' printk-v6.dat | cut -d: -f1)
printf ' x ' | put printk-v6.dat "$last"
printf 'x' | put printk-v6.dat $((last + 18))
rm -f drop-v6.dat

