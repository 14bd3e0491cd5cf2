// SPDX-License-Identifier: GPL-2.0
/* list_lru walks, reclaim windows and the time series. */
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "strtab.h"
#include "util.h"

static const struct col lru_cols[] = {
	{ "lru", 0 }, { "shrinker", 0 }, { "shrinker_id", 0 },
	{ "walks", 0 }, { "nr_to_walk", 0 }, { "walked", 0 },
	{ "removed", 0 }, { "removed_retry", 0 }, { "rotated", 0 },
	{ "skipped", 0 }, { "retried", 0 },
};

struct lref {
	int64_t lru;
	const struct lru_row *l;
};

static int cmp_lref(const void *pa, const void *pb)
{
	const struct lref *a = pa, *b = pb;
	int c = strcmp(str_get(a->l->name), str_get(b->l->name));

	if (c)
		return c;
	return a->lru < b->lru ? -1 : a->lru > b->lru;
}

struct tab *tab_lru(const struct agg *a)
{
	struct tab *t = tab_new("lru", "list_lru walk outcomes per lru",
				lru_cols, ARRAY_SIZE(lru_cols));
	struct lref *ls;
	const void *k;
	struct lru_row *l;
	size_t it = 0, n = 0, i;
	int j;

	if (!a->caps[CAP_LRU]) {
		tab_unavailable(t, "no list_lru:list_lru_walk events in the trace");
		return t;
	}
	ls = xcalloc(a->lrus.n, sizeof(*ls));
	while ((l = htab_next(&a->lrus, &it, &k))) {
		ls[n].lru = *(const int64_t *)k;
		ls[n++].l = l;
	}
	qsort(ls, n, sizeof(*ls), cmp_lref);
	for (i = 0; i < n; i++) {
		tab_row(t);
		tab_hex(t, ls[i].lru);
		if (ls[i].l->name)
			tab_str(t, str_get(ls[i].l->name));
		else
			tab_na(t);
		tab_int(t, ls[i].l->shrinker_id);
		tab_int(t, ls[i].l->walks);
		for (j = 0; j < 7; j++)
			tab_int(t, ls[i].l->v[j]);
	}
	free(ls);
	tab_note(t, "shrinker: by shrinker_id from start/register events, "
		 "else the shrinker call in flight in the walking task");
	return t;
}

static const struct col reclaim_cols[] = {
	{ "windows", 0 }, { "pages_reclaimed", 0 },
	{ "objects_freed_in_windows", 0 }, { "objects_per_page", 0 },
};

struct tab *tab_reclaim(const struct agg *a, struct rref *rs, size_t n)
{
	struct tab *t = tab_new("reclaim",
				"Direct/memcg reclaim windows (mm_vmscan_*_begin..end)",
				reclaim_cols, ARRAY_SIZE(reclaim_cols));
	int64_t freed = 0;
	size_t i;

	if (!a->caps[CAP_RECLAIM]) {
		tab_unavailable(t, "no mm_vmscan_*_reclaim_begin/end events with nr_reclaimed in the trace");
		return t;
	}
	for (i = 0; i < n; i++)
		freed += rs[i].r->win_freed;
	tab_row(t);
	tab_int(t, a->windows);
	tab_int(t, a->reclaimed);
	tab_int(t, freed);
	tab_ratio(t, freed, a->windows ? a->reclaimed : NA);
	tab_note(t, "kswapd has no begin/end events with nr_reclaimed: its "
		 "shrinker calls are outside every window");
	return t;
}

static int cmp_i64p(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

/* Node ids of the by_node series, sorted. */
static int64_t *series_nodes(const struct series *s, size_t *n)
{
	int64_t *ids = xcalloc(s->lines.n, sizeof(*ids));
	const struct series_key *k;
	const void *kp;
	size_t it = 0;

	*n = 0;
	while (htab_next(&s->lines, &it, &kp)) {
		k = kp;
		ids[(*n)++] = k->a;
	}
	qsort(ids, *n, sizeof(*ids), cmp_i64p);
	return ids;
}

static const struct line *node_line(const struct series *s, int64_t nid)
{
	struct series_key k;

	memset(&k, 0, sizeof(k));
	k.a = nid;
	return htab_get(&s->lines, &k);
}

struct tab *tab_by_node(const struct agg *a, double bucket_s)
{
	size_t nn, i, b;
	int64_t *ids = series_nodes(&a->by_node, &nn);
	struct col *cols = xcalloc(nn + 1, sizeof(*cols));
	struct tab *t;

	cols[0].name = xstrdup("t_start_s");
	for (i = 0; i < nn; i++)
		cols[i + 1].name = xasprintf("node%lld", (long long)ids[i]);
	t = tab_new("freed_by_node", "Objects freed per node over time",
		    cols, nn + 1);
	t->own_cols = true;
	for (b = 0; b < a->by_node.nbuckets; b++) {
		tab_row(t);
		tab_real(t, b * bucket_s);
		for (i = 0; i < nn; i++)
			tab_int(t, line_at(node_line(&a->by_node, ids[i]), b));
	}
	tab_note(t, "bucket %g s from the first event; a call counts in the "
		 "bucket of its end event", bucket_s);
	free(ids);
	return t;
}

static const struct col ts_cols[] = {
	{ "t_start_s", 0 }, { "shrinker", 0 }, { "shr", 0 }, { "freed", 0 },
};

struct sref {
	const struct series_key *k;
	const struct line *l;
};

static int cmp_sref(const void *pa, const void *pb)
{
	const struct series_key *a = ((const struct sref *)pa)->k;
	const struct series_key *b = ((const struct sref *)pb)->k;
	int c = strcmp(str_get(a->a), str_get(b->a));

	if (c)
		return c;
	return a->b < b->b ? -1 : a->b > b->b;
}

struct tab *tab_by_shrinker(const struct agg *a, double bucket_s)
{
	struct tab *t = tab_new("freed_by_shrinker",
				"Objects freed per shrinker over time (non-zero buckets)",
				ts_cols, ARRAY_SIZE(ts_cols));
	struct sref *ss = xcalloc(a->by_shr.lines.n, sizeof(*ss));
	const void *kp;
	struct line *l;
	size_t it = 0, n = 0, i, b;

	while ((l = htab_next(&a->by_shr.lines, &it, &kp))) {
		ss[n].k = kp;
		ss[n++].l = l;
	}
	qsort(ss, n, sizeof(*ss), cmp_sref);
	for (b = 0; b < a->by_shr.nbuckets; b++) {
		for (i = 0; i < n; i++) {
			int64_t v = line_at(ss[i].l, b);

			if (!v)
				continue;
			tab_row(t);
			tab_real(t, b * bucket_s);
			tab_str(t, str_get(ss[i].k->a));
			tab_hex(t, ss[i].k->b);
			tab_int(t, v);
		}
	}
	free(ss);
	return t;
}
