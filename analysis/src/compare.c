// SPDX-License-Identifier: GPL-2.0
/*
 * compare's rows: per shrinker (name, else scan function symbol) and node,
 * a few rates per trace file, summarised per side. How rows are judged is
 * in verdict.c.
 */
#include <math.h>
#include <string.h>

#include "compare.h"
#include "util.h"

const char *metric_str(enum metric m)
{
	static const char *const s[M_MAX] = {
		"freed_per_call", "scanned_per_asked", "freed_per_page",
		"freed_per_run", "scanned_per_run", "deferred_per_call",
		"asked_per_freeable", "freed_per_scanned", "freed_per_file_page",
	};

	return m < M_MAX ? s[m] : "?";
}

const char *metric_unit(enum metric m)
{
	static const char *const s[M_MAX] = {
		"objects freed per shrinker call",
		"objects scanned per object asked",
		"objects freed per page reclaimed",
		"objects freed per run (one trace)",
		"objects scanned per run (one trace)",
		"deferred objects a call took over (nr_objects_to_shrink)",
		"objects asked per freeable object (total_scan / cache_items)",
		"objects freed per object scanned",
		"objects freed per file page reclaimed on the node",
	};

	return m < M_MAX ? s[m] : "?";
}

void cside_init(struct cside *s)
{
	memset(s, 0, sizeof(*s));
	htab_init(&s->rows, sizeof(struct ckey), M_MAX * sizeof(struct mstat));
}

struct csum {
	int64_t calls, freed, asked, scanned, win_freed;
	int64_t def_in_n, def_in_sum, freeable;
};

/* The compare key of a report row: its name (or symbol) and node. */
static struct ckey key_of(const struct row_key *k, const struct row *r,
			  bool by_name)
{
	struct ckey ck;

	memset(&ck, 0, sizeof(ck));
	ck.label = by_name ? k->name : r->sym;
	ck.nid = k->nid;
	return ck;
}

static void sum_file(const struct agg *a, bool by_name, struct htab *h)
{
	const struct row *r;
	const void *kp;
	struct ckey ck;
	struct csum *s;
	size_t it = 0;

	while ((r = htab_next(&a->rows, &it, &kp))) {
		ck = key_of(kp, r, by_name);
		s = htab_put(h, &ck);
		s->calls += r->calls;
		s->freed += r->freed;
		s->asked += r->asked;
		s->scanned += r->scanned;
		s->win_freed += r->win_freed;
		s->def_in_n += r->def_in_n;
		s->def_in_sum += r->def_in_sum;
		s->freeable += r->freeable;
	}
}

/* File pages mm_vmscan_lru_shrink_inactive reclaimed on @nid. */
static int64_t file_pages(const struct agg *a, int64_t nid)
{
	const struct page_row *p = htab_get(&a->pages, &nid);

	return p ? p->file : 0;
}

static void add_figures(struct mstat *m, const struct agg *a,
			const struct ckey *ck, const struct csum *s,
			const bool on[M_MAX])
{
	int64_t file = file_pages(a, ck->nid);

	if (on[M_DEFERRED_PER_CALL] && s->def_in_n)
		mstat_add(&m[M_DEFERRED_PER_CALL],
			  (double)s->def_in_sum / s->def_in_n);
	if (on[M_ASKED_PER_FREEABLE] && s->freeable)
		mstat_add(&m[M_ASKED_PER_FREEABLE],
			  (double)s->asked / s->freeable);
	if (on[M_FREED_PER_SCANNED] && s->scanned)
		mstat_add(&m[M_FREED_PER_SCANNED],
			  (double)s->freed / s->scanned);
	if (on[M_FREED_PER_FILE_PAGE] && file > 0)
		mstat_add(&m[M_FREED_PER_FILE_PAGE], (double)s->freed / file);
}

static void add_row(struct cside *side, const struct agg *a,
		    const struct ckey *ck, const struct csum *s,
		    const bool on[M_MAX])
{
	struct mstat *m = htab_put(&side->rows, ck);

	if (s->calls)
		mstat_add(&m[M_FREED_PER_CALL], (double)s->freed / s->calls);
	if (on[M_FREED_PER_RUN])
		mstat_add(&m[M_FREED_PER_RUN], s->freed);
	if (on[M_SCANNED_PER_RUN])
		mstat_add(&m[M_SCANNED_PER_RUN], s->scanned);
	if (on[M_SCANNED_PER_ASKED] && s->asked)
		mstat_add(&m[M_SCANNED_PER_ASKED],
			  (double)s->scanned / s->asked);
	if (on[M_FREED_PER_PAGE] && a->reclaimed > 0)
		mstat_add(&m[M_FREED_PER_PAGE],
			  (double)s->win_freed / a->reclaimed);
	add_figures(m, a, ck, s, on);
}

void ckeys_add(struct htab *keys, const struct agg *a, bool by_name)
{
	const struct row *r;
	const void *kp;
	struct ckey ck;
	size_t it = 0;

	while ((r = htab_next(&a->rows, &it, &kp))) {
		ck = key_of(kp, r, by_name);
		htab_put(keys, &ck);
	}
}

void cside_add(struct cside *side, const struct agg *a, bool by_name,
	       const bool on[M_MAX], const struct htab *keys)
{
	static const struct csum none;
	const struct csum *s;
	const void *kp;
	struct htab h;
	size_t it = 0;

	htab_init(&h, sizeof(struct ckey), sizeof(struct csum));
	sum_file(a, by_name, &h);
	while (htab_next(keys, &it, &kp)) {
		s = htab_get(&h, kp);
		add_row(side, a, kp, s ? s : &none, on);
	}
	htab_free(&h);
	side->nfiles++;
}
