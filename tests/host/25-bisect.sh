#!/bin/bash
# Every patch of the series compiles on its own (vm/bisect-check.sh).
top=$(cd "$(dirname "$0")/../.." && pwd)
echo "1..1"
if "$top/vm/bisect-check.sh" >/tmp/shrinkscope-bisect.out 2>&1; then
	echo "ok - each patch of patches/series compiles on its own, with and without SHRINKER_DEBUG, MEMCG and TRACEPOINTS ($(grep -c ' done in ' /tmp/shrinkscope-bisect.out) steps)"
else
	echo "not ok - each patch of patches/series compiles on its own: $(grep -m1 'FAILED' /tmp/shrinkscope-bisect.out)"
	tail -5 /tmp/shrinkscope-bisect.out | sed 's/^/#   /'
fi
