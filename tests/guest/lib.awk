# Shared awk for in-guest tests: parse one `trace-cmd report -R` line into
# ev (event name), pid, and f[field] = value.
function parse(    i, n, t, kv) {
	delete f
	ev = ""
	pid = ""
	if (match($0, /-[0-9]+ +\[/))
		pid = substr($0, RSTART + 1, RLENGTH - 1) + 0
	for (i = 1; i <= NF; i++) {
		if ($i ~ /^[a-z_0-9]+:$/ && ev == "" && $(i - 1) ~ /:$/) {
			ev = substr($i, 1, length($i) - 1)
			continue
		}
		n = index($i, "=")
		if (n > 1)
			f[substr($i, 1, n - 1)] = substr($i, n + 1)
	}
	return ev
}
