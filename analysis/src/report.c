// SPDX-License-Identifier: GPL-2.0
/* Files, missing fields, the per-shrinker table and per-node totals. */
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "strtab.h"
#include "util.h"

static int cmp_i64(int64_t a, int64_t b)
{
	return a < b ? -1 : a > b;
}

static int cmp_rref(const void *pa, const void *pb)
{
	const struct row_key *a = ((const struct rref *)pa)->k;
	const struct row_key *b = ((const struct rref *)pb)->k;
	int c = strcmp(str_get(a->name), str_get(b->name));

	if (!c)
		c = cmp_i64(a->shr, b->shr);
	if (!c)
		c = cmp_i64(a->nid, b->nid);
	if (!c)
		c = cmp_i64(a->memcg, b->memcg);
	return c;
}

struct rref *sorted_rows(const struct agg *a, size_t *n)
{
	struct rref *rs = xcalloc(a->rows.n, sizeof(*rs));
	const void *k;
	struct row *r;
	size_t it = 0;

	*n = 0;
	while ((r = htab_next(&a->rows, &it, &k))) {
		rs[*n].k = k;
		rs[(*n)++].r = r;
	}
	qsort(rs, *n, sizeof(*rs), cmp_rref);
	return rs;
}

const char *level_str(int64_t level)
{
	static const char *const names[] = { "low", "medium", "critical" };

	return level >= 0 && level < 3 ? names[level] : NULL;
}

static const struct col files_cols[] = {
	{ "file", 0 }, { "events", 0 }, { "shrink_events", 0 },
	{ "seconds", 0 }, { "lost_events", 0 },
};

static struct tab *tab_files(const struct report_in *in)
{
	struct tab *t = tab_new("files", "Trace files",
				files_cols, ARRAY_SIZE(files_cols));
	const struct agg *a = in->agg;
	int i;

	for (i = 0; i < in->nfiles; i++) {
		tab_row(t);
		tab_str(t, in->files[i].path);
		tab_int(t, in->files[i].events);
		tab_int(t, in->files[i].shrink_events);
		tab_real(t, in->files[i].seconds);
		tab_int(t, in->files[i].lost);
	}
	if (a->ends_unpaired || a->starts_open)
		tab_note(t, "%lld end events without their start, %lld starts "
			 "without their end (trace edges): asked and freed "
			 "cover slightly different calls",
			 (long long)a->ends_unpaired,
			 (long long)a->starts_open);
	if (in->nfiles > 1)
		tab_note(t, "tables sum all %d files; time buckets count "
			 "from each file's first event", in->nfiles);
	return t;
}

static const struct col missing_cols[] = {
	{ "missing", 0 }, { "not_available", 0 },
};

static struct tab *tab_missing(const struct report_in *in)
{
	struct tab *t = tab_new("missing", "Fields the trace does not have",
				missing_cols, ARRAY_SIZE(missing_cols));
	int i;

	for (i = 0; i < in->nmissing; i++) {
		tab_row(t);
		tab_str(t, in->missing[i].what);
		tab_str(t, in->missing[i].effect);
	}
	if (!in->nmissing)
		tab_note(t, "none: the trace has every event and field this report reads");
	return t;
}

static const struct col shr_cols[] = {
	{ "shrinker", 0 }, { "name_from", 0 }, { "symbol", COL_NOTEXT },
	{ "shr", 0 }, { "node", 0 }, { "memcg", 0 }, { "calls", 0 },
	{ "asked", 0 }, { "scanned", 0 }, { "freed", 0 },
	{ "freed_per_scanned", 0 }, { "freed_per_call", 0 },
	{ "deferred_before", 0 }, { "deferred_after", 0 },
};

struct tab *tab_shrinkers(const struct agg *a, struct rref *rs, size_t n)
{
	struct tab *t = tab_new("shrinkers",
				"Shrinkers: per shrinker x node x memcg",
				shr_cols, ARRAY_SIZE(shr_cols));
	bool sc = a->caps[CAP_SCANNED];
	size_t i;

	for (i = 0; i < n; i++) {
		const struct row *r = rs[i].r;

		tab_row(t);
		tab_str(t, str_get(rs[i].k->name));
		tab_str(t, src_str(r->src));
		tab_str(t, str_get(r->sym));
		tab_hex(t, rs[i].k->shr);
		tab_int(t, rs[i].k->nid);
		tab_int(t, rs[i].k->memcg);
		tab_int(t, r->calls);
		tab_int(t, a->caps[CAP_START] ? r->asked : NA);
		tab_int(t, sc ? r->scanned : NA);
		tab_int(t, r->freed);
		tab_ratio(t, r->freed, sc ? r->scanned : NA);
		tab_ratio(t, r->freed, r->calls);
		tab_int(t, r->def_seen ? r->def_first : NA);
		tab_int(t, r->def_last);
	}
	tab_note(t, "asked: total_scan at start; scanned: sum of batch "
		 "nr_scanned; freed: sum of end retval; deferred_before: "
		 "nr_deferred the row's first call took over, "
		 "deferred_after: what its last call left (new_scan)");
	return t;
}

static const struct col node_cols[] = {
	{ "node", 0 }, { "calls", 0 }, { "asked", 0 }, { "scanned", 0 },
	{ "freed", 0 },
};

struct node_sum {
	int64_t nid;
	int64_t calls, asked, scanned, freed;
};

static int cmp_node(const void *a, const void *b)
{
	return cmp_i64(((const struct node_sum *)a)->nid,
		       ((const struct node_sum *)b)->nid);
}

struct tab *tab_nodes(const struct agg *a, struct rref *rs, size_t n)
{
	struct tab *t = tab_new("nodes", "Totals per node",
				node_cols, ARRAY_SIZE(node_cols));
	struct node_sum *ns = xcalloc(n, sizeof(*ns));
	size_t i, j, nn = 0;

	for (i = 0; i < n; i++) {
		for (j = 0; j < nn && ns[j].nid != rs[i].k->nid; j++)
			;
		if (j == nn)
			ns[nn++].nid = rs[i].k->nid;
		ns[j].calls += rs[i].r->calls;
		ns[j].asked += rs[i].r->asked;
		ns[j].scanned += rs[i].r->scanned;
		ns[j].freed += rs[i].r->freed;
	}
	qsort(ns, nn, sizeof(*ns), cmp_node);
	for (j = 0; j < nn; j++) {
		tab_row(t);
		tab_int(t, ns[j].nid);
		tab_int(t, ns[j].calls);
		tab_int(t, a->caps[CAP_START] ? ns[j].asked : NA);
		tab_int(t, a->caps[CAP_SCANNED] ? ns[j].scanned : NA);
		tab_int(t, ns[j].freed);
	}
	free(ns);
	return t;
}

int report_tables(const struct report_in *in, struct tab **tabs)
{
	const struct agg *a = in->agg;
	size_t n;
	struct rref *rs = sorted_rows(a, &n);
	int k = 0;

	tabs[k++] = tab_files(in);
	tabs[k++] = tab_missing(in);
	tabs[k++] = tab_shrinkers(a, rs, n);
	tabs[k++] = tab_nodes(a, rs, n);
	tabs[k++] = tab_deferred(a, rs, n);
	tabs[k++] = tab_scan_ratios(a, rs, n);
	tabs[k++] = tab_priority(a);
	tabs[k++] = tab_reclaimer(a);
	tabs[k++] = tab_kswapd(a);
	tabs[k++] = tab_batches(a, rs, n);
	tabs[k++] = tab_batch_hist(a, rs, n);
	tabs[k++] = tab_memcg(a, rs, n);
	tabs[k++] = tab_lru(a);
	tabs[k++] = tab_vmpressure(a);
	tabs[k++] = tab_reclaim(a, rs, n);
	tabs[k++] = tab_slab_vs_file(a, rs, n);
	tabs[k++] = tab_by_node(a, in->bucket_s);
	tabs[k++] = tab_by_shrinker(a, in->bucket_s);
	tabs[k++] = tab_balance_by_node(a, in->bucket_s);
	free(rs);
	return k;
}
