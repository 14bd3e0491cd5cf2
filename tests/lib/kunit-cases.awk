# kunit-cases.awk -v s=SUITE PATCH...: the number of KUNIT_CASE entries of
# the case array that KUnit suite SUITE runs, from the patches adding it;
# "0" if no patch has that suite.
/^\+static struct kunit_case [a-z_0-9]+\[\]/ {
	arr = $4
	sub(/\[\].*/, "", arr)
	n[arr] = 0
	next
}
arr != "" && /^\+[ \t]*KUNIT_CASE/ { n[arr]++; next }
arr != "" && /^\+[ \t]*\{\}/ { arr = "" }
/^\+static struct kunit_suite / { insuite = 1; name = ""; cases = "" }
insuite && /\.name = "/ { name = $0; sub(/.*\.name = "/, "", name); sub(/".*/, "", name) }
insuite && /\.test_cases = / { cases = $0; sub(/.*\.test_cases = /, "", cases); sub(/,.*/, "", cases) }
insuite && /^\+};/ { insuite = 0; if (name == s) want = cases }
END { print (want != "" && want in n) ? n[want] : 0 }
