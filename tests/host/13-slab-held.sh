#!/bin/bash
# Host unit test: vm/slab-held.awk turns a scenario's slabinfo snapshots
# into kB held by each cache's slab pages, at the page size the guest
# reported, and refuses snapshots that do not say it.
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..3"
# SIZE OBJS: a snapshot of one cache, 32 objects a slab of 2 pages
snap() {
	echo "pagesize:$1"
	echo "/proc/slabinfo:dentry $2 $2 192 32 2"
}
# 6400 objects are 200 slabs of 2 pages; 3200 are 100
for size in 4096 16384; do
	snap $size 6400 >"$tmp/before"
	snap $size 3200 >"$tmp/after"
	want="$((200 * 2 * size / 1024)) kB -> $((100 * 2 * size / 1024)) kB"
	got=$(awk -f "$top/vm/slab-held.awk" "$tmp/before" "$tmp/after" |
		awk '{ print $5, $6, $7, $11, $12 }')
	if [ "$got" = "$want" ]; then
		echo "ok - slab-held.awk with $size-byte pages: dentry $got"
	else
		echo "not ok - slab-held.awk with $size-byte pages: dentry $want (got: $got)"
	fi
done
grep -v pagesize "$tmp/before" >"$tmp/nosize"
if msg=$(awk -f "$top/vm/slab-held.awk" "$tmp/nosize" "$tmp/nosize" 2>&1 >/dev/null); then
	echo "not ok - slab-held.awk refuses snapshots without the page size"
else
	echo "ok - slab-held.awk refuses snapshots without the page size: $msg"
fi
