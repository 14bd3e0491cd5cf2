#!/usr/bin/env bash
# insns.sh VARIANT MODE OUTDIR [WORKLOAD]: boot VARIANT under the fncost TCG
# plugin (vm/plugin/) and count the guest instructions of each call of the
# workload's kernel functions. Writes OUTDIR/fncost.txt, "NAME calls=N
# mode=I ..." per function (and per callee count for a function counted
# without its callees); mode is the count of the path every undisturbed
# call takes, exact and the same from boot to boot.
#
# WORKLOAD lru (default): list_lru_add() and list_lru_del(), callees
#   included, while the test cache makes add+del pairs
#   (vm/guest/bench/insns.sh); MODE off or on (the list_lru events).
# WORKLOAD shrink: do_shrink_slab(), the list_lru walk and vmpressure(),
#   each without its callees (the shrinker's callbacks, the lock, a probe),
#   vmpressure's work item with them, and each shrinker, list_lru_walk and
#   vmpressure_notify probe with its callees, while drop_caches and a
#   memory.max shrink the test cache and a file
#   (vm/guest/bench/insns-shrink.sh); MODE off, on (tracefs), shrinkstat or
#   bpftrace. A probe the kernel lacks (base has none of the series') is
#   left out of the plugin's list.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
usage="usage: insns.sh VARIANT MODE OUTDIR [lru|shrink]"
variant=${1:?$usage} mode=${2:?$usage} out=${3:?$usage} workload=${4:-lru}
map=$(KTREES)/$variant/System.map
[ -f "$map" ] || die "kernel $variant not built (run: make kernel VARIANT=$variant)"
make -s -C "$TOP/vm/plugin"
spec=$TOP/build/plugin/fncost.so
# addr NAME: the text address of NAME in the variant's System.map
addr() { awk -v f="$1" '$3 == f && $2 ~ /^[tT]$/ {print $1; exit}' "$map"; }
# want NAME[:self]: a function the plugin must count
want() {
	local a
	a=$(addr "${1%:self}")
	[ -n "$a" ] || die "${1%:self} not in $map"
	spec+=",fn=${1%:self}:0x$a${1#"${1%:self}"}"
}
# maybe NAME: a probe counted where the kernel has it
maybe() {
	local a
	a=$(addr "$1")
	[ -z "$a" ] || spec+=",fn=$1:0x$a"
}
case $workload in
lru)
	[ "$mode" = off ] || [ "$mode" = on ] || die "lru: MODE is off or on"
	want list_lru_add
	want list_lru_del
	guest=(vm/guest/bench/insns.sh "$mode")
	;;
shrink)
	# a tracepoint's probe: ftrace's ring buffer writer, or perf's, which
	# runs the BPF programs of tracepoint attachments (bpftrace's and
	# shrinkstat's)
	case $mode in
	off | on) probe=trace_event_raw_event_ ;;
	shrinkstat | bpftrace) probe=perf_trace_ ;;
	*) die "shrink: MODE is off, on, shrinkstat or bpftrace" ;;
	esac
	want do_shrink_slab:self
	# the walk's loop is in __list_lru_walk_one() unless GCC inlined it
	if [ -n "$(addr __list_lru_walk_one)" ]; then
		want __list_lru_walk_one:self
	else
		want list_lru_walk_one:self
	fi
	want vmpressure:self
	want vmpressure_work_fn
	for e in mm_shrink_slab_start mm_shrink_slab_end mm_shrink_slab_batch \
		list_lru_walk vmpressure_notify; do
		maybe "$probe$e"
	done
	guest=(vm/guest/bench/insns-shrink.sh "$mode")
	;;
*) die "$usage" ;;
esac
mkdir -p "$out"
out=$(cd "$out" && pwd)
spec+=",out=$out/fncost.txt"
rm -f "$out/fncost.txt"
# nokaslr: the addresses are System.map's
# the workload's sizes (INSNS_PAIRS, INSNS_ITERS, INSNS_RECLAIMS) go along
sizes=(env)
for v in INSNS_PAIRS INSNS_ITERS INSNS_RECLAIMS; do
	[ -z "${!v:-}" ] || sizes+=("$v=${!v}")
done
"$TOP/vm/qemu-run.sh" -k "$variant" -o "$out" -a nokaslr -P "$spec" -- "${sizes[@]}" "${guest[@]}"
[ -s "$out/fncost.txt" ] || die "the plugin wrote no counts ($out/fncost.txt)"
