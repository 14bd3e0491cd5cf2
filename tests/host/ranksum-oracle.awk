# ranksum-oracle.awk: the oracle of the analyser's exact rank-sum test
# (analysis/src/ranksum.c, which counts splits by subset sums; this lists
# them), for tests/host/12: the two-sided Wilcoxon-Mann-Whitney test of two
# samples, one per input line ("label: v1 v2 ..."), by enumerating every
# way of choosing the first sample's ranks (midranks for ties): small
# samples only (5 + 5 is 252 subsets). Prints the rank sum of the first
# sample, its mean under no difference, and p.
function absv(x) { return x < 0 ? -x : x }
function choose(i, k, s) {
	if (k == 0) {
		total++
		if (absv(s - mean) >= absv(observed - mean) - 1e-9)
			extreme++
		return
	}
	if (N - i + 1 < k)
		return
	choose(i + 1, k - 1, s + rank[i])
	choose(i + 1, k, s)
}
NR <= 2 {
	for (f = 2; f <= NF; f++) {
		value[++N] = $f
		sample[N] = NR
	}
}
END {
	if (N < 2 || NR != 2) {
		print "ranksum-oracle.awk: two lines of values wanted" > "/dev/stderr"
		exit 2
	}
	for (i = 1; i <= N; i++) {
		below = 0; same = 0
		for (j = 1; j <= N; j++)
			if (value[j] < value[i]) below++
			else if (value[j] == value[i]) same++
		rank[i] = below + (same + 1) / 2
	}
	for (i = 1; i <= N; i++)
		if (sample[i] == 1) { n1++; observed += rank[i] }
	mean = n1 * (N + 1) / 2
	choose(1, n1, 0)
	printf "rank sum %g (mean %g), exact two-sided p = %.4f (%d of %d)\n",
		observed, mean, extreme / total, extreme, total
}
