#!/usr/bin/env bash
# rootfs.sh: build (or reuse) the guest root filesystem, print its path.
#
# Debian bookworm minbase with the tracing tools, packed into an ext4 image
# with `mkfs.ext4 -d` (no loop mounts, no root-only mount tricks). The image
# is cached under a hash of this recipe. Its /sbin/shrinkscope-init only
# mounts the host share and hands over to vm/guest/init in the checkout, so
# changing the guest scripts never rebuilds the image.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

packages=bpftrace,bpftool,trace-cmd,numactl,stress-ng,kmod,procps,util-linux,libbpf1,libelf1,zlib1g,gawk,coreutils,findutils,grep,sed
key=$(hash_of "$TOP/vm/rootfs.sh" "$TOP/vm/guest/bootstrap")
img=$SHRINKSCOPE_CACHE/rootfs/bookworm-$key.ext4
if [ -f "$img" ]; then
	echo "$img"
	exit 0
fi

# The mirror is whatever this machine's apt already uses for bookworm.
mirror() {
	local m
	m=$(grep -hsE '^URIs:' /etc/apt/sources.list.d/*.sources |
		awk '{print $2}' | grep -v security | head -n1)
	[ -n "$m" ] || m=$(grep -hsE '^deb +[a-z]+://[^ ]+ +bookworm( |$)' \
		/etc/apt/sources.list /etc/apt/sources.list.d/*.list | awk '{print $2}' | head -n1)
	[ -n "$m" ] || die "no Debian mirror found in this machine's apt sources"
	echo "$m"
}

build() {
	local dir=$SHRINKSCOPE_CACHE/rootfs/tmp-$key
	rm -rf "$dir"
	debootstrap --variant=minbase --include="$packages" bookworm "$dir" "$(mirror)"
	install -m 0755 "$TOP/vm/guest/bootstrap" "$dir/sbin/shrinkscope-init"
	mkdir -p "$dir/host" "$dir/out"
	# Keep the image small: package caches are of no use in the guest.
	rm -rf "$dir"/var/cache/apt/archives/*.deb "$dir"/var/lib/apt/lists/*
	local size_mb=$(( $(du -sm "$dir" | cut -f1) * 13 / 10 + 256 ))
	# An inode per 4 KiB, not ext4's 16: the scenarios make tens of thousands
	# of empty files, which cost inodes, not blocks (memcg-reclaim's 60 000
	# ran out at 50 000 with the default).
	mkfs.ext4 -q -F -i 4096 -L shrinkscope -d "$dir" "$img.tmp" "${size_mb}M"
	# Older recipes' images are of no further use.
	rm -f "$SHRINKSCOPE_CACHE"/rootfs/bookworm-*.ext4
	mv "$img.tmp" "$img"
	rm -rf "$dir"
}

mkdir -p "$SHRINKSCOPE_CACHE/rootfs"
run_step "building guest rootfs (debootstrap bookworm)" \
	"$SHRINKSCOPE_CACHE/rootfs/build-$key.log" build
echo "$img"
