#!/bin/bash
# KUnit suites built into the series kernel run at boot; their KTAP lands on
# the guest console. Each case becomes one test line here.
out=${1:?usage: 05-kunit.sh OUTDIR}
suites="list_lru"
tr -d '\r' <"$out/console.log" | sed -E 's/^\[ *[0-9]+\.[0-9]+\] //' | awk -v suites="$suites" '
BEGIN { n = split(suites, want, " ") }
/^    # Subtest: / { suite = $3; seen[suite] = 1; next }
/^    (not )?ok [0-9]+ / && suite != "" {
	line = $0
	sub(/^    /, "", line)
	notok = line ~ /^not ok/
	sub(/^(not )?ok [0-9]+ (- )?/, "", line)
	if (line ~ / # SKIP/) { sub(/ # SKIP */, " (skipped: ", line); print "# skip - kunit " suite ": " line ")"; next }
	printf "%s - kunit %s: %s\n", notok ? "not ok" : "ok", suite, line
	next
}
/^(not )?ok [0-9]+ / { suite = "" }
END {
	for (i = 1; i <= n; i++)
		if (!seen[want[i]])
			printf "not ok - kunit suite %s ran at boot\n", want[i]
}'
