#!/bin/bash
# The cgroup v1 vmpressure eventfds behave on base as they do on series
# (tests/guest/90, which tests/run.sh also runs on series): the eventfd
# path patches/0007 touches, checked against the kernel without it.
. "$(dirname "$0")/lib.sh"
plan 10	# the console, the run, and tests/guest/90's plan of 8
make -s -C "$TOP/tests/guest/helpers" >/dev/null 2>&1
# its failures show in its TAP and its console, read below
on_base base-v1 tests/guest/run.sh 90
"$TOP/vm/check-console.sh" "$OUTDIR/base-v1/console.log" >/dev/null 2>&1
ok_if $? "base kernel console of tests/guest/90 is clean (see $OUTDIR/base-v1/console.log)"
tap=$OUTDIR/base-v1/guest.tap
grep -q '^1\.\.' "$tap" 2>/dev/null
ok_if $? "tests/guest/90 on base completed (see $OUTDIR/base-v1/job.log)"
[ -f "$tap" ] || tap=$tap.raw
sed -E 's/^(ok|not ok)( [0-9]+)? - /\1 - on base: /' "$tap" 2>/dev/null |
	grep -E '^(ok|not ok) |^#   '
