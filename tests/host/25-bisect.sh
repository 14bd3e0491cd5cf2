#!/bin/bash
# Every patch of the series compiles on its own (vm/bisect-check.sh).
top=$(cd "$(dirname "$0")/../.." && pwd)
echo "1..1"
# MEMCG off is left to make bisect-check (all four configs): from an empty
# cache each config compiles mm/ again for every patch that touches a
# header, 2.8 minutes of make test's budget, and a kernel without memcg
# is the rarest of the four (Debian's, like most, has it on).
# The other configs compile what the series config does (BISECT_SCOPE).
configs=${BISECT_CONFIGS:-series noshrdbg notrace}
if BISECT_SCOPE=touched BISECT_CONFIGS=$configs "$top/vm/bisect-check.sh" >/tmp/shrinkscope-bisect.out 2>&1; then
	echo "ok - each patch of patches/series compiles on its own in configs: $configs ($(grep -c ' done in ' /tmp/shrinkscope-bisect.out) steps)"
else
	echo "not ok - each patch of patches/series compiles on its own: $(grep -m1 'FAILED' /tmp/shrinkscope-bisect.out)"
	tail -5 /tmp/shrinkscope-bisect.out | sed 's/^/#   /'
fi
