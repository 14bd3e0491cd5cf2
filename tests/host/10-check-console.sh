#!/bin/bash
# Host unit test: vm/check-console.sh passes a clean console and fails each
# kind of kernel problem the guest runs must not hide.
top=$(cd "$(dirname "$0")/../.." && pwd)
fx=$top/tests/host/fixtures
kinds="warn oops lockdep atomic panic bug kasan kmemleak slub"
echo "1..$((2 + $(wc -w <<<"$kinds")))"
if "$top/vm/check-console.sh" "$fx/clean.log" 2>/dev/null; then
	echo "ok - check-console passes a clean guest console"
else
	echo "not ok - check-console passes a clean guest console"
fi
for kind in $kinds; do
	if "$top/vm/check-console.sh" "$fx/$kind.log" 2>/dev/null; then
		echo "not ok - check-console fails a console with a $kind report"
	else
		echo "ok - check-console fails a console with a $kind report"
	fi
done
if "$top/vm/check-console.sh" /dev/null 2>/dev/null; then
	echo "not ok - check-console fails an empty console log"
else
	echo "ok - check-console fails an empty console log"
fi
