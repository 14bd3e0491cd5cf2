// SPDX-License-Identifier: GPL-2.0
/*
 * kswapd's passes, run by run, and whether the sides differ: the share
 * of passes that ended at priority 12 and the direct reclaim windows per
 * run, by the exact rank-sum test (a handful of runs a side, counts and
 * shares far from normal). Told, not judged: these take no part in the
 * verdicts or the exit status.
 */
#include "cmp.h"
#include "report.h"
#include "util.h"

static const struct col run_cols[] = {
	{ "side", 0 }, { "file", 0 }, { "passes", 0 }, { "ended_at_12", 0 },
	{ "ended_at_12_share", 0 }, { "direct_windows", 0 },
};

static const struct col test_cols[] = {
	{ "figure", 0 }, { "base_runs", 0 }, { "base_mean", 0 },
	{ "cand_runs", 0 }, { "cand_mean", 0 }, { "rank_sum", 0 },
	{ "rank_sum_mean", 0 }, { "p", 0 },
};

enum figure { FIG_SHARE, FIG_WINDOWS, FIG_MAX };

static const char *const fig_name[FIG_MAX] = {
	[FIG_SHARE] = "share of passes ended at 12",
	[FIG_WINDOWS] = "direct reclaim windows per run",
};

static bool has_reclaim(const bool caps[CAP_MAX])
{
	return caps[CAP_RECLAIM];
}

/* Whether every file of both sides passes @ok. */
static bool all_files(const struct cmp_opts *o,
		      bool (*ok)(const bool caps[CAP_MAX]))
{
	const struct side *s[] = { &o->base, &o->cand };
	int i, j;

	for (i = 0; i < 2; i++)
		for (j = 0; j < s[i]->n; j++)
			if (!ok(s[i]->caps[j]))
				return false;
	return true;
}

/* @s's values of @fig, one per run that has one; their number. */
static int values(const struct side *s, enum figure fig, double *v)
{
	const struct agg *a;
	int i, n = 0;

	for (i = 0; i < s->n && n < RANKSUM_MAX / 2; i++) {
		a = &s->aggs[i];
		if (fig == FIG_WINDOWS)
			v[n++] = a->direct_windows;
		else if (a->kswapd_passes)
			v[n++] = (double)kswapd_ended(a) / a->kswapd_passes;
	}
	return n;
}

static double mean(const double *v, int n)
{
	struct mstat m = { 0 };
	int i;

	for (i = 0; i < n; i++)
		mstat_add(&m, v[i]);
	return mstat_mean(&m);
}

static void test_row(struct tab *t, const struct cmp_opts *o, enum figure fig)
{
	double b[RANKSUM_MAX], c[RANKSUM_MAX], w, wmean, p;
	int nb = values(&o->base, fig, b), nc = values(&o->cand, fig, c);

	tab_row(t);
	tab_str(t, fig_name[fig]);
	tab_int(t, nb);
	tab_real(t, mean(b, nb));
	tab_int(t, nc);
	tab_real(t, mean(c, nc));
	if (ranksum_exact(b, nb, c, nc, &w, &wmean, &p)) {
		tab_real(t, w);
		tab_real(t, wmean);
		tab_real(t, p);
	} else {
		tab_na(t);
		tab_na(t);
		tab_na(t);
	}
}

struct tab *kswapd_runs_tab(const struct cmp_opts *o)
{
	struct tab *t = tab_new("kswapd_runs", "kswapd passes per run",
				run_cols, ARRAY_SIZE(run_cols));
	const struct side *s[] = { &o->base, &o->cand };
	bool windows = all_files(o, has_reclaim);
	int i, j;

	if (!all_files(o, kswapd_known)) {
		tab_unavailable(t, "%s in every trace", kswapd_unknown);
		return t;
	}
	for (i = 0; i < 2; i++)
		for (j = 0; j < s[i]->n; j++) {
			tab_row(t);
			tab_str(t, s[i]->label);
			tab_str(t, s[i]->files[j]);
			kswapd_row(t, &s[i]->aggs[j], windows);
		}
	tab_note(t, "%s", kswapd_note);
	return t;
}

struct tab *kswapd_tests_tab(const struct cmp_opts *o)
{
	struct tab *t = tab_new("kswapd_tests",
				"kswapd passes: base against candidate",
				test_cols, ARRAY_SIZE(test_cols));

	if (!all_files(o, kswapd_known)) {
		tab_unavailable(t, "%s in every trace", kswapd_unknown);
		return t;
	}
	test_row(t, o, FIG_SHARE);
	if (all_files(o, has_reclaim))
		test_row(t, o, FIG_WINDOWS);
	tab_note(t, "p: exact two-sided rank-sum test over every split of the "
		 "runs (midranks for ties; the first %d runs a side at most); "
		 "runs without a pass have no share; rank_sum is the base "
		 "side's; not part of the verdicts", RANKSUM_MAX / 2);
	return t;
}
