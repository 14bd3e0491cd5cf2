#!/usr/bin/env bash
# soak.sh [SECONDS]: the soak of tests/guest/99-soak.sh for SECONDS (600) on
# the debug kernel: every actor at once, then its checks. Passes when every
# check passes, the console shows no report of any checker, and kmemleak
# finds nothing at the end of the boot. Prints each actor's rounds.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
secs=${1:-600}
[[ $secs =~ ^[1-9][0-9]*$ ]] || die "DURATION must be a number of seconds, not '$secs'"
out=$TOP/build/soak
rm -rf "$out"
rc=0
"$TOP/vm/qemu-run.sh" -k debug -o "$out" -t $((secs + 1200)) -- \
	env SOAK_S="$secs" GUEST_FILE_TIMEOUT=$((secs + 900)) tests/guest/run.sh 99 || rc=$?
[ -f "$out/guest.tap" ] && grep -E '^(ok|not ok|#)' "$out/guest.tap"
[ -f "$out/soak-iterations.txt" ] && say "rounds per actor:$(cat "$out/soak-iterations.txt")"
leaks=$(cat "$out/kmemleak" 2>/dev/null || echo "no scan")
say "kmemleak after the soak: $leaks"
[ "$leaks" = 0 ] || rc=1
[ "$rc" -eq 0 ] || die "soak failed (console: $out/console.log)"
say "soak of $secs s passed"
