#!/bin/bash
# KUnit suites built into the series kernel run at boot; their KTAP lands on
# the guest console. Each case becomes one test line here: the plan counts
# the suite's cases in patches/.
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: 05-kunit.sh OUTDIR}
echo "1..$(awk -v s=list_lru -f "$top/tests/lib/kunit-cases.awk" "$top"/patches/*.patch)"
awk -v suites=list_lru -v where="at boot" -f "$top/tests/guest/ktap.awk" \
	"$out/console.log"
