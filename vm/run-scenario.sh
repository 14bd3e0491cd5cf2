#!/usr/bin/env bash
# run-scenario.sh [-k VARIANT] [-r RESULTS] NAME: boot the guest, run scenario
# NAME (vm/guest/scenarios/NAME.sh), bring trace.dat and the console log back
# to RESULTS/<timestamp>-NAME/ and print the summary.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
variant=series results=$TOP/results
while getopts k:r: opt; do
	case $opt in
	k) variant=$OPTARG ;; r) results=$OPTARG ;;
	*) die "usage: run-scenario.sh [-k VARIANT] [-r RESULTS] NAME" ;;
	esac
done
shift $((OPTIND - 1))
name=${1:?usage: run-scenario.sh [-k VARIANT] [-r RESULTS] NAME}
[ "$name" != lib ] && [ -f "$TOP/vm/guest/scenarios/$name.sh" ] ||
	die "no scenario '$name' (have: $(cd "$TOP/vm/guest/scenarios" && ls | grep -v '^lib.sh$' | sed 's/\.sh$//' | tr '\n' ' '))"
script=vm/guest/scenarios/$name.sh
# Parameters are the variables the scenario's header documents ("#   NAME  ...");
# those set in the host environment are passed into the guest.
job=(env)
for p in $(sed -n 's/^#   \([A-Z][A-Z_0-9]*\) .*/\1/p' "$TOP/$script"); do
	[ -n "${!p:-}" ] && job+=("$p=${!p}")
done
out=$results/$(date +%Y%m%d-%H%M%S)-$name
mkdir -p "$out"
"$TOP/vm/qemu-run.sh" -k "$variant" -o "$out" -- "${job[@]}" "$script" ||
	die "scenario $name failed; see $out/job.log and $out/console.log"
make -s -C "$TOP/analysis" >/dev/null
"$TOP/analysis/shrinkscope-report" report --plot "$out/plots" -o "$out/report.txt" "$out/trace.dat" ||
	die "the analyser could not read $out/trace.dat"
"$TOP/analysis/shrinkscope-report" report --json -o "$out/report.json" "$out/trace.dat"
# the report knows memcgs by cgroup id (inode number); the scenario named them
if [ -s "$out/cgroups.txt" ]; then
	{ echo; echo "== cgroups of this scenario (memcg = cgroup id = inode number)"; cat "$out/cgroups.txt"; } >>"$out/report.txt"
fi
cat "$out/report.txt"
say "results in $out"
