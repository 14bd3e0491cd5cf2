// SPDX-License-Identifier: GPL-2.0
/*
 * How kswapd's passes over a node went. Every pass of balance_pgdat()
 * starts at priority 12 (DEF_PRIORITY) and calls each shrinker once per
 * priority until the node is balanced, so the calls of a superblock that
 * holds many objects mark the priorities: a pass begins at a kswapd's
 * first such call at 12 after a lower priority, or when the superblock
 * that began its pass is called at 12 again (a second big superblock's
 * call at the same priority is the same pass). A pass "ended at 12" when
 * that kswapd's next such call is not at a lower priority: the gentlest
 * pass balanced the node. Two kernels can free the same and differ here,
 * in how long kswapd keeps reclaiming once woken (NOTES.md, "Who drove
 * the calls").
 */
#include <string.h>

#include "agg.h"
#include "strtab.h"
#include "util.h"

#define DEF_PRIORITY 12
/* a superblock's shrinker, and enough objects to be called every pass */
#define PASS_SCAN_FN "super_cache_scan"
#define PASS_MIN_ITEMS 1000

void agg_kswapd(struct agg *a, struct pidstate *ps, const struct ev *e)
{
	int64_t prio = e->v[F_PRIORITY], items = e->v[F_CACHE_ITEMS];

	if (e->who != RC_KSWAPD || prio == NA || items == NA ||
	    items < PASS_MIN_ITEMS)
		return;
	if (strcmp(str_get(ps->id.sym), PASS_SCAN_FN))
		return;
	if (prio == DEF_PRIORITY) {
		if (!ps->kpass_open || e->v[F_SHR] == ps->kpass_sb) {
			a->kswapd_passes++;
			ps->kpass_sb = e->v[F_SHR];
		}
		ps->kpass_open = true;
	} else if (ps->kpass_open && prio < DEF_PRIORITY) {
		ps->kpass_open = false;
		a->kswapd_deeper++;
	}
}
