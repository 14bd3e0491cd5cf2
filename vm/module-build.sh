#!/usr/bin/env bash
# module-build.sh VARIANT: build the out-of-tree test cache module against a
# built kernel variant, into build/modules/VARIANT/ (loaded only in the guest).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
split_variant "${1:?usage: module-build.sh [KERNEL/]VARIANT}"
tree=$(KTREES)/$variant
[ -f "$tree/Module.symvers" ] || die "kernel $variant not built (run: make kernel KERNEL=$KERNEL VARIANT=$variant)"
dir=$TOP/build/modules/$(vname)/testcache
mkdir -p "$dir"
# one build per variant at a time (see kernel-build.sh)
exec {lock}>"$TOP/build/modules/$(vname).lock"
flock "$lock"
# Built once per input: the module's sources and the kernel build they go
# with (its symbol versions and image). The copy below refreshes every
# mtime, so Kbuild alone would rebuild it on each call (6 s, a dozen calls
# in make test).
key=$({ cat "$TOP"/testcache/*.[ch] "$TOP"/testcache/Kbuild "$tree/Module.symvers"
	stat -c '%s %Y' "$tree/vmlinux"; } | sha256sum | cut -d' ' -f1)
if [ ! -f "$dir/shrinkscope_testcache.ko" ] || [ "$(cat "$dir/built-from" 2>/dev/null)" != "$key" ]; then
	rm -f "$dir/built-from"
	# Kbuild writes objects next to the sources: build from a copy per variant.
	cp "$TOP"/testcache/*.[ch] "$TOP"/testcache/Kbuild "$dir"/
	run_step "building test cache module against $(vname)" "$dir/build.log" \
		make -C "$tree" M="$dir" modules ||
		die "test cache module does not build against $(vname)"
	if grep -E 'warning:' "$dir/build.log" >&2; then
		die "test cache module builds with warnings against $(vname)"
	fi
	echo "$key" >"$dir/built-from"
fi

# The kernel's own modules (a KUnit suite that must be loaded from the guest
# with cgroups of its own), next to it for the guest to insmod.
kdir=$TOP/build/modules/$(vname)/kernel
rm -rf "$kdir"
mkdir -p "$kdir"
if [ -s "$tree/modules.order" ]; then
	sed 's/\.o$/.ko/' "$tree/modules.order" | while read -r ko; do
		cp "$tree/$ko" "$kdir/"
	done
fi
