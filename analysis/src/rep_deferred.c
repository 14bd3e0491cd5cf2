// SPDX-License-Identifier: GPL-2.0
/*
 * How hard each shrinker was pushed: the deferred work its calls took
 * over and left (nr_deferred in the billions carried into calls was the
 * 2020-21 per-memcg nr_deferred argument), what was asked against the
 * cache size it reported, and what it freed of what it scanned.
 */
#include "report.h"
#include "strtab.h"
#include "util.h"

static void key_cells(struct tab *t, const struct rref *rr)
{
	tab_row(t);
	tab_str(t, str_get(rr->k->name));
	tab_hex(t, rr->k->shr);
	tab_int(t, rr->k->nid);
	tab_int(t, rr->k->memcg);
	tab_int(t, rr->r->calls);
}

/* Sum, mean per event and maximum, or three NAs. */
static void def_cells(struct tab *t, bool cap, int64_t n, int64_t sum,
		      int64_t max)
{
	tab_int(t, cap ? sum : NA);
	tab_ratio(t, cap ? sum : NA, n);
	tab_int(t, cap && n ? max : NA);
}

static const struct col def_cols[] = {
	{ "shrinker", 0 }, { "shr", 0 }, { "node", 0 }, { "memcg", 0 },
	{ "calls", 0 },
	{ "deferred_in", 0 }, { "deferred_in_per_call", 0 },
	{ "deferred_in_max", 0 },
	{ "deferred_out", 0 }, { "deferred_out_per_call", 0 },
	{ "deferred_out_max", 0 },
};

struct tab *tab_deferred(const struct agg *a, struct rref *rs, size_t n)
{
	struct tab *t = tab_new("deferred",
				"Deferred work per shrinker x node x memcg",
				def_cols, ARRAY_SIZE(def_cols));
	bool in = a->caps[CAP_DEFERRED], out = a->caps[CAP_NEW_SCAN];
	size_t i;

	if (!in && !out) {
		tab_unavailable(t, "mm_shrink_slab_start has no nr_objects_to_shrink and mm_shrink_slab_end no new_scan in the trace");
		return t;
	}
	for (i = 0; i < n; i++) {
		const struct row *r = rs[i].r;

		key_cells(t, &rs[i]);
		def_cells(t, in, r->def_in_n, r->def_in_sum, r->def_in_max);
		def_cells(t, out, r->def_out_n, r->def_out_sum,
			  r->def_out_max);
	}
	tab_note(t, "deferred_in: start nr_objects_to_shrink, the nr_deferred "
		 "a call took over; deferred_out: end new_scan, what it left "
		 "for the next call; _per_call: mean over the start (in) or "
		 "end (out) events");
	return t;
}

static const struct col ratio_cols[] = {
	{ "shrinker", 0 }, { "shr", 0 }, { "node", 0 }, { "memcg", 0 },
	{ "calls", 0 }, { "asked", 0 }, { "freeable", 0 },
	{ "asked_per_freeable", 0 }, { "max_asked_per_freeable", 0 },
	{ "scanned", 0 }, { "freed", 0 }, { "freed_per_scanned", 0 },
};

struct tab *tab_scan_ratios(const struct agg *a, struct rref *rs, size_t n)
{
	struct tab *t = tab_new("scan_ratios",
				"Asked per freeable, freed per scanned: per shrinker x node x memcg",
				ratio_cols, ARRAY_SIZE(ratio_cols));
	bool fb = a->caps[CAP_CACHE_ITEMS], sc = a->caps[CAP_SCANNED];
	size_t i;

	for (i = 0; i < n; i++) {
		const struct row *r = rs[i].r;
		int64_t asked = a->caps[CAP_START] ? r->asked : NA;
		int64_t freeable = fb ? r->freeable : NA;

		key_cells(t, &rs[i]);
		tab_int(t, asked);
		tab_int(t, freeable);
		tab_ratio(t, asked, freeable);
		if (fb && r->freeable)
			tab_real(t, r->max_asked_ratio);
		else
			tab_na(t);
		tab_int(t, sc ? r->scanned : NA);
		tab_int(t, r->freed);
		tab_ratio(t, r->freed, sc ? r->scanned : NA);
	}
	tab_note(t, "asked: sum of start total_scan; freeable: sum of start "
		 "cache_items (what count_objects() reported); "
		 "max_asked_per_freeable: the highest total_scan / "
		 "cache_items of one call (the kernel caps it at 2); "
		 "scanned: batch nr_scanned; freed: end retval");
	return t;
}
