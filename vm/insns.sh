#!/usr/bin/env bash
# insns.sh VARIANT off|on OUTDIR: boot VARIANT under the fncost TCG plugin
# (vm/plugin/) and count the guest instructions of each call of
# list_lru_add() and list_lru_del() while the test cache makes add+del
# pairs (vm/guest/bench/insns.sh), with the list_lru events off or on.
# Writes OUTDIR/fncost.txt: "NAME calls=N mode=I ..." per function; mode is
# the count of the path every undisturbed call takes, exact and the same
# from boot to boot.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
variant=${1:?usage: insns.sh VARIANT off|on OUTDIR} mode=${2:?} out=${3:?}
map=$(KTREES)/$variant/System.map
[ -f "$map" ] || die "kernel $variant not built (run: make kernel VARIANT=$variant)"
make -s -C "$TOP/vm/plugin"
spec=$TOP/build/plugin/fncost.so
for f in list_lru_add list_lru_del; do
	a=$(awk -v f="$f" '$3 == f {print $1}' "$map")
	[ -n "$a" ] || die "$f not in $map"
	spec+=",fn=$f:0x$a"
done
mkdir -p "$out"
out=$(cd "$out" && pwd)
spec+=",out=$out/fncost.txt"
rm -f "$out/fncost.txt"
# nokaslr: the addresses are System.map's
"$TOP/vm/qemu-run.sh" -k "$variant" -o "$out" -a nokaslr -P "$spec" \
	-- vm/guest/bench/insns.sh "$mode"
[ -s "$out/fncost.txt" ] || die "the plugin wrote no counts ($out/fncost.txt)"
