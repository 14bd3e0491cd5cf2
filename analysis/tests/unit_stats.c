// SPDX-License-Identifier: GPL-2.0
/*
 * The statistics behind compare's verdicts, checked against closed forms
 * of Student's t (1, 2 and 4 degrees of freedom have them) and printed
 * tables, and the verdict rules on runs made up to sit on each side of
 * them.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "stats.h"
#include "tap.h"

static struct mstat ms(int n, const double *v)
{
	struct mstat m = { 0 };
	int i;

	for (i = 0; i < n; i++)
		mstat_add(&m, v[i]);
	return m;
}

/* P(T <= t) in closed form for 1, 2 and 4 degrees of freedom. */
static double t_cdf_closed(double t, int df)
{
	double u;

	if (df == 1)
		return 0.5 + atan(t) / M_PI;
	if (df == 2)
		return 0.5 + t / (2 * sqrt(2 + t * t));
	u = 1 + t * t / 4;
	return 0.5 + 0.375 * t / sqrt(u) * (1 - t * t / (12 * u));
}

static void test_t(void)
{
	static const int dfs[] = { 1, 2, 4 };
	double worst = 0, t;
	size_t i;

	for (i = 0; i < 3; i++)
		for (t = -8; t <= 8; t += 0.25)
			worst = fmax(worst, fabs(1 - t_sf(t, dfs[i]) -
						 t_cdf_closed(t, dfs[i])));
	check(worst < 1e-10, "stats: Student's t tail equals the closed forms for 1, 2, 4 df");
	check(fabs(t_isf(0.025, 4) - 2.776445) < 1e-5 &&
	      fabs(t_isf(0.05, 10) - 1.812461) < 1e-5 &&
	      fabs(t_isf(0.005, 30) - 2.749996) < 1e-5 &&
	      fabs(t_isf(0.975, 4) + 2.776445) < 1e-5,
	      "stats: t quantiles match the printed tables");
	check(t_sf(0, 7.3) == 0.5 && t_sf(INFINITY, 3) == 0 &&
	      isnan(t_sf(1, 0)), "stats: t tail at 0, infinity, bad df");
}

static void test_welch(void)
{
	double b3[] = { 1, 2, 3 }, c3[] = { 4, 5, 6 }, c4[] = { 4, 6, 8, 10 };
	struct mstat b = ms(3, b3), c = ms(3, c3);
	double t, df;

	/* equal spreads and sizes: t = 3 / sqrt(2/3), df = 4 */
	check(ratio_t(&b, &c, 1, &t, &df) && fabs(t - 3 / sqrt(2.0 / 3)) < 1e-12 &&
	      fabs(df - 4) < 1e-12, "stats: Welch t and df, equal spreads");
	/* unequal: vb = 1/3, vc = 20/3/4 = 5/3; df = (2)^2/((1/9)/2 + (25/9)/3) */
	c = ms(4, c4);
	check(ratio_t(&b, &c, 1, &t, &df) && fabs(t - 5 / sqrt(2.0)) < 1e-12 &&
	      fabs(df - 4 / (1.0 / 18 + 25.0 / 27)) < 1e-9,
	      "stats: Welch-Satterthwaite df, unequal spreads and sizes");
	/* testing rho scales the base side: (7 - 2*2) / sqrt(5/3 + 4/3) */
	check(ratio_t(&b, &c, 2, &t, &df) && fabs(t - 3 / sqrt(3.0)) < 1e-12,
	      "stats: H0 mean(c) = rho mean(b) scales the base's variance");
	b = ms(1, b3);
	c = ms(1, c3);
	check(!ratio_t(&b, &c, 1, &t, &df), "stats: no spread at all, no t");
}

static void test_fieller(void)
{
	double b3[] = { 10, 10, 10 }, c3[] = { 11, 12, 13 }, z[] = { 0, 1, -1 };
	struct mstat b = ms(3, b3), c = ms(3, c3);
	double lo, hi, q = 4.302653;	/* t(0.975, 2) */

	/* an exact base: the interval of the candidate's mean, over 10 */
	check(fieller(&b, &c, 0.95, &lo, &hi) &&
	      fabs(lo - (12 - q / sqrt(3)) / 10) < 1e-5 &&
	      fabs(hi - (12 + q / sqrt(3)) / 10) < 1e-5,
	      "stats: Fieller with an exact base is the candidate's t interval");
	b = ms(3, z);
	check(!fieller(&b, &c, 0.95, &lo, &hi),
	      "stats: Fieller unbounded when the base mean is not off zero");
}

static void test_holm(void)
{
	double p[] = { 0.01, 0.04, 0.03, NAN }, adj[5];

	holm(p, adj, 4);
	check(fabs(adj[0] - 0.03) < 1e-12 && fabs(adj[1] - 0.06) < 1e-12 &&
	      fabs(adj[2] - 0.06) < 1e-12 && isnan(adj[3]),
	      "stats: Holm step-down, monotone, NaN left out of the family");
	{
		double q[] = { 0.01, 0.04, 0.03, 0.005, NAN };

		bh(q, adj, 5);
		check(fabs(adj[0] - 0.02) < 1e-12 && fabs(adj[1] - 0.04) < 1e-12 &&
		      fabs(adj[2] - 0.04) < 1e-12 && fabs(adj[3] - 0.02) < 1e-12 &&
		      isnan(adj[4]),
		      "stats: Benjamini-Hochberg step-up, monotone, NaN left out");
	}
}

static struct cmp_rule rule = { 10, 0.95, 100 };

/* Verdict of one row judged as a family of one. */
static enum verdict judge1(int nb, const double *b, int nc, const double *c,
			   double volume, struct judgement *j)
{
	static struct mstat sb, sc;
	struct judgement *pj = j;

	sb = ms(nb, b);
	sc = ms(nc, c);
	judge_row(&sb, &sc, &rule, volume, j);
	judge_family(&pj, 1, &rule);
	return j->v;
}

static void test_verdicts(void)
{
	double same_b[] = { 100, 101, 99, 100, 100 };
	double same_c[] = { 100, 100.5, 99.5, 101, 99 };
	double b3[] = { 100, 102, 98 }, up15[] = { 115, 117, 113 };
	double down[] = { 50, 52, 48 }, wide[] = { 100, 130, 70 };
	double wide_c[] = { 130, 160, 100 }, edge[] = { 110, 140, 80 };
	double flat[] = { 5000, 5000, 5000 };
	double flat_up[] = { 6000, 6000, 6000 }, zero[] = { 0, 0, 0 };
	struct judgement j;

	check(judge1(5, same_b, 5, same_c, 1e4, &j) == V_UNCHANGED &&
	      j.lo > 0.9 && j.hi < 1.1,
	      "verdict: equal kernels, tight runs: unchanged, interval inside +-10%");
	check(judge1(3, b3, 3, up15, 1e4, &j) == V_MORE && j.p_adj < 0.05 &&
	      j.lo > 1.1 && fabs(j.pct - 15) < 1e-9,
	      "verdict: +15% with 2% noise over 3 runs: more aggressive");
	check(judge1(3, b3, 3, down, 1e4, &j) == V_LESS,
	      "verdict: -50%: less aggressive");
	check(judge1(3, wide, 3, wide_c, 1e4, &j) == V_INCONCLUSIVE &&
	      j.runs_needed > 10 && j.runs_needed < 40,
	      "verdict: +30% with 30% noise over 3 runs: inconclusive, about 20 runs a side named");
	check(judge1(3, wide, 3, edge, 1e4, &j) == V_INCONCLUSIVE &&
	      j.runs_needed == -1,
	      "verdict: +10% exactly, on the threshold: no number of runs decides it");
	check(judge1(2, b3, 2, up15, 1e4, &j) == V_NO_VERDICT,
	      "verdict: two runs a side: no verdict");
	check(judge1(3, b3, 3, up15, 99, &j) == V_FEW_OBJECTS,
	      "verdict: under 100 objects per run: not judged");
	check(judge1(3, flat, 3, flat, 1e4, &j) == V_UNCHANGED &&
	      judge1(3, flat, 3, flat_up, 1e4, &j) == V_MORE,
	      "verdict: runs without spread compare exactly");
	check(judge1(3, zero, 3, zero, 1e4, &j) == V_UNCHANGED,
	      "verdict: zero against zero is unchanged");
	check(judge1(3, b3, 0, up15, 1e4, &j) == V_NA,
	      "verdict: a side without a value is n/a");
}

/*
 * One row at p = 0.01 among nineteen at p = 0.5 (an A/A compare with one
 * unlucky row): corrected over the family it is no finding, alone it
 * would be; and twenty rows at p = 0.01 (a real change seen by many
 * metrics) stay findings, where Holm would have dropped them all.
 */
static void family(double first, double rest, int *changed,
		   struct judgement *out)
{
	static double b[] = { 100, 110, 90 }, c[] = { 130, 140, 120 };
	struct judgement j[20], *pj[20];
	static struct mstat sb, sc;
	int i;

	sb = ms(3, b);
	sc = ms(3, c);
	for (i = 0; i < 20; i++) {
		memset(&j[i], 0, sizeof(j[i]));
		j[i].tested = true;
		j[i].up = true;
		j[i].v = V_INCONCLUSIVE;
		j[i].p_change = i ? rest : first;
		j[i].p_equiv = 1;
		j[i].b = &sb;
		j[i].c = &sc;
		pj[i] = &j[i];
	}
	judge_family(pj, 20, &rule);
	*changed = 0;
	for (i = 0; i < 20; i++)
		*changed += j[i].v == V_MORE || j[i].v == V_LESS;
	*out = j[0];
}

static void test_family(void)
{
	struct judgement j0;
	int changed;

	family(0.01, 0.5, &changed, &j0);
	check(changed == 0 && fabs(j0.p_adj - 0.2) < 1e-12,
	      "verdict: one p = 0.01 row among 20 is no finding once corrected");
	family(0.01, 0.01, &changed, &j0);
	check(changed == 20,
	      "verdict: twenty rows at p = 0.01 stay findings (false discovery rate)");
}

/*
 * Relative spread alike on both sides, means 250x apart: on logs this is a
 * change at 3 runs; a linear Welch test of the ratio with 2 degrees of
 * freedom from the wide side could not call it.
 */
static void test_log_scale(void)
{
	double b[] = { 0.378, 0.678, 0.720 }, c[] = { 116.05, 153.6, 174.08 };
	double zb[] = { 0, 10, 12 }, zc[] = { 10, 11, 12 };
	struct judgement j;

	check(judge1(3, b, 3, c, 1e4, &j) == V_MORE && j.geometric &&
	      j.lo > 100 && j.p_adj < 1e-3,
	      "verdict: 0.59 against 148 scanned per asked at 3 runs is a change, on logs");
	check(judge1(3, zb, 3, zc, 1e4, &j) != V_NA && !j.geometric,
	      "verdict: a run at zero keeps the ratio of means (no logs)");
}

/*
 * The exact rank-sum p as a fraction of splits, counted by hand: which of
 * the C(n, nx) ways of choosing x's ranks lie as far from the mean.
 */
static void rs(const char *what, const double *x, int nx, const double *y,
	       int ny, double want_w, double want_p)
{
	double w, mean, p;
	char msg[160];
	bool ok = ranksum_exact(x, nx, y, ny, &w, &mean, &p);

	snprintf(msg, sizeof(msg), "rank-sum: %s: W %g, p %.6g (want %g, %.6g)",
		 what, ok ? w : NAN, ok ? p : NAN, want_w, want_p);
	check(ok && w == want_w && fabs(p - want_p) < 1e-12 &&
	      mean == nx * (nx + ny + 1) / 2.0, msg);
}

static void test_ranksum(void)
{
	static const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 6, 7, 8, 9, 10 };
	static const double a2[] = { 1, 2, 3, 4, 6 }, b2[] = { 5, 7, 8, 9, 10 };
	static const double c[] = { 9, 8, 7 }, d[] = { 3, 2, 1 };
	static const double e[] = { 1, 1, 2 }, f[] = { 2, 3, 3 };
	static const double g[] = { 4, 4, 4 };
	double lo[10], hi[10], many[RANKSUM_MAX + 1] = { 0 }, w, mean, p;
	int i;

	for (i = 0; i < 10; i++) {
		lo[i] = i;
		hi[i] = 100 + i;
	}
	rs("5 and 5 apart (2 of 252)", a, 5, b, 5, 15, 2.0 / 252);
	rs("5 and 5, one pair swapped (4 of 252)", a2, 5, b2, 5, 16,
	   4.0 / 252);
	rs("3 and 3 apart, the other way (2 of 20)", c, 3, d, 3, 15, 2.0 / 20);
	/* midranks 1.5 1.5 3.5 | 3.5 5.5 5.5: 4 of the 20 splits as far */
	rs("ties across the sides take midranks (4 of 20)", e, 3, f, 3, 6.5,
	   4.0 / 20);
	rs("all tied", g, 3, g, 3, 10.5, 1);
	rs("10 and 10 apart (2 of 184756)", lo, 10, hi, 10, 55, 2.0 / 184756);
	rs("unequal sides, 2 and 4 apart (2 of 15)", hi, 2, lo, 4, 11,
	   2.0 / 15);
	check(!ranksum_exact(a, 5, b, 0, &w, &mean, &p) &&
	      !ranksum_exact(many, RANKSUM_MAX / 2 + 1, many, RANKSUM_MAX / 2,
			     &w, &mean, &p),
	      "rank-sum: refuses an empty side and more than RANKSUM_MAX values");
}

void test_stats(void)
{
	test_ranksum();
	test_t();
	test_welch();
	test_fieller();
	test_holm();
	test_verdicts();
	test_family();
	test_log_scale();
}
