#!/bin/bash
# KUnit suites built into the series kernel run at boot; their KTAP lands on
# the guest console. Each case becomes one test line here.
out=${1:?usage: 05-kunit.sh OUTDIR}
awk -v suites=list_lru -v where="at boot" -f "$(dirname "$0")/../guest/ktap.awk" \
	"$out/console.log"
