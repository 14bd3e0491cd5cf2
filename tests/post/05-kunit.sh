#!/bin/bash
# KUnit suites built into the series kernel run at boot; their KTAP lands on
# the guest console. Each case becomes one test line here: the plan counts
# the suite's cases in patches/.
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: 05-kunit.sh OUTDIR}
. "$top/vm/lib.sh"
# the variant names its kernel ("6.12/series"): patches/6.12/ holds its cases
split_variant "$(cat "$out/variant" 2>/dev/null || echo series)"
dir=$(PATCHES)
echo "1..$(awk -v s=list_lru -f "$top/tests/lib/kunit-cases.awk" "$dir"/*.patch)"
awk -v suites=list_lru -v where="at boot" -f "$top/tests/guest/ktap.awk" \
	"$out/console.log"
