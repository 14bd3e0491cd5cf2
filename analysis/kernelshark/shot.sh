#!/bin/bash
# analysis/kernelshark/shot.sh TRACE.dat T0 T1 OUT.png [PID...]: KernelShark
# with the shrinkscope plugin on TRACE, zoomed to [T0, T1] (seconds, as its
# axis shows them), the CPU graphs and those of tasks PID..., under Xvfb;
# the window saved as a small PNG (CROP=WxH+X+Y: only that part of it).
# README.md's picture is made this way.
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: shot.sh TRACE.dat T0 T1 OUT.png [PID...]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
trace=$(realpath "$1")
out=$(realpath "$4")
make -s -C "$here"
"$here/ssks-calls" -c "$trace"
tmp=$(mktemp -d)
groups=()
cleanup() {
	local g
	for g in "${groups[@]}"; do
		kill -- "-$g" 2>/dev/null || true
	done
	rm -rf "$tmp"
}
trap cleanup EXIT
"$here/ssks-session" "$here/plugin-shrinkscope.so" "$trace" "$2" "$3" \
	"$tmp/session.json" "${@:5}" >/dev/null

# KernelShark's settings here; as root it would first ask to be trusted
export KS_USER_CACHE_DIR=$tmp/ks XDG_RUNTIME_DIR=$tmp/xdg
mkdir -p "$KS_USER_CACHE_DIR" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
printf '[General]\nnoRootWarn=true\n' >"$KS_USER_CACHE_DIR/setting.ini"
setsid Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp \
	3>"$tmp/display" 2>/dev/null &
groups+=($!)
for i in $(seq 20); do
	[ -s "$tmp/display" ] && break
	sleep 0.5
done
export DISPLAY=:$(head -n1 "$tmp/display")
setsid kernelshark -s "$tmp/session.json" >"$tmp/ks.log" 2>&1 &
groups+=($!)
win=
for i in $(seq 60); do
	win=$(xwininfo -root -tree | awk '/"Kernel Shark"/ { print $1; exit }')
	[ -n "$win" ] && break
	sleep 1
done
[ -n "$win" ] || { cat "$tmp/ks.log" >&2; exit 1; }
sleep 5		# the data loads, the graphs are painted
import -window "$win" "$tmp/shot.png"
convert "$tmp/shot.png" ${CROP:+-crop "$CROP" +repage} -colors 64 \
	-define png:compression-level=9 "$out"
grep '^shrinkscope:' "$tmp/ks.log" >&2 || true
echo "$out: $(stat -c %s "$out") bytes" >&2
