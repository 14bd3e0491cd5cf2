// SPDX-License-Identifier: GPL-2.0
/*
 * compare's tables: what could not be compared and why, one row per
 * shrinker x node x metric with its verdict, the verdict counts.
 */
#include <math.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "cmp.h"
#include "strtab.h"
#include "util.h"

/* Files of @s lacking @cap (or, cap < 0, any reclaim window). */
static char *lacking(const struct side *s, int cap)
{
	char *out = NULL, *p;
	int i;

	for (i = 0; i < s->n; i++) {
		bool ok = cap >= 0 ? s->caps[i][cap] : s->aggs[i].windows > 0;

		if (ok)
			continue;
		p = xasprintf("%s%s%s", out ? out : "", out ? ", " : "",
			      s->files[i]);
		free(out);
		out = p;
	}
	return out;
}

static bool why_not(struct tab *t, const struct side *b,
		    const struct side *c, int cap, const char *what,
		    const char *lacks)
{
	char *lb = lacking(b, cap), *lc = lacking(c, cap), *why;

	if (!lb && !lc)
		return true;
	why = xasprintf("%s: %s%s%s%s%s", lacks,
			lb ? "base " : "", lb ? lb : "",
			lb && lc ? "; " : "",
			lc ? "candidate " : "", lc ? lc : "");
	tab_row(t);
	tab_str(t, what);
	tab_str(t, why);
	free(why);
	free(lb);
	free(lc);
	return false;
}

static void figures_compared(struct tab *t, struct cmp_opts *o,
			     bool on[M_MAX])
{
	const struct side *b = &o->base, *c = &o->cand;

	on[M_DEFERRED_PER_CALL] = why_not(t, b, c, CAP_DEFERRED,
		"deferred_per_call (start nr_objects_to_shrink)",
		"no nr_objects_to_shrink in mm_shrink_slab_start");
	on[M_ASKED_PER_FREEABLE] = why_not(t, b, c, CAP_CACHE_ITEMS,
		"asked_per_freeable (start total_scan, cache_items)",
		"no total_scan/cache_items in mm_shrink_slab_start");
	on[M_FREED_PER_SCANNED] = why_not(t, b, c, CAP_SCANNED,
		"freed_per_scanned (end scanned or batch nr_scanned)",
		"no scanned in mm_shrink_slab_end and no vmscan:mm_shrink_slab_batch");
	on[M_FREED_PER_FILE_PAGE] = why_not(t, b, c, CAP_LRU_INACTIVE,
		"freed_per_file_page (mm_vmscan_lru_shrink_inactive)",
		"no vmscan:mm_vmscan_lru_shrink_inactive with nid, nr_reclaimed, reclaim_flags");
}

static const struct col nc_cols[] = {
	{ "not_compared", 0 }, { "why", 0 },
};

struct tab *not_compared(struct cmp_opts *o, bool *by_name, bool on[M_MAX])
{
	struct tab *t = tab_new("not_compared",
				"Fields that could not be compared",
				nc_cols, ARRAY_SIZE(nc_cols));

	*by_name = why_not(t, &o->base, &o->cand, CAP_NAME,
			   "shrinker name (rows keyed by scan function symbol)",
			   "no name field");
	on[M_FREED_PER_CALL] = true;
	on[M_FREED_PER_RUN] = true;
	on[M_SCANNED_PER_ASKED] = why_not(t, &o->base, &o->cand, CAP_SCANNED,
		"scanned_per_asked, scanned_per_run (end scanned or batch nr_scanned)",
		"no scanned in mm_shrink_slab_end and no vmscan:mm_shrink_slab_batch");
	on[M_SCANNED_PER_RUN] = on[M_SCANNED_PER_ASKED];
	on[M_FREED_PER_PAGE] = why_not(t, &o->base, &o->cand, CAP_RECLAIM,
		"freed_per_page (mm_vmscan_*_reclaim_end nr_reclaimed)",
		"no mm_vmscan_*_reclaim_begin/end in the trace");
	if (on[M_FREED_PER_PAGE])
		on[M_FREED_PER_PAGE] = why_not(t, &o->base, &o->cand, -1,
			"freed_per_page (mm_vmscan_*_reclaim_end nr_reclaimed)",
			"no direct/memcg reclaim window recorded");
	figures_compared(t, o, on);
	return t;
}

static const struct col cmp_cols[] = {
	{ "shrinker", 0 }, { "node", 0 }, { "metric", 0 },
	{ "base_n", 0 }, { "base_mean", COL_NOTEXT }, { "base_sd", COL_NOTEXT },
	{ "base_min", COL_NOTEXT }, { "base_max", COL_NOTEXT },
	{ "base", COL_TEXTONLY },
	{ "cand_n", 0 }, { "cand_mean", COL_NOTEXT }, { "cand_sd", COL_NOTEXT },
	{ "cand_min", COL_NOTEXT }, { "cand_max", COL_NOTEXT },
	{ "cand", COL_TEXTONLY },
	{ "ratio_of", COL_NOTEXT }, { "ratio", COL_NOTEXT },
	{ "ratio_lo", COL_NOTEXT },
	{ "ratio_hi", COL_NOTEXT }, { "ratio_ci", COL_TEXTONLY },
	{ "diff_pct", 0 }, { "p", 0 }, { "p_equiv", COL_NOTEXT },
	{ "verdict", 0 }, { "runs_needed", 0 },
};

/* "mean +- sd" for text: three significant places go a long way. */
static void mean_sd_text(struct tab *t, const struct mstat *m)
{
	char buf[64];

	if (!m->n) {
		tab_na(t);
		return;
	}
	snprintf(buf, sizeof(buf), "%.4g +- %.2g", mstat_mean(m), mstat_sd(m));
	tab_str(t, buf);
}

static void stat_cells(struct tab *t, const struct mstat *m)
{
	tab_int(t, m->n);
	tab_real(t, m->n ? mstat_mean(m) : NAN);
	tab_real(t, m->n ? mstat_sd(m) : NAN);
	tab_real(t, m->n ? m->min : NAN);
	tab_real(t, m->n ? m->max : NAN);
	mean_sd_text(t, m);
}

static void ratio_cells(struct tab *t, const struct judgement *j)
{
	char buf[96];

	if (isnan(j->ratio))
		tab_na(t);
	else
		tab_str(t, j->geometric ? "geometric means" : "means");
	tab_real(t, j->ratio);
	tab_real(t, j->lo);
	tab_real(t, j->hi);
	if (isnan(j->ratio))
		tab_na(t);
	else if (isnan(j->lo))
		tab_str(t, (snprintf(buf, sizeof(buf), "%.3g [unbounded]",
				     j->ratio), buf));
	else
		tab_str(t, (snprintf(buf, sizeof(buf), "%.3g [%.3g, %.3g]",
				     j->ratio, j->lo, j->hi), buf));
}

static void runs_cell(struct tab *t, const struct judgement *j)
{
	if (j->v != V_INCONCLUSIVE && j->v != V_NO_VERDICT)
		tab_na(t);
	else if (j->v == V_NO_VERDICT)
		tab_int(t, MIN_RUNS);
	else if (j->runs_needed < 0)
		tab_str(t, "many");
	else
		tab_int(t, j->runs_needed);
}

/* One compared row: a key, a metric, both sides and their judgement. */
struct crow {
	const struct ckey *k;
	enum metric m;
	struct judgement j;
};

static void cmp_row(struct tab *t, const struct crow *r)
{
	tab_row(t);
	tab_str(t, str_get(r->k->label));
	tab_int(t, r->k->nid);
	tab_str(t, metric_str(r->m));
	stat_cells(t, r->j.b);
	stat_cells(t, r->j.c);
	ratio_cells(t, &r->j);
	tab_real(t, r->j.pct);
	tab_real(t, r->j.p_adj);
	tab_real(t, r->j.p_equiv);
	tab_str(t, verdict_str(r->j.v));
	runs_cell(t, &r->j);
}

static int cmp_ckey(const void *pa, const void *pb)
{
	const struct ckey *a = *(const struct ckey *const *)pa;
	const struct ckey *b = *(const struct ckey *const *)pb;
	int c = strcmp(str_get(a->label), str_get(b->label));

	if (c)
		return c;
	return a->nid < b->nid ? -1 : a->nid > b->nid;
}

/* Every key of either side, sorted. */
static const struct ckey **all_keys(const struct cside *b,
				    const struct cside *c, size_t *n)
{
	const struct ckey **ks = xcalloc(b->rows.n + c->rows.n + 1,
					 sizeof(*ks));
	const void *kp;
	size_t it = 0;

	*n = 0;
	while (htab_next(&b->rows, &it, &kp))
		ks[(*n)++] = kp;
	it = 0;
	while (htab_next(&c->rows, &it, &kp))
		if (!htab_get(&b->rows, kp))
			ks[(*n)++] = kp;
	qsort(ks, *n, sizeof(*ks), cmp_ckey);
	return ks;
}

/* A side's metrics of @k; none at all if the side never had it. */
static const struct mstat *side_row(const struct cside *s,
				    const struct ckey *k)
{
	static const struct mstat none[M_MAX];
	const struct mstat *m = htab_get(&s->rows, k);

	return m ? m : none;
}

/* Objects a key moves per run: freed or scanned, on the busier side. */
static double volume(const struct mstat *mb, const struct mstat *mc)
{
	static const enum metric per_run[] = {
		M_FREED_PER_RUN, M_SCANNED_PER_RUN
	};
	double v = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(per_run); i++) {
		if (mb[per_run[i]].n)
			v = fmax(v, mstat_mean(&mb[per_run[i]]));
		if (mc[per_run[i]].n)
			v = fmax(v, mstat_mean(&mc[per_run[i]]));
	}
	return v;
}

static size_t key_rows(struct crow *out, const struct ckey *k,
		       const struct mstat *mb, const struct mstat *mc,
		       const bool on[M_MAX], const struct cmp_rule *rule)
{
	double vol = volume(mb, mc);
	size_t n = 0;
	int m;

	for (m = 0; m < M_MAX; m++) {
		/* undefined on both sides (e.g. nothing asked): no row */
		if (!on[m] || (!mb[m].n && !mc[m].n))
			continue;
		out[n].k = k;
		out[n].m = m;
		judge_row(&mb[m], &mc[m], rule, vol, &out[n].j);
		n++;
	}
	return n;
}

struct tab *rows_tab(const struct cmp_opts *o, const bool on[M_MAX],
		     int *count)
{
	struct tab *t = tab_new("compare",
				"Per shrinker and node: base vs candidate",
				cmp_cols, ARRAY_SIZE(cmp_cols));
	const struct cside *b = &o->base.cs, *c = &o->cand.cs;
	const struct ckey **ks;
	struct judgement **js;
	struct crow *rows;
	size_t n, i, nr = 0;
	regex_t only;

	if (o->only && regcomp(&only, o->only, REG_EXTENDED | REG_NOSUB))
		fail(NULL, "compare: bad --shrinker expression '%s'", o->only);
	ks = all_keys(b, c, &n);
	rows = xcalloc(n * M_MAX + 1, sizeof(*rows));
	for (i = 0; i < n; i++) {
		if (o->only && regexec(&only, str_get(ks[i]->label), 0, NULL, 0))
			continue;
		nr += key_rows(rows + nr, ks[i], side_row(b, ks[i]),
			       side_row(c, ks[i]), on, &o->rule);
	}
	js = xcalloc(nr + 1, sizeof(*js));
	for (i = 0; i < nr; i++)
		js[i] = &rows[i].j;
	judge_family(js, nr, &o->rule);
	free(js);
	for (i = 0; i < nr; i++) {
		cmp_row(t, &rows[i]);
		count[rows[i].j.v]++;
	}
	free(rows);
	free(ks);
	if (o->only) {
		regfree(&only);
		tab_note(t, "only shrinkers matching /%s/", o->only);
	}
	tab_note(t, "ratio: candidate / base [%g%% interval], of geometric "
		 "means (Welch on logs) when every run of both sides is above "
		 "zero, else of means (Fieller); p: chance of a change beyond "
		 "+-%g%% this large by noise, Benjamini-Hochberg-adjusted over "
		 "all rows tested%s. "
		 "more/less aggressive: p < %g; unchanged: the interval within "
		 "+-%g%%; inconclusive: neither (runs_needed: runs a side that "
		 "would decide, if means and spreads held); no verdict: under "
		 "%d runs a side; too few objects: under %g objects freed or "
		 "scanned per run", o->rule.conf * 100, o->rule.threshold,
		 "", 1 - o->rule.conf, o->rule.threshold, MIN_RUNS,
		 o->rule.min_objects);
	return t;
}

static const struct col vd_cols[] = { { "verdict", 0 }, { "rows", 0 } };

int compare_status(const int *count)
{
	if (count[V_MORE] || count[V_LESS])
		return EXIT_CHANGED;
	if (count[V_INCONCLUSIVE] || count[V_NO_VERDICT])
		return EXIT_INCONCLUSIVE;
	return 0;
}

struct tab *verdicts_tab(const int *count)
{
	static const char *const what[] = {
		[0] = "unchanged (exit status 0)",
		[EXIT_CHANGED] = "CHANGED (exit status 1)",
		[EXIT_INCONCLUSIVE] = "INCONCLUSIVE (exit status 3): no change "
			"found, but some rows need more runs to decide",
	};
	struct tab *t = tab_new("verdicts", "Verdicts", vd_cols,
				ARRAY_SIZE(vd_cols));
	int v;

	for (v = 0; v < V_MAX; v++) {
		tab_row(t);
		tab_str(t, verdict_str(v));
		tab_int(t, count[v]);
	}
	tab_note(t, "%s", what[compare_status(count)]);
	return t;
}

static const struct col in_cols[] = {
	{ "side", 0 }, { "file", 0 }, { "calls", 0 }, { "freed", 0 },
	{ "reclaim_windows", 0 }, { "lost_events", 0 },
};

static void input_rows(struct tab *t, const struct side *s)
{
	const struct row *r;
	int64_t calls, freed;
	size_t it;
	int i;

	for (i = 0; i < s->n; i++) {
		calls = freed = 0;
		it = 0;
		while ((r = htab_next(&s->aggs[i].rows, &it, NULL))) {
			calls += r->calls;
			freed += r->freed;
		}
		tab_row(t);
		tab_str(t, s->label);
		tab_str(t, s->files[i]);
		tab_int(t, calls);
		tab_int(t, freed);
		tab_int(t, s->caps[i][CAP_RECLAIM] ? s->aggs[i].windows : NA);
		tab_int(t, s->fi[i].lost);
	}
}

struct tab *inputs_tab(const struct cmp_opts *o, bool by_name)
{
	struct tab *t = tab_new("inputs", "Inputs", in_cols,
				ARRAY_SIZE(in_cols));

	input_rows(t, &o->base);
	input_rows(t, &o->cand);
	tab_note(t, "rows keyed by %s; threshold %g%%, confidence %g%%, "
		 "floor %g objects per run",
		 by_name ? "shrinker name" : "scan function symbol",
		 o->rule.threshold, o->rule.conf * 100, o->rule.min_objects);
	return t;
}

