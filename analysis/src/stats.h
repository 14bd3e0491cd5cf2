/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The statistics behind compare's verdicts: Student's t distribution, a
 * Welch-type test of a ratio of two means, Fieller's interval for that
 * ratio, and Holm's correction for testing many rows at once.
 */
#ifndef SS_STATS_H
#define SS_STATS_H

#include <stdbool.h>
#include <stddef.h>

/* Per-side summary of one metric over a side's runs. */
struct mstat {
	int n;
	double sum, sumsq, min, max;
	double lsum, lsumsq;	/* of log(v), meaningful when min > 0 */
};

void mstat_add(struct mstat *s, double v);
/* The same runs on a log scale, if every run is above zero. */
bool mstat_logs(const struct mstat *s, struct mstat *logs);
double mstat_mean(const struct mstat *s);
double mstat_sd(const struct mstat *s);	/* sample sd; 0 for one run */

/* P(T > t) for Student's t with @df degrees of freedom (df > 0). */
double t_sf(double t, double df);
/* The t with P(T > t) = @p, for 0 < p < 1. */
double t_isf(double p, double df);

/*
 * H0: mean(c) = rho * mean(b), runs independent and roughly normal, the
 * two sides' variances unequal (Welch). Sets the statistic and its
 * Welch-Satterthwaite degrees of freedom; false when both sides have no
 * spread at all (the difference is then exact, not estimated).
 */
bool ratio_t(const struct mstat *b, const struct mstat *c, double rho,
	     double *t, double *df);

/*
 * H0: mean(c) - mean(b) = @delta, Welch. False when neither side has any
 * spread. On logs this tests a ratio of geometric means.
 */
bool shift_t(const struct mstat *b, const struct mstat *c, double delta,
	     double *t, double *df);
/* Welch's two-sided interval for mean(c) - mean(b); false without spread. */
bool shift_ci(const struct mstat *b, const struct mstat *c, double conf,
	      double *lo, double *hi);

/*
 * Fieller's two-sided interval for mean(c) / mean(b) at confidence @conf.
 * False when the interval is unbounded: the base mean is not distinguishable
 * from zero at that confidence.
 */
bool fieller(const struct mstat *b, const struct mstat *c, double conf,
	     double *lo, double *hi);

/* Holm's step-down adjustment of @n p-values (NaN entries are skipped). */
void holm(const double *p, double *adj, size_t n);
/* Benjamini-Hochberg's step-up adjustment (NaN entries are skipped). */
void bh(const double *p, double *adj, size_t n);

/* Values a rank-sum test takes at most, both sides together. */
#define RANKSUM_MAX 40

/*
 * The exact two-sided Wilcoxon-Mann-Whitney rank-sum test of @x (@nx
 * values) against @y (@ny), for the few runs a side that compare sees,
 * where no normal approximation holds: ties get midranks, and *@p is the
 * share of all ways of choosing nx of the pooled ranks whose sum lies at
 * least as far from its mean as x's does. *@w is x's rank sum, *@mean its
 * mean under no difference. False, nothing set, when a side is empty or
 * the two have more than RANKSUM_MAX values.
 */
bool ranksum_exact(const double *x, int nx, const double *y, int ny,
		   double *w, double *mean, double *p);

#endif
