// SPDX-License-Identifier: GPL-2.0
/*
 * Calls and frees split two ways, per shrinker x node.
 *
 * By reclaim priority: 12 is the first, gentlest pass of reclaim (what a
 * shrinker is asked grows with freeable >> priority); each pass that
 * reclaims too little lowers it, down to 0 (and drop_caches calls at 0).
 * A shrinker doing its freeing at low priority was only reached once
 * reclaim got desperate.
 *
 * By what drove the call: kswapd, direct reclaim, memcg reclaim, node
 * reclaim, or none of them (drop_caches and the like). Two kernels can
 * free the same in all and differ in who did it: a kernel whose kswapd
 * keeps up sends fewer tasks into direct reclaim.
 */
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "strtab.h"
#include "util.h"

struct sref {
	const struct split_key *k;
	const struct split_row *p;
};

/* kswapd first, then the reclaim a task stalls in, the rest last */
static const int rc_rank[RC_MAX] = {
	[RC_KSWAPD] = 0, [RC_DIRECT] = 1, [RC_MEMCG] = 2, [RC_NODE] = 3,
	[RC_OTHER] = 4,
};

static const char *const rc_name[RC_MAX] = {
	[RC_KSWAPD] = "kswapd", [RC_DIRECT] = "direct", [RC_MEMCG] = "memcg",
	[RC_NODE] = "node", [RC_OTHER] = "other",
};

static int cmp_inst(const struct split_key *a, const struct split_key *b)
{
	int c = strcmp(str_get(a->name), str_get(b->name));

	if (c)
		return c;
	if (a->shr != b->shr)
		return a->shr < b->shr ? -1 : 1;
	if (a->nid != b->nid)
		return a->nid < b->nid ? -1 : 1;
	return 0;
}

/* By name, instance and node; priorities from 12 down, unknown last. */
static int cmp_prio(const void *pa, const void *pb)
{
	const struct split_key *a = ((const struct sref *)pa)->k;
	const struct split_key *b = ((const struct sref *)pb)->k;
	int c = cmp_inst(a, b);

	if (c)
		return c;
	return a->v > b->v ? -1 : a->v < b->v;
}

static int cmp_who(const void *pa, const void *pb)
{
	const struct split_key *a = ((const struct sref *)pa)->k;
	const struct split_key *b = ((const struct sref *)pb)->k;
	int c = cmp_inst(a, b);

	if (c)
		return c;
	return rc_rank[a->v] - rc_rank[b->v];
}

/* The rows of @h in order; *n is their number. */
static struct sref *sorted(const struct htab *h,
			   int (*cmp)(const void *, const void *), size_t *n)
{
	struct sref *ss = xcalloc(h->n ? h->n : 1, sizeof(*ss));
	struct split_row *p;
	const void *k;
	size_t it = 0;

	*n = 0;
	while ((p = htab_next(h, &it, &k))) {
		ss[*n].k = k;
		ss[(*n)++].p = p;
	}
	qsort(ss, *n, sizeof(*ss), cmp);
	return ss;
}

/*
 * One row per key of @h in @cmp's order: shrinker, shr, node, the split's
 * value as @by writes it, then calls, asked, freed and freed per call.
 */
static void split_rows(struct tab *t, const struct agg *a,
		       const struct htab *h,
		       int (*cmp)(const void *, const void *),
		       void (*by)(struct tab *, int64_t))
{
	struct sref *ss;
	size_t n, i;

	ss = sorted(h, cmp, &n);
	for (i = 0; i < n; i++) {
		tab_row(t);
		tab_str(t, str_get(ss[i].k->name));
		tab_hex(t, ss[i].k->shr);
		tab_int(t, ss[i].k->nid);
		by(t, ss[i].k->v);
		tab_int(t, ss[i].p->calls);
		tab_int(t, a->caps[CAP_START] ? ss[i].p->asked : NA);
		tab_int(t, ss[i].p->freed);
		tab_ratio(t, ss[i].p->freed, ss[i].p->calls);
	}
	free(ss);
}

static void by_prio(struct tab *t, int64_t v)
{
	tab_int(t, v);
}

static void by_who(struct tab *t, int64_t v)
{
	tab_str(t, rc_name[v]);
}

static const struct col prio_cols[] = {
	{ "shrinker", 0 }, { "shr", 0 }, { "node", 0 }, { "priority", 0 },
	{ "calls", 0 }, { "asked", 0 }, { "freed", 0 },
	{ "freed_per_call", 0 },
};

struct tab *tab_priority(const struct agg *a)
{
	struct tab *t = tab_new("priority",
				"Calls by reclaim priority per shrinker x node",
				prio_cols, ARRAY_SIZE(prio_cols));

	if (!a->caps[CAP_PRIORITY]) {
		tab_unavailable(t, "mm_shrink_slab_start has no priority field in the trace");
		return t;
	}
	split_rows(t, a, &a->prios, cmp_prio, by_prio);
	tab_note(t, "priority: start priority, 12 the gentlest pass of "
		 "reclaim, 0 the most urgent (and drop_caches); - for calls "
		 "whose start is before the trace; memcgs summed");
	return t;
}

static const struct col who_cols[] = {
	{ "shrinker", 0 }, { "shr", 0 }, { "node", 0 }, { "reclaimer", 0 },
	{ "calls", 0 }, { "asked", 0 }, { "freed", 0 },
	{ "freed_per_call", 0 },
};

struct tab *tab_reclaimer(const struct agg *a)
{
	struct tab *t = tab_new("reclaimer",
				"Calls by what drove them per shrinker x node",
				who_cols, ARRAY_SIZE(who_cols));

	split_rows(t, a, &a->whos, cmp_who, by_who);
	tab_note(t, "reclaimer: the reclaim window the calling task was in "
		 "(mm_vmscan_direct/memcg/memcg_softlimit/node_reclaim_begin "
		 "to its end), else kswapd by its comm, else other "
		 "(drop_caches, the shrinker debugfs scan file, ...)%s; "
		 "memcgs summed",
		 a->caps[CAP_RECLAIM] ? "" : ". This trace has no reclaim "
		 "begin/end events: direct and memcg reclaim count as other");
	return t;
}
