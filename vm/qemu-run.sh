#!/usr/bin/env bash
# qemu-run.sh [options] -- COMMAND...: boot a built kernel variant in QEMU and
# run COMMAND (relative to the checkout) in the guest. Results land in OUTDIR:
# console.log, exit-status and whatever the command writes to /out.
#
#   -k VARIANT   kernel variant (default: series), KERNEL/VARIANT for
#                another kernel than $KERNEL (6.12/series)
#   -o OUTDIR    results folder, shared read-write as /out (required)
#   -n NODES     NUMA nodes (default $SHRINKSCOPE_NODES, else 2), memory split
#                evenly between them
#   -m MB        guest memory (default $SHRINKSCOPE_MEM, else 2048)
#   -c CPUS      vCPUs (default 2), spread round-robin over the nodes
#   -t SECONDS   wall-clock limit for the whole run (default 900)
#   -a ARGS      extra kernel command line
#   -P PLUGIN    load a TCG plugin: "FILE.so,ARG=VALUE,..." as QEMU's -plugin
#                takes it (build/plugin/fncost.so counts instructions per
#                call of kernel functions; vm/plugin/)
#
# The accelerator is TCG: nested KVM fails on these machines (see NOTES.md).
# SHRINKSCOPE_ACCEL=kvm asks for KVM when the caller knows it works.
# The environment defaults let `make run|test|regress|bench NODES=n MEM=mb`
# size every guest those boot, whichever script calls this one.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

variant=series out='' nodes=${SHRINKSCOPE_NODES:-2} mem=${SHRINKSCOPE_MEM:-2048}
cpus=2 limit=900 extra='' plugin=()
while getopts k:o:n:m:c:t:a:P: opt; do
	case $opt in
	k) variant=$OPTARG ;; o) out=$OPTARG ;; n) nodes=$OPTARG ;;
	m) mem=$OPTARG ;; c) cpus=$OPTARG ;; t) limit=$OPTARG ;; a) extra=$OPTARG ;;
	P) plugin=(-plugin "$OPTARG") ;;
	*) die "usage: qemu-run.sh -o OUTDIR [-k VARIANT] [-n NODES] [-m MB] [-c CPUS] [-t S] -- CMD..." ;;
	esac
done
shift $((OPTIND - 1))
[ "${1:-}" = -- ] && shift
[ -n "$out" ] && [ $# -gt 0 ] || die "usage: qemu-run.sh -o OUTDIR [options] -- CMD..."
[[ $nodes =~ ^[0-9]+$ && $mem =~ ^[0-9]+$ ]] || die "nodes ($nodes) and memory ($mem) must be numbers, memory in MB"
[ "$nodes" -ge 1 ] && [ $((mem / nodes)) -ge 128 ] || die "need at least 128 MB per node"
# QEMU refuses nodes whose sizes do not add up to the guest's memory.
[ $((mem % nodes)) -eq 0 ] || die "$mem MB does not divide evenly between $nodes nodes"

split_variant "$variant"
kernel=$(KTREES)/$variant/arch/x86/boot/bzImage
[ -f "$kernel" ] || die "kernel $(vname) not built (run: make kernel KERNEL=$KERNEL VARIANT=$variant)"
img=$("$TOP/vm/rootfs.sh")
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out/console.log" "$out/exit-status"
echo "$(vname)" >"$out/variant"
echo "$nodes" >"$out/nodes"	# what the host-side checks expect
printf '%q ' "$@" >"$out/job"
echo >>"$out/job"

# One socket per node where the CPUs divide evenly, so that no cache is
# shared across nodes (the kernel warns about such a topology); otherwise one
# socket per CPU, CPUs dealt round-robin, the remaining nodes memory-only.
if [ "$cpus" -ge "$nodes" ] && [ $((cpus % nodes)) -eq 0 ]; then
	cores=$((cpus / nodes)) sockets=$nodes
else
	cores=1 sockets=$cpus
fi
numa=()
for ((i = 0; i < nodes; i++)); do
	spec="node,nodeid=$i,memdev=m$i"
	for ((c = 0; c < cpus; c++)); do
		if [ "$sockets" -eq "$nodes" ]; then n=$((c / cores)); else n=$((c % nodes)); fi
		[ "$n" -eq "$i" ] && spec+=",cpus=$c"
	done
	numa+=(-object "memory-backend-ram,id=m$i,size=$((mem / nodes))M" -numa "$spec")
done
# One host thread runs all vCPUs in turn (thread=single). With QEMU 7.2's
# multi-threaded TCG, toggling a static key while other vCPUs run kernel
# code (tracepoints enabled during reclaim) makes a vCPU execute an int3
# the patching CPU has already removed: Oops "int3" on 6.12, an endless
# int3 loop and RCU stalls on 6.1, both on stock kernels; never with
# thread=single (NOTES.md). SHRINKSCOPE_TCG_THREAD=multi: the old mode.
accel=(-accel "tcg,thread=${SHRINKSCOPE_TCG_THREAD:-single}" -cpu max)
[ "${SHRINKSCOPE_ACCEL:-tcg}" = kvm ] && accel=(-accel kvm -cpu host)
[ ${#plugin[@]} -gt 0 ] && [ "${SHRINKSCOPE_ACCEL:-tcg}" = kvm ] &&
	die "TCG plugins need TCG, not KVM"

cmdline="console=ttyS0 root=/dev/vda rw rootfstype=ext4 init=/sbin/shrinkscope-init"
cmdline+=" panic=-1 oops=panic loglevel=7"
# QEMU's i440fx _PRT is an AML loop that allocates for every entry: with
# KASAN, kmemleak and SLUB debugging (the debug variant) each PCI device's
# IRQ lookup took 20 s of TCG and tripped the RCU stall detector. Such a
# kernel routes IRQs by the BIOS's PIRQ table instead, without MSI (whose
# domain warns without ACPI routing).
grep -q '^CONFIG_KASAN=y' "$(KTREES)/$variant/.config" && cmdline+=" pci=noacpi,nomsi"
cmdline+=" $extra"

say "booting $(vname) ($nodes nodes, ${mem} MB, $cpus vCPUs) for: $*"
start=$(date +%s)
# Progress: the guest prints "shrinkscope:" lines on its console.
touch "$out/console.log"
tail -n +1 -F "$out/console.log" 2>/dev/null | grep --line-buffered '^shrinkscope:' >&2 &
tailer=$!
rc=0
timeout --foreground -k 10 "$limit" qemu-system-x86_64 "${accel[@]}" \
	-smp "$cpus,sockets=$sockets,cores=$cores,threads=1" -m "${mem}M" "${numa[@]}" \
	-kernel "$kernel" -append "$cmdline" \
	-drive "file=$img,if=virtio,format=raw,snapshot=on" \
	-virtfs "local,path=$TOP,mount_tag=host,security_model=none,readonly=on" \
	-virtfs "local,path=$out,mount_tag=out,security_model=none" \
	-chardev "file,id=con,path=$out/console.log" -serial chardev:con \
	-nic none -display none -monitor none -no-reboot "${plugin[@]}" </dev/null || rc=$?
sleep 0.5
kill "$tailer" 2>/dev/null || true
wait "$tailer" 2>/dev/null || true
[ "$rc" -eq 124 ] && say "guest timed out after ${limit}s"
say "guest finished in $(( $(date +%s) - start ))s (qemu exit $rc)"

# A kernel that oopsed, warned or tripped lockdep fails the run whatever the
# command reported.
"$TOP/vm/check-console.sh" "$out/console.log" || exit 1
[ "$rc" -eq 0 ] || exit 1
[ -f "$out/exit-status" ] || { say "guest did not report an exit status"; exit 1; }
exit "$(cat "$out/exit-status")"
