// SPDX-License-Identifier: GPL-2.0
/* Per memcg: memcg-targeted vs global freeing, vmpressure notifications. */
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "util.h"

struct mc_sum {
	int64_t memcg;
	int64_t calls[2];
	int64_t freed[2];
};

static int cmp_mc(const void *pa, const void *pb)
{
	int64_t a = ((const struct mc_sum *)pa)->memcg;
	int64_t b = ((const struct mc_sum *)pb)->memcg;

	return a < b ? -1 : a > b;
}

static const struct col memcg_cols[] = {
	{ "memcg", 0 }, { "calls_global", 0 }, { "freed_global", 0 },
	{ "calls_memcg_reclaim", 0 }, { "freed_memcg_reclaim", 0 },
};

static struct mc_sum *sum_memcgs(struct rref *rs, size_t n, size_t *nm)
{
	struct htab h;
	struct mc_sum *out, *m;
	size_t i, it = 0;

	htab_init(&h, sizeof(int64_t), sizeof(struct mc_sum));
	for (i = 0; i < n; i++) {
		m = htab_put(&h, &rs[i].k->memcg);
		m->memcg = rs[i].k->memcg;
		m->calls[0] += rs[i].r->mr_calls[0];
		m->calls[1] += rs[i].r->mr_calls[1];
		m->freed[0] += rs[i].r->mr_freed[0];
		m->freed[1] += rs[i].r->mr_freed[1];
	}
	out = xcalloc(h.n, sizeof(*out));
	*nm = 0;
	while ((m = htab_next(&h, &it, NULL)))
		out[(*nm)++] = *m;
	htab_free(&h);
	qsort(out, *nm, sizeof(*out), cmp_mc);
	return out;
}

struct tab *tab_memcg(const struct agg *a, struct rref *rs, size_t n)
{
	struct tab *t = tab_new("memcg",
				"Per memcg: freed by memcg-targeted reclaim vs global",
				memcg_cols, ARRAY_SIZE(memcg_cols));
	struct mc_sum *ms;
	size_t i, nm;

	if (!a->caps[CAP_MEMCG] || !a->caps[CAP_MEMCG_RECLAIM]) {
		tab_unavailable(t, "mm_shrink_slab_start/end have no memcg/memcg_reclaim fields in the trace");
		return t;
	}
	ms = sum_memcgs(rs, n, &nm);
	for (i = 0; i < nm; i++) {
		tab_row(t);
		tab_int(t, ms[i].memcg);
		tab_int(t, ms[i].calls[0]);
		tab_int(t, ms[i].freed[0]);
		tab_int(t, ms[i].calls[1]);
		tab_int(t, ms[i].freed[1]);
	}
	free(ms);
	tab_note(t, "memcg: cgroup id (its directory's inode number), 1 = root; _memcg_reclaim: "
		 "calls with memcg_reclaim=1 (memory.high/max/reclaim), "
		 "_global: memcg_reclaim=0 (kswapd, direct reclaim, drop_caches)");
	return t;
}

static const struct col vmp_cols[] = {
	{ "memcg", 0 }, { "level", 0 }, { "notifications", 0 },
	{ "ancestor", 0 }, { "scanned", 0 }, { "reclaimed", 0 },
	{ "nr_user", 0 }, { "nr_kernel", 0 },
};

static int cmp_vmp(const void *pa, const void *pb)
{
	const struct vmp_key *a = *(const struct vmp_key *const *)pa;
	const struct vmp_key *b = *(const struct vmp_key *const *)pb;

	if (a->memcg != b->memcg)
		return a->memcg < b->memcg ? -1 : 1;
	return a->level < b->level ? -1 : a->level > b->level;
}

static void vmp_row(struct tab *t, const struct vmp_key *k,
		    const struct vmp_row *v)
{
	const char *lv = level_str(k->level);

	tab_row(t);
	tab_int(t, k->memcg);
	if (lv)
		tab_str(t, lv);
	else
		tab_int(t, k->level);
	tab_int(t, v->n);
	tab_int(t, v->ancestor);
	tab_int(t, v->scanned);
	tab_int(t, v->reclaimed);
	tab_int(t, v->nr_user);
	tab_int(t, v->nr_kernel);
}

struct tab *tab_vmpressure(const struct agg *a)
{
	struct tab *t = tab_new("vmpressure",
				"vmpressure notifications per memcg and level",
				vmp_cols, ARRAY_SIZE(vmp_cols));
	const struct vmp_key **ks;
	const void *k;
	size_t it = 0, n = 0, i;

	if (!a->caps[CAP_VMPRESSURE]) {
		tab_unavailable(t, "no vmpressure:vmpressure_notify events in the trace");
		return t;
	}
	ks = xcalloc(a->vmp.n, sizeof(*ks));
	while (htab_next(&a->vmp, &it, &k))
		ks[n++] = k;
	qsort(ks, n, sizeof(*ks), cmp_vmp);
	for (i = 0; i < n; i++)
		vmp_row(t, ks[i], htab_get(&a->vmp, ks[i]));
	free(ks);
	tab_note(t, "scanned/reclaimed: pages in the windows the levels were "
		 "computed from; ancestor: notifications of a parent memcg");
	return t;
}
