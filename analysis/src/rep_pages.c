// SPDX-License-Identifier: GPL-2.0
/*
 * Slab objects freed per page-cache page reclaimed, per node and over
 * time: the balance "mm: slowly shrink slabs with a relatively small
 * number of objects" upset in 2019 (inode and dentry caches emptied far
 * faster than the page cache) and its revert restored.
 */
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "util.h"

struct node_bal {
	int64_t nid;
	int64_t file, anon, freed;
};

static int cmp_i64p(const void *pa, const void *pb)
{
	int64_t a = *(const int64_t *)pa, b = *(const int64_t *)pb;

	return a < b ? -1 : a > b;
}

static int cmp_bal(const void *pa, const void *pb)
{
	return cmp_i64p(&((const struct node_bal *)pa)->nid,
			&((const struct node_bal *)pb)->nid);
}

static struct node_bal *bal_of(struct htab *h, int64_t nid)
{
	struct node_bal *b = htab_put(h, &nid);

	b->nid = nid;
	return b;
}

/* Every node with pages reclaimed or shrinker calls, sorted. */
static struct node_bal *balance(const struct agg *a, struct rref *rs,
				size_t n, size_t *nn)
{
	const struct page_row *p;
	struct node_bal *out, *b;
	const void *k;
	struct htab h;
	size_t i, it = 0;

	htab_init(&h, sizeof(int64_t), sizeof(struct node_bal));
	while ((p = htab_next(&a->pages, &it, &k))) {
		b = bal_of(&h, *(const int64_t *)k);
		b->file += p->file;
		b->anon += p->anon;
	}
	for (i = 0; i < n; i++)
		bal_of(&h, rs[i].k->nid)->freed += rs[i].r->freed;
	out = xcalloc(h.n, sizeof(*out));
	*nn = 0;
	it = 0;
	while ((b = htab_next(&h, &it, NULL)))
		out[(*nn)++] = *b;
	htab_free(&h);
	qsort(out, *nn, sizeof(*out), cmp_bal);
	return out;
}

static const struct col bal_cols[] = {
	{ "node", 0 }, { "file_pages_reclaimed", 0 },
	{ "anon_pages_reclaimed", 0 }, { "slab_objects_freed", 0 },
	{ "objects_per_file_page", 0 },
};

#define NO_LRU "no vmscan:mm_vmscan_lru_shrink_inactive events with nid, nr_reclaimed and reclaim_flags in the trace"

struct tab *tab_slab_vs_file(const struct agg *a, struct rref *rs, size_t n)
{
	struct tab *t = tab_new("slab_vs_file",
				"Slab objects freed per page-cache page reclaimed, per node",
				bal_cols, ARRAY_SIZE(bal_cols));
	struct node_bal *bs;
	size_t i, nn;

	if (!a->caps[CAP_LRU_INACTIVE]) {
		tab_unavailable(t, NO_LRU);
		return t;
	}
	bs = balance(a, rs, n, &nn);
	for (i = 0; i < nn; i++) {
		tab_row(t);
		tab_int(t, bs[i].nid);
		tab_int(t, bs[i].file);
		tab_int(t, bs[i].anon);
		tab_int(t, bs[i].freed);
		tab_ratio(t, bs[i].freed, bs[i].file);
	}
	free(bs);
	tab_note(t, "file/anon pages: nr_reclaimed of "
		 "mm_vmscan_lru_shrink_inactive with reclaim_flags "
		 "RECLAIM_WB_FILE / RECLAIM_WB_ANON; slab objects: end retval "
		 "of every shrinker call on the node");
	return t;
}

/* Node ids of either series, sorted and unique. */
static int64_t *series_nodes(const struct series *s1, const struct series *s2,
			     size_t *n)
{
	int64_t *ids = xcalloc(s1->lines.n + s2->lines.n, sizeof(*ids));
	const struct series *s[2] = { s1, s2 };
	const void *kp;
	size_t it, i, j, m = 0;

	for (i = 0; i < 2; i++) {
		it = 0;
		while (htab_next(&s[i]->lines, &it, &kp))
			ids[m++] = ((const struct series_key *)kp)->a;
	}
	qsort(ids, m, sizeof(*ids), cmp_i64p);
	for (i = j = 0; i < m; i++)
		if (!j || ids[j - 1] != ids[i])
			ids[j++] = ids[i];
	*n = j;
	return ids;
}

static int64_t at(const struct series *s, int64_t nid, size_t b)
{
	struct series_key k;
	const struct line *l;

	memset(&k, 0, sizeof(k));
	k.a = nid;
	l = htab_get(&s->lines, &k);
	return l ? line_at(l, b) : 0;
}

static const struct col ts_cols[] = {
	{ "t_start_s", 0 }, { "node", 0 }, { "file_pages", 0 },
	{ "slab_freed", 0 }, { "objects_per_file_page", 0 },
};

struct tab *tab_balance_by_node(const struct agg *a, double bucket_s)
{
	struct tab *t = tab_new("balance_by_node",
				"Slab objects freed and file pages reclaimed per node over time",
				ts_cols, ARRAY_SIZE(ts_cols));
	const struct series *fs = &a->file_by_node, *ss = &a->by_node;
	size_t nb = fs->nbuckets > ss->nbuckets ? fs->nbuckets : ss->nbuckets;
	size_t nn, i, b;
	int64_t *ids;

	if (!a->caps[CAP_LRU_INACTIVE]) {
		tab_unavailable(t, NO_LRU);
		return t;
	}
	ids = series_nodes(fs, ss, &nn);
	for (b = 0; b < nb; b++) {
		for (i = 0; i < nn; i++) {
			int64_t file = at(fs, ids[i], b);
			int64_t freed = at(ss, ids[i], b);

			tab_row(t);
			tab_real(t, b * bucket_s);
			tab_int(t, ids[i]);
			tab_int(t, file);
			tab_int(t, freed);
			tab_ratio(t, freed, file);
		}
	}
	free(ids);
	tab_note(t, "bucket %g s from the first event; objects_per_file_page "
		 "is - in a bucket without file pages reclaimed", bucket_s);
	return t;
}
