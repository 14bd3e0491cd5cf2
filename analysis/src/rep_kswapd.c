// SPDX-License-Identifier: GPL-2.0
/* kswapd's passes over a node (agg_kswapd.c says what a pass is). */
#include "report.h"
#include "util.h"

static const struct col kswapd_cols[] = {
	{ "passes", 0 }, { "ended_at_12", 0 }, { "ended_at_12_share", 0 },
	{ "direct_windows", 0 },
};

const char kswapd_unknown[] =
	"mm_shrink_slab_start has no priority or cache_items field";
const char kswapd_note[] =
	"a pass begins at priority 12; it ended at 12 when the gentlest pass balanced the node";

/* The trace's starts tell priorities and cache sizes: passes are known. */
bool kswapd_known(const bool caps[CAP_MAX])
{
	return caps[CAP_PRIORITY] && caps[CAP_CACHE_ITEMS];
}

/* One row: @a's passes, and its direct reclaim windows if @windows. */
void kswapd_row(struct tab *t, const struct agg *a, bool windows)
{
	tab_int(t, a->kswapd_passes);
	tab_int(t, kswapd_ended(a));
	tab_ratio(t, kswapd_ended(a), a->kswapd_passes);
	tab_int(t, windows ? a->direct_windows : NA);
}

struct tab *tab_kswapd(const struct agg *a)
{
	struct tab *t = tab_new("kswapd", "kswapd passes over a node",
				kswapd_cols, ARRAY_SIZE(kswapd_cols));

	if (!kswapd_known(a->caps)) {
		tab_unavailable(t, "%s in the trace", kswapd_unknown);
		return t;
	}
	tab_row(t);
	kswapd_row(t, a, a->caps[CAP_RECLAIM]);
	tab_note(t, "%s (kswapd's calls of a superblock with 1000 objects or "
		 "more mark the priorities); direct_windows: "
		 "mm_vmscan_direct_reclaim_begin events", kswapd_note);
	return t;
}
