// SPDX-License-Identifier: GPL-2.0
/*
 * Verdicts. A regression report says "the candidate frees 15% more": the
 * question per row is whether the candidate/base ratio lies beyond the
 * threshold (a change worth reporting), within it (no change worth
 * reporting), or cannot be placed yet. Each row gets two one-sided Welch
 * tests at the band's edges, 1 - t and 1 + t:
 *
 * - when every run of both sides is above zero, on the logs of the runs
 *   (H0: mean log c - mean log b = log rho, a ratio of geometric means):
 *   these metrics are rates and counts whose run-to-run noise grows with
 *   their size, so their spread is relative, and a log scale is where it
 *   is alike for both sides (0.59 +- 0.19 against 148 +- 29 scanned per
 *   asked is an obvious change that a linear test at 3 runs cannot call);
 * - otherwise (a side with a zero run) H0: mean(c) = rho * mean(b), the
 *   form whose inversion is Fieller's interval for the ratio of means.
 *
 * - changed: p_change = 2 * min(p_more, p_less), adjusted with Benjamini
 *   and Hochberg's method over every row tested; a row is more/less
 *   aggressive when its adjusted p is below 1 - conf. When the kernels are
 *   equal (an A/A compare) every null is true and this bounds the chance of
 *   any false finding at 1 - conf, as Holm would; when some rows did
 *   change, it keeps the expected share of false ones among the findings
 *   under it, instead of paying for 60 rows on every one of them.
 * - unchanged: both edges rejected at (1 - conf) / 2 each (two one-sided
 *   tests), i.e. the conf-level interval of the ratio lies inside the
 *   band; per row, since calling a row unchanged is not a finding.
 * - inconclusive otherwise, with the runs a side that would decide it if
 *   the means and spreads stayed as measured.
 *
 * Fewer than MIN_RUNS runs on a side give no spread worth the name: the
 * figures are shown, no verdict. A key whose objects per run (freed or
 * scanned, the larger on either side) are under the floor is not judged:
 * 0.000 against 0.000 objects per page, +28%, is not a finding.
 */
#include <math.h>
#include <stdlib.h>

#include "compare.h"
#include "util.h"

#define MAX_RUNS_NEEDED 200

struct pvals {
	double more, less, change, equiv;
};

/* Both sides without spread: the ratio is exact, not estimated. */
static void exact_pvals(double bm, double cm, double lo, double hi,
			struct pvals *p)
{
	p->more = cm > hi * bm ? 0 : 1;
	p->less = cm < lo * bm ? 0 : 1;
	p->equiv = cm <= hi * bm && cm >= lo * bm ? 0 : 1;
}

/* The two edge tests, on logs when both sides allow them. */
static bool edge_t(const struct mstat *b, const struct mstat *c, double rho,
		   double *t, double *df)
{
	struct mstat lb, lc;

	if (mstat_logs(b, &lb) && mstat_logs(c, &lc))
		return shift_t(&lb, &lc, log(rho), t, df);
	return ratio_t(b, c, rho, t, df);
}

static void pvalues(const struct mstat *b, const struct mstat *c,
		    double threshold, struct pvals *p)
{
	double lo = 1 - threshold / 100, hi = 1 + threshold / 100;
	double th, dh, tl, dl;

	if (!edge_t(b, c, hi, &th, &dh) || !edge_t(b, c, lo, &tl, &dl)) {
		exact_pvals(mstat_mean(b), mstat_mean(c), lo, hi, p);
	} else {
		p->more = t_sf(th, dh);		/* H0: ratio <= hi */
		p->less = t_sf(-tl, dl);	/* H0: ratio >= lo */
		p->equiv = fmax(t_sf(-th, dh), t_sf(tl, dl));
	}
	p->change = fmin(1, 2 * fmin(p->more, p->less));
}

/* A side of @n runs with the mean and spread @s measured (logs too). */
static struct mstat scaled(const struct mstat *s, int n)
{
	double m = mstat_mean(s), sd = mstat_sd(s), lm, lsd;
	struct mstat r = { .n = n, .min = s->min, .max = s->max }, l;

	r.sum = m * n;
	r.sumsq = (n - 1) * sd * sd + n * m * m;
	if (mstat_logs(s, &l)) {
		lm = mstat_mean(&l);
		lsd = mstat_sd(&l);
		r.lsum = lm * n;
		r.lsumsq = (n - 1) * lsd * lsd + n * lm * lm;
	}
	return r;
}

/* The ratio and its interval: of geometric means on logs, else Fieller. */
static void ratio_interval(const struct mstat *b, const struct mstat *c,
			   double conf, struct judgement *j)
{
	struct mstat lb, lc;
	double lo, hi;

	if (mstat_logs(b, &lb) && mstat_logs(c, &lc)) {
		j->geometric = true;
		j->ratio = exp(mstat_mean(&lc) - mstat_mean(&lb));
		if (shift_ci(&lb, &lc, conf, &lo, &hi)) {
			j->lo = exp(lo);
			j->hi = exp(hi);
		} else {
			j->lo = j->hi = j->ratio;
		}
		return;
	}
	if (mstat_mean(b) != 0)
		j->ratio = mstat_mean(c) / mstat_mean(b);
	if (!fieller(b, c, conf, &j->lo, &j->hi))
		j->lo = j->hi = NAN;
}

/*
 * Runs a side that would turn an inconclusive row into a verdict, if the
 * means and spreads stayed as measured; the change test is taken at the
 * Bonferroni level over @family rows, which Benjamini-Hochberg never asks
 * more than.
 */
static int runs_needed(const struct mstat *b, const struct mstat *c,
		       const struct cmp_rule *r, size_t family)
{
	double alpha = 1 - r->conf;
	struct mstat sb, sc;
	struct pvals p;
	int n;

	for (n = (b->n > c->n ? b->n : c->n) + 1; n <= MAX_RUNS_NEEDED; n++) {
		sb = scaled(b, n);
		sc = scaled(c, n);
		pvalues(&sb, &sc, r->threshold, &p);
		if (p.change * family < alpha || p.equiv < alpha / 2)
			return n;
	}
	return -1;
}

void judge_row(const struct mstat *b, const struct mstat *c,
	       const struct cmp_rule *r, double volume, struct judgement *j)
{
	double bm = mstat_mean(b), cm = mstat_mean(c), d;
	struct pvals p;

	*j = (struct judgement){ .v = V_NA, .pct = NAN, .ratio = NAN,
				 .lo = NAN, .hi = NAN, .p_change = NAN,
				 .p_equiv = NAN, .p_adj = NAN, .b = b, .c = c };
	if (!b->n || !c->n)
		return;
	d = cm - bm;
	j->up = d > 0;
	if (bm != 0)
		j->pct = d / fabs(bm) * 100;
	else
		j->pct = d == 0 ? 0 : copysign(INFINITY, d);
	ratio_interval(b, c, r->conf, j);
	if (volume < r->min_objects) {
		j->v = V_FEW_OBJECTS;
		return;
	}
	if (b->n < MIN_RUNS || c->n < MIN_RUNS) {
		j->v = V_NO_VERDICT;
		return;
	}
	pvalues(b, c, r->threshold, &p);
	j->up = p.more < p.less || (p.more == p.less && d > 0);
	j->p_change = p.change;
	j->p_equiv = p.equiv;
	j->tested = true;
	j->v = V_INCONCLUSIVE;
}

void judge_family(struct judgement *const *j, size_t n,
		  const struct cmp_rule *r)
{
	double alpha = 1 - r->conf, *p = xcalloc(n + 1, sizeof(*p));
	double *adj = xcalloc(n + 1, sizeof(*adj));
	size_t i, family = 0;

	for (i = 0; i < n; i++) {
		p[i] = j[i]->tested ? j[i]->p_change : NAN;
		family += j[i]->tested;
	}
	bh(p, adj, n);
	for (i = 0; i < n; i++) {
		if (!j[i]->tested)
			continue;
		j[i]->p_adj = adj[i];
		if (adj[i] < alpha)
			j[i]->v = j[i]->up ? V_MORE : V_LESS;
		else if (j[i]->p_equiv < alpha / 2)
			j[i]->v = V_UNCHANGED;
		else
			j[i]->runs_needed = runs_needed(j[i]->b, j[i]->c, r,
						       family);
	}
	free(p);
	free(adj);
}

const char *verdict_str(enum verdict v)
{
	static const char *const s[V_MAX] = {
		"unchanged", "more aggressive", "less aggressive",
		"inconclusive", "no verdict", "too few objects", "n/a",
	};

	return v < V_MAX ? s[v] : "?";
}
