// SPDX-License-Identifier: GPL-2.0
/*
 * Calls and frees by reclaim priority: priority 12 is the first, gentlest
 * pass of reclaim (what a shrinker is asked grows with freeable >> priority);
 * each pass that reclaims too little lowers it, down to 0 (and
 * drop_caches calls at 0). A shrinker doing its freeing at low priority
 * was only reached once reclaim got desperate.
 */
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "strtab.h"
#include "util.h"

struct pref {
	const struct prio_key *k;
	const struct prio_row *p;
};

/* By name, instance and node; priorities from 12 down, unknown last. */
static int cmp_pref(const void *pa, const void *pb)
{
	const struct prio_key *a = ((const struct pref *)pa)->k;
	const struct prio_key *b = ((const struct pref *)pb)->k;
	int c = strcmp(str_get(a->name), str_get(b->name));

	if (c)
		return c;
	if (a->shr != b->shr)
		return a->shr < b->shr ? -1 : 1;
	if (a->nid != b->nid)
		return a->nid < b->nid ? -1 : 1;
	return a->prio > b->prio ? -1 : a->prio < b->prio;
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
	struct pref *ps;
	const void *k;
	struct prio_row *p;
	size_t it = 0, n = 0, i;

	if (!a->caps[CAP_PRIORITY]) {
		tab_unavailable(t, "mm_shrink_slab_start has no priority field in the trace");
		return t;
	}
	ps = xcalloc(a->prios.n, sizeof(*ps));
	while ((p = htab_next(&a->prios, &it, &k))) {
		ps[n].k = k;
		ps[n++].p = p;
	}
	qsort(ps, n, sizeof(*ps), cmp_pref);
	for (i = 0; i < n; i++) {
		tab_row(t);
		tab_str(t, str_get(ps[i].k->name));
		tab_hex(t, ps[i].k->shr);
		tab_int(t, ps[i].k->nid);
		tab_int(t, ps[i].k->prio);
		tab_int(t, ps[i].p->calls);
		tab_int(t, a->caps[CAP_START] ? ps[i].p->asked : NA);
		tab_int(t, ps[i].p->freed);
		tab_ratio(t, ps[i].p->freed, ps[i].p->calls);
	}
	free(ps);
	tab_note(t, "priority: start priority, 12 the gentlest pass of "
		 "reclaim, 0 the most urgent (and drop_caches); - for calls "
		 "whose start is before the trace; memcgs summed");
	return t;
}
