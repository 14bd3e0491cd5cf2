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
# A kill by the OOM killer ends part of the workload early: such a run is
# not the scenario as written. The kernel's own count (/proc/vmstat
# oom_kill, before and after the recording) goes in oom-kills, the report
# and a warning; the console names the victims.
oom_count() { awk '$1 == "/proc/vmstat:oom_kill" {print $2}' "$1" 2>/dev/null || true; }
before=$(oom_count "$out/before.txt") after=$(oom_count "$out/after.txt")
oom=
[ -z "$before" ] || [ -z "$after" ] || oom=$((after - before))
[ -z "$oom" ] || echo "$oom" >"$out/oom-kills"
make -s -C "$TOP/analysis" >/dev/null
"$TOP/analysis/shrinkscope-report" report --plot "$out/plots" -o "$out/report.txt" "$out/trace.dat" ||
	die "the analyser could not read $out/trace.dat"
"$TOP/analysis/shrinkscope-report" report --json -o "$out/report.json" "$out/trace.dat"
# the report knows memcgs by cgroup id (inode number); the scenario named them
if [ -s "$out/cgroups.txt" ]; then
	{ echo; echo "== cgroups of this scenario (memcg = cgroup id = inode number)"; cat "$out/cgroups.txt"; } >>"$out/report.txt"
fi
# Objects freed give memory back only when whole slab pages empty: the
# slab caches the scenario fills, before and after (/proc/slabinfo).
if grep -q '^/proc/slabinfo:' "$out/before.txt" 2>/dev/null; then
	{ echo; echo "== slab caches the scenario fills: objects in use / allocated, kB of slab pages (before -> after)"
	  awk -f "$TOP/vm/slab-held.awk" "$out/before.txt" "$out/after.txt"
	} >>"$out/report.txt"
fi
if [ -n "$oom" ] && [ "$oom" -gt 0 ]; then
	{ echo; echo "== OOM kills during the recording: $oom (/proc/vmstat oom_kill)"
	  grep -E '[Oo]ut of memory: Killed process' "$out/console.log" | sed 's/^\[ *[0-9.]*\] //'
	} >>"$out/report.txt"
fi
cat "$out/report.txt"
[ -z "$oom" ] || [ "$oom" -eq 0 ] ||
	say "warning: the OOM killer killed $oom task(s) during the recording: the workload did not run as written (console.log)"
say "results in $out"
