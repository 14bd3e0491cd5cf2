// SPDX-License-Identifier: GPL-2.0
/*
 * Page-cache pages reclaimed, from mm_vmscan_lru_shrink_inactive: the
 * other side of the slab-vs-page-cache balance. 6.1 records which LRU was
 * shrunk as reclaim_flags = trace_reclaim_flags(file), RECLAIM_WB_FILE or
 * RECLAIM_WB_ANON, each OR-ed with RECLAIM_WB_ASYNC.
 */
#include "agg.h"
#include "util.h"

void agg_lru_inactive(struct agg *a, const struct ev *e)
{
	int64_t nid = e->v[F_NID], pages = e->v[F_NR_RECLAIMED];
	int64_t flags = e->v[F_RECLAIM_FLAGS];
	struct page_row *p;

	if (nid == NA || pages == NA || flags == NA)
		return;
	p = htab_put(&a->pages, &nid);
	if (!(flags & RECLAIM_WB_FILE)) {
		p->anon += pages;
		return;
	}
	p->file += pages;
	series_add(&a->file_by_node, nid, 0, agg_bucket(a, e->ts), pages);
}
