// SPDX-License-Identifier: GPL-2.0
/*
 * The exact rank-sum test (stats.h). Ranks are doubled so that midranks
 * are integers; the number of ways each rank sum can arise from nx of
 * the pooled ranks is counted by adding one rank at a time (a subset-sum
 * count), so every split is weighed without listing it: 20 + 20 values
 * are 1.4e11 splits, counted in 40 x 20 x 1 640 steps, each exact in a
 * double (below 2^53).
 */
#include <stdlib.h>

#include "stats.h"
#include "util.h"

/* Twice the midrank of each of the @n pooled values. */
static void doubled_ranks(const double *v, int n, long *r2)
{
	int i, j, below, same;

	for (i = 0; i < n; i++) {
		below = 0;
		same = 0;
		for (j = 0; j < n; j++) {
			below += v[j] < v[i];
			same += v[j] == v[i];
		}
		/* ranks below + 1 .. below + same: their mean, doubled */
		r2[i] = 2L * below + same + 1;
	}
}

bool ranksum_exact(const double *x, int nx, const double *y, int ny,
		   double *w, double *mean, double *p)
{
	int n = nx + ny, i, k;
	long r2[RANKSUM_MAX], obs = 0, mid, s, smax, far;
	double v[RANKSUM_MAX], *ways, extreme = 0, total = 0;

	if (nx < 1 || ny < 1 || n > RANKSUM_MAX)
		return false;
	for (i = 0; i < n; i++)
		v[i] = i < nx ? x[i] : y[i - nx];
	doubled_ranks(v, n, r2);
	for (i = 0; i < nx; i++)
		obs += r2[i];
	/* the doubled sum of nx ranks is at most n (n + 1) */
	smax = (long)n * (n + 1);
	ways = xcalloc((size_t)(nx + 1) * (smax + 1), sizeof(*ways));
#define WAYS(k, s) ways[(size_t)(k) * (smax + 1) + (s)]
	WAYS(0, 0) = 1;
	for (i = 0; i < n; i++)
		for (k = (i + 1 < nx ? i + 1 : nx); k >= 1; k--)
			for (s = smax - r2[i]; s >= 0; s--)
				WAYS(k, s + r2[i]) += WAYS(k - 1, s);
	mid = (long)nx * (n + 1);	/* the mean, doubled */
	far = labs(obs - mid);
	for (s = 0; s <= smax; s++) {
		total += WAYS(nx, s);
		if (labs(s - mid) >= far)
			extreme += WAYS(nx, s);
	}
#undef WAYS
	free(ways);
	*w = obs / 2.0;
	*mean = mid / 2.0;
	*p = extreme / total;
	return true;
}
