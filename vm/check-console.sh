#!/usr/bin/env bash
# check-console.sh LOG: fail if the guest kernel oopsed, warned, panicked or
# reported a lockdep, KASAN, UBSAN, kmemleak, SLUB, debugobjects or
# sleeping-in-atomic problem; print the excerpt.
set -uo pipefail
log=${1:?usage: check-console.sh LOG}
[ -s "$log" ] || { echo "[shrinkscope] console log $log is empty" >&2; exit 1; }
pattern='Kernel panic|Oops|BUG:|kernel BUG at|WARNING:|cut here|general protection fault'
pattern+='|possible circular locking|possible recursive locking|inconsistent lock state'
pattern+='|KASAN|UBSAN|INFO: task .* blocked for more than|detected stall|still has objects'
# the debug kernel's other checkers: kmemleak, SLUB's own consistency
# checks (their reports start "BUG <cache> (Not tainted): ...")
# (debugobjects reports through WARN)
pattern+='|unreferenced object 0x|new suspected memory leak|BUG [^ ]+ \((Not t|T)ainted\)'
first=$(grep -naE "$pattern" "$log" | head -n1 | cut -d: -f1)
[ -z "$first" ] && exit 0
echo "[shrinkscope] kernel problem in $log, line $first:" >&2
sed -n "$((first > 5 ? first - 5 : 1)),$((first + 40))p" "$log" | sed 's/^/    /' >&2
exit 1
