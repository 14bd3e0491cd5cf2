// SPDX-License-Identifier: GPL-2.0
/*
 * Scan batches per shrinker instance. Rows come sorted by (name, shr), so
 * an instance's rows (its nodes and memcgs) are contiguous.
 */
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "strtab.h"
#include "util.h"

struct group {
	uint32_t name;
	int64_t shr;
	struct row sum;
};

static size_t next_group(struct rref *rs, size_t n, size_t i,
			 struct group *g)
{
	const struct row_key *k = rs[i].k;
	int b;

	memset(g, 0, sizeof(*g));
	g->name = k->name;
	g->shr = k->shr;
	for (; i < n && rs[i].k->name == k->name && rs[i].k->shr == k->shr;
	     i++) {
		const struct row *r = rs[i].r;

		g->sum.calls += r->calls;
		g->sum.batches += r->batches;
		g->sum.partial += r->partial;
		g->sum.stopped += r->stopped;
		if (r->max_batches > g->sum.max_batches)
			g->sum.max_batches = r->max_batches;
		for (b = 0; b < HBUCKETS; b++)
			g->sum.hist[b] += r->hist[b];
	}
	return i;
}

static const struct col batch_cols[] = {
	{ "shrinker", 0 }, { "shr", 0 }, { "calls", 0 }, { "batches", 0 },
	{ "batches_per_call", 0 }, { "max_batches_per_call", 0 },
	{ "partial", 0 }, { "partial_share", 0 }, { "shrink_stop", 0 },
};

static void batch_row(struct tab *t, const struct agg *a,
		      const struct group *g)
{
	const struct row *s = &g->sum;
	int64_t partial = a->caps[CAP_BATCH_SIZE] ? s->partial : NA;

	tab_row(t);
	tab_str(t, str_get(g->name));
	tab_hex(t, g->shr);
	tab_int(t, s->calls);
	tab_int(t, s->batches);
	tab_ratio(t, s->batches, s->calls);
	tab_int(t, s->max_batches);
	tab_int(t, partial);
	tab_ratio(t, partial, s->batches);
	tab_int(t, a->caps[CAP_STOPPED] ? s->stopped : NA);
}

struct tab *tab_batches(const struct agg *a, struct rref *rs, size_t n)
{
	struct tab *t = tab_new("batches", "Scan batches per shrinker",
				batch_cols, ARRAY_SIZE(batch_cols));
	struct group g;
	size_t i = 0;

	if (!a->caps[CAP_BATCH]) {
		tab_unavailable(t, "no vmscan:mm_shrink_slab_batch events with nr_to_scan/nr_scanned in the trace");
		return t;
	}
	while (i < n) {
		i = next_group(rs, n, i, &g);
		batch_row(t, a, &g);
	}
	tab_note(t, "partial: batches with nr_to_scan < the shrinker's "
		 "batch size; shrink_stop: batches whose scan_objects() "
		 "returned SHRINK_STOP");
	return t;
}

static const struct col hist_cols[] = {
	{ "shrinker", 0 }, { "shr", 0 }, { "nr_to_scan", 0 },
	{ "lo", COL_NOTEXT }, { "hi", COL_NOTEXT }, { "batches", 0 },
};

static void hist_rows(struct tab *t, const char *name, int64_t shr,
		      const int64_t *hist)
{
	char label[48];
	int b;

	for (b = 0; b < HBUCKETS; b++) {
		int64_t lo = hbucket_lo(b), hi = hbucket_hi(b);

		if (!hist[b])
			continue;
		if (hi < 0)
			snprintf(label, sizeof(label), ">=%lld", (long long)lo);
		else if (lo == hi)
			snprintf(label, sizeof(label), "%lld", (long long)lo);
		else
			snprintf(label, sizeof(label), "%lld-%lld",
				 (long long)lo, (long long)hi);
		tab_row(t);
		tab_str(t, name);
		tab_hex(t, shr);
		tab_str(t, label);
		tab_int(t, lo);
		tab_int(t, hi < 0 ? NA : hi);
		tab_int(t, hist[b]);
	}
}

struct tab *tab_batch_hist(const struct agg *a, struct rref *rs, size_t n)
{
	struct tab *t = tab_new("batch_hist",
				"Batch sizes (nr_to_scan, log2 buckets)",
				hist_cols, ARRAY_SIZE(hist_cols));
	int64_t all[HBUCKETS] = { 0 };
	struct group g;
	size_t i;
	int b;

	if (!a->caps[CAP_BATCH]) {
		tab_unavailable(t, "no vmscan:mm_shrink_slab_batch events with nr_to_scan in the trace");
		return t;
	}
	for (i = 0; i < n; i++)
		for (b = 0; b < HBUCKETS; b++)
			all[b] += rs[i].r->hist[b];
	hist_rows(t, "(all)", NA, all);
	for (i = 0; i < n;) {
		i = next_group(rs, n, i, &g);
		hist_rows(t, str_get(g.name), g.shr, g.sum.hist);
	}
	return t;
}
