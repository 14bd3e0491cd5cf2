# batches.awk -v batch=B -v objects="F..." -v what=calls|asked|freed|batches:
# what do_shrink_slab() does in a drop_caches (priority 0) to a shrinker
# with F objects on a list, for each list, one call each. With the default
# seeks (2) total_scan is min(F * 4 / 2 + deferred, 2F) = 2F; it scans
# batches of min(B, total_scan) while total_scan >= B or >= F, each
# batch freeing what is left, up to its size. Prints, as bpftrace does:
#   calls    batches per call, as lhist(n, 0, 64, 1) buckets
#   asked    nr_to_scan per batch, as hist() buckets
#   freed    objects freed per batch, as hist() buckets
#   batches  the number of batches
# Histograms are "BUCKET<TAB>COUNT" lines in bucket order, as btmap.awk.
function unit(v) {
	if (v >= 1048576 && v % 1048576 == 0) return v / 1048576 "M"
	if (v >= 1024 && v % 1024 == 0) return v / 1024 "K"
	return v
}
function log2key(v,    lo) {
	if (v < 2) return v
	for (lo = 2; lo * 2 <= v; lo *= 2) ;
	return lo
}
function log2bucket(lo) {
	return lo < 2 ? "[" lo "]" : "[" unit(lo) ", " unit(lo * 2) ")"
}
BEGIN {
	nf = split(objects, f, " ")
	for (i = 1; i <= nf; i++) {
		total = 2 * f[i]
		left = f[i]
		k = 0
		while (total >= batch || total >= f[i]) {
			n = total < batch ? total : batch
			freed = left < n ? left : n
			left -= freed
			total -= n
			k++
			asked[log2key(n)]++
			fr[log2key(freed)]++
		}
		calls[k]++
		batches += k
	}
	if (what == "batches")
		print batches
	for (v = 0; v < 1048576 * 4; v = v < 2 ? v + 1 : v * 2) {
		if (what == "asked" && asked[v])
			printf "%s\t%d\n", log2bucket(v), asked[v]
		if (what == "freed" && fr[v])
			printf "%s\t%d\n", log2bucket(v), fr[v]
	}
	for (v = 0; v < 64 && what == "calls"; v++)
		if (calls[v])
			printf "[%d, %d)\t%d\n", v, v + 1, calls[v]
}
