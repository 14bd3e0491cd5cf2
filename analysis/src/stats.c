// SPDX-License-Identifier: GPL-2.0
/*
 * Statistics for compare. Runs of a kernel are few (3 to 10) and their
 * spread differs between kernels, so means are compared with Welch's t,
 * not a pooled-variance or normal approximation. Verdicts are about
 * ratios ("frees 15% more"), so the test is of mean(c) = rho * mean(b),
 * the form whose inversion is Fieller's interval for the ratio; it stays
 * defined when the candidate's mean is 0, where a log-ratio would not.
 */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

void mstat_add(struct mstat *s, double v)
{
	if (!s->n || v < s->min)
		s->min = v;
	if (!s->n || v > s->max)
		s->max = v;
	s->n++;
	s->sum += v;
	s->sumsq += v * v;
	if (v > 0) {
		s->lsum += log(v);
		s->lsumsq += log(v) * log(v);
	}
}

bool mstat_logs(const struct mstat *s, struct mstat *logs)
{
	if (!s->n || !(s->min > 0))
		return false;
	*logs = (struct mstat){ .n = s->n, .sum = s->lsum,
				.sumsq = s->lsumsq, .min = log(s->min),
				.max = log(s->max) };
	return true;
}

double mstat_mean(const struct mstat *s)
{
	return s->n ? s->sum / s->n : NAN;
}

double mstat_sd(const struct mstat *s)
{
	double m, var;

	if (s->n < 2)
		return s->n ? 0 : NAN;
	m = s->sum / s->n;
	var = (s->sumsq - s->n * m * m) / (s->n - 1);
	/* equal runs leave rounding residue, not spread */
	if (var <= 1e-12 * fmax(m * m, 1e-300))
		return 0;
	return sqrt(var);
}

/* Continued fraction of the regularized incomplete beta (modified Lentz). */
static double betacf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h, num;
	int m;

	d = 1 / (fabs(d) < tiny ? tiny : d);
	h = d;
	for (m = 1; m <= 1000; m++) {
		int m2 = 2 * m;
		double del;

		num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
		d = 1 + num * d;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = 1 + num / c;
		c = fabs(c) < tiny ? tiny : c;
		h *= d * c;
		num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
		d = 1 + num * d;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = 1 + num / c;
		c = fabs(c) < tiny ? tiny : c;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < 1e-15)
			break;
	}
	return h;
}

/* I_x(a, b), the regularized incomplete beta function. */
static double ibeta(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) +
		    a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * betacf(a, b, x) / a;
	return 1 - front * betacf(b, a, 1 - x) / b;
}

double t_sf(double t, double df)
{
	double tail;

	if (isnan(t) || !(df > 0))
		return NAN;
	if (isinf(t))
		return t > 0 ? 0 : 1;
	tail = 0.5 * ibeta(df / 2, 0.5, df / (df + t * t));
	return t > 0 ? tail : 1 - tail;
}

double t_isf(double p, double df)
{
	double lo = 0, hi = 1, mid;
	int i;

	if (!(p > 0 && p < 1) || !(df > 0))
		return NAN;
	if (p > 0.5)
		return -t_isf(1 - p, df);
	while (t_sf(hi, df) > p && hi < 1e300)
		hi *= 2;
	for (i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
		mid = (lo + hi) / 2;
		if (t_sf(mid, df) > p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* Variance of each side's mean. */
static void mean_vars(const struct mstat *b, const struct mstat *c,
		      double *vb, double *vc)
{
	double sb = mstat_sd(b), sc = mstat_sd(c);

	*vb = sb * sb / b->n;
	*vc = sc * sc / c->n;
}

static double welch_df(const struct mstat *b, const struct mstat *c,
		       double vb, double vc)
{
	double num = (vc + vb) * (vc + vb), den = 0;

	if (b->n > 1)
		den += vb * vb / (b->n - 1);
	if (c->n > 1)
		den += vc * vc / (c->n - 1);
	return den > 0 ? num / den : NAN;
}

bool ratio_t(const struct mstat *b, const struct mstat *c, double rho,
	     double *t, double *df)
{
	double vb, vc;

	mean_vars(b, c, &vb, &vc);
	vb *= rho * rho;
	if (vb + vc <= 0)
		return false;
	*t = (mstat_mean(c) - rho * mstat_mean(b)) / sqrt(vb + vc);
	*df = welch_df(b, c, vb, vc);
	return true;
}

bool shift_t(const struct mstat *b, const struct mstat *c, double delta,
	     double *t, double *df)
{
	double vb, vc;

	mean_vars(b, c, &vb, &vc);
	if (vb + vc <= 0)
		return false;
	*t = (mstat_mean(c) - mstat_mean(b) - delta) / sqrt(vb + vc);
	*df = welch_df(b, c, vb, vc);
	return true;
}

bool shift_ci(const struct mstat *b, const struct mstat *c, double conf,
	      double *lo, double *hi)
{
	double vb, vc, q, d = mstat_mean(c) - mstat_mean(b);

	mean_vars(b, c, &vb, &vc);
	if (vb + vc <= 0)
		return false;
	q = t_isf((1 - conf) / 2, welch_df(b, c, vb, vc));
	*lo = d - q * sqrt(vb + vc);
	*hi = d + q * sqrt(vb + vc);
	return true;
}

bool fieller(const struct mstat *b, const struct mstat *c, double conf,
	     double *lo, double *hi)
{
	double bm = mstat_mean(b), cm = mstat_mean(c), vb, vc, df, q, a, disc;

	mean_vars(b, c, &vb, &vc);
	if (vb + vc <= 0) {
		if (bm == 0)
			return false;
		*lo = *hi = cm / bm;
		return true;
	}
	/* degrees of freedom of the test at the estimated ratio */
	df = bm != 0 ? welch_df(b, c, vb * (cm / bm) * (cm / bm), vc) : NAN;
	if (!(df > 0))
		df = (b->n < c->n ? b->n : c->n) - 1;
	q = t_isf((1 - conf) / 2, df);
	a = bm * bm - q * q * vb;
	if (!(a > 0))
		return false;
	disc = q * q * (vc * a + vb * cm * cm);
	*lo = (cm * bm - sqrt(disc)) / a;
	*hi = (cm * bm + sqrt(disc)) / a;
	/* every metric counts objects: a ratio of two such means is >= 0 */
	if (b->min >= 0 && c->min >= 0 && *lo < 0)
		*lo = 0;
	return true;
}

struct pidx {
	double p;
	size_t i;
};

static int cmp_pidx(const void *pa, const void *pb)
{
	const struct pidx *a = pa, *b = pb;

	return a->p < b->p ? -1 : a->p > b->p;
}

/* The non-NaN p-values of @p with their places, sorted ascending. */
static size_t sorted(const double *p, size_t n, struct pidx **out)
{
	struct pidx *v = calloc(n ? n : 1, sizeof(*v));
	size_t m = 0, k;

	if (!v)
		abort();
	for (k = 0; k < n; k++)
		if (!isnan(p[k]))
			v[m++] = (struct pidx){ p[k], k };
	qsort(v, m, sizeof(*v), cmp_pidx);
	*out = v;
	return m;
}

void bh(const double *p, double *adj, size_t n)
{
	struct pidx *v;
	size_t m, k;
	double run = 1;

	for (k = 0; k < n; k++)
		adj[k] = NAN;
	m = sorted(p, n, &v);
	for (k = m; k-- > 0;) {
		/* adjusted p-values never increase from the largest down */
		run = fmin(run, (double)m / (k + 1) * v[k].p);
		adj[v[k].i] = fmin(1, run);
	}
	free(v);
}

void holm(const double *p, double *adj, size_t n)
{
	struct pidx *v;
	size_t m, k;
	double run = 0;

	for (k = 0; k < n; k++)
		adj[k] = NAN;
	m = sorted(p, n, &v);
	for (k = 0; k < m; k++) {
		double a = fmin(1, (double)(m - k) * v[k].p);

		run = fmax(run, a);	/* adjusted p-values never decrease */
		adj[v[k].i] = run;
	}
	free(v);
}
