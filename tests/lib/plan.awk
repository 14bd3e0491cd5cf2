# plan.awk -v file=NAME: one test file's TAP in; its results and
# diagnostics out, without the plan line, then a failure naming the file if
# its plan is missing, repeated, late (after a result) or not what it ran.
/^1\.\.[0-9]+$/ {
	if (planned != "")
		bad = "a second plan " $0
	else if (ran > 0)
		bad = "its plan " $0 " after " ran " results"
	planned = substr($0, 4) + 0
	next
}
/^(ok|not ok)( |$)/ { ran++ }
{ print; fflush() }
END {
	if (planned == "")
		printf "not ok - %s: no plan, ran %d\n", file, ran
	else if (bad != "")
		printf "not ok - %s: %s\n", file, bad
	else if (ran != planned)
		printf "not ok - %s: planned %d, ran %d\n", file, planned, ran
}
