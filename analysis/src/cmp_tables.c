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
	on[M_FREED_PER_SCANNED] = why_not(t, b, c, CAP_BATCH,
		"freed_per_scanned (batch nr_scanned)",
		"no vmscan:mm_shrink_slab_batch with nr_scanned");
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
	on[M_SCANNED_PER_ASKED] = why_not(t, &o->base, &o->cand, CAP_BATCH,
		"scanned_per_asked (batch nr_scanned)",
		"no vmscan:mm_shrink_slab_batch with nr_scanned");
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
	{ "base_n", 0 }, { "base_mean", 0 },
	{ "base_min", COL_NOTEXT }, { "base_max", COL_NOTEXT },
	{ "base_range", COL_TEXTONLY }, { "base_sd", COL_NOTEXT },
	{ "cand_n", 0 }, { "cand_mean", 0 },
	{ "cand_min", COL_NOTEXT }, { "cand_max", COL_NOTEXT },
	{ "cand_range", COL_TEXTONLY }, { "cand_sd", COL_NOTEXT },
	{ "diff_pct", 0 }, { "verdict", 0 },
};

static void stat_cells(struct tab *t, const struct mstat *m)
{
	char buf[64];

	tab_int(t, m ? m->n : 0);
	if (!m || !m->n) {
		tab_na(t);
		tab_na(t);
		tab_na(t);
		tab_na(t);
		tab_na(t);
		return;
	}
	tab_real(t, mstat_mean(m));
	tab_real(t, m->min);
	tab_real(t, m->max);
	snprintf(buf, sizeof(buf), "%.3f..%.3f", m->min, m->max);
	tab_str(t, buf);
	tab_real(t, mstat_sd(m));
}

static void cmp_row(struct tab *t, const struct ckey *k, enum metric m,
		    const struct mstat *b, const struct mstat *c,
		    enum verdict v, double pct)
{
	tab_row(t);
	tab_str(t, str_get(k->label));
	tab_int(t, k->nid);
	tab_str(t, metric_str(m));
	stat_cells(t, b);
	stat_cells(t, c);
	tab_real(t, pct);
	tab_str(t, verdict_str(v));
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
	const struct ckey **ks = xcalloc(b->rows.n + c->rows.n, sizeof(*ks));
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

static void one_key(struct tab *t, const struct ckey *k,
		    const struct mstat *mb, const struct mstat *mc,
		    const bool on[M_MAX], double thr, int *count)
{
	enum verdict v;
	double pct;
	int m;

	if (!mb || !mc) {
		v = mb ? V_ONLY_BASE : V_ONLY_CAND;
		cmp_row(t, k, M_FREED_PER_CALL, mb, mc, v, NAN);
		count[v]++;
		return;
	}
	for (m = 0; m < M_MAX; m++) {
		/* undefined on both sides (e.g. nothing asked): no row */
		if (!on[m] || (!mb[m].n && !mc[m].n))
			continue;
		v = verdict(&mb[m], &mc[m], thr, metric_floor(m), &pct);
		cmp_row(t, k, m, &mb[m], &mc[m], v, pct);
		count[v]++;
	}
}

struct tab *rows_tab(const struct cmp_opts *o, const bool on[M_MAX],
		     int *count)
{
	struct tab *t = tab_new("compare",
				"Per shrinker and node: base vs candidate",
				cmp_cols, ARRAY_SIZE(cmp_cols));
	const struct cside *b = &o->base.cs, *c = &o->cand.cs;
	const struct ckey **ks;
	regex_t only;
	size_t n, i;

	if (o->only && regcomp(&only, o->only, REG_EXTENDED | REG_NOSUB))
		fail(NULL, "compare: bad --shrinker expression '%s'", o->only);
	ks = all_keys(b, c, &n);
	for (i = 0; i < n; i++) {
		if (o->only && regexec(&only, str_get(ks[i]->label), 0, NULL, 0))
			continue;
		one_key(t, ks[i], htab_get(&b->rows, ks[i]),
			htab_get(&c->rows, ks[i]), on, o->threshold, count);
	}
	free(ks);
	if (o->only) {
		regfree(&only);
		tab_note(t, "only shrinkers matching /%s/", o->only);
	}
	tab_note(t, "unchanged: |diff_pct| < %g%%, or the base and candidate "
		 "min..max ranges overlap, or the means differ by no more "
		 "than the wider range; more/less aggressive: the "
		 "candidate's mean is higher/lower. freed_per_call: objects "
		 "freed per shrinker call; scanned_per_asked: objects "
		 "scanned per object asked; freed_per_page: objects freed in "
		 "direct/memcg reclaim per page it reclaimed", o->threshold);
	return t;
}

static const struct col vd_cols[] = { { "verdict", 0 }, { "rows", 0 } };

struct tab *verdicts_tab(const int *count)
{
	struct tab *t = tab_new("verdicts", "Verdicts", vd_cols,
				ARRAY_SIZE(vd_cols));
	int v;

	for (v = 0; v < V_MAX; v++) {
		tab_row(t);
		tab_str(t, verdict_str(v));
		tab_int(t, count[v]);
	}
	tab_note(t, "%s", count[V_MORE] || count[V_LESS] ?
		 "CHANGED (exit status 1)" : "unchanged (exit status 0)");
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
	tab_note(t, "rows keyed by %s; threshold %g%%",
		 by_name ? "shrinker name" : "scan function symbol",
		 o->threshold);
	return t;
}

