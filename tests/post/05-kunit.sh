#!/bin/bash
# KUnit suites built into the series kernel run at boot; their KTAP lands on
# the guest console. Each case becomes one test line here: the plan counts
# the suite's cases in patches/.
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: 05-kunit.sh OUTDIR}
dir=$top/patches	# patches/6.12/ for a 6.12 variant ("6.12/series")
case "$(cat "$out/variant" 2>/dev/null)" in */*) dir+=/$(cut -d/ -f1 "$out/variant") ;; esac
echo "1..$(awk -v s=list_lru -f "$top/tests/lib/kunit-cases.awk" "$dir"/*.patch)"
awk -v suites=list_lru -v where="at boot" -f "$top/tests/guest/ktap.awk" \
	"$out/console.log"
