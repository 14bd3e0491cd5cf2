// SPDX-License-Identifier: GPL-2.0
/*
 * A row is "unchanged" when the means differ by less than the threshold
 * (percent of the base mean), when the two sides' min..max ranges
 * overlap, or when the means differ by no more than the wider of the two
 * ranges: a difference inside the run-to-run spread is noise. The metrics
 * are ratios, whose noise grows with their size, so when every run of both
 * sides is above zero that last test is made on a log scale (the ratio of
 * the means against the wider max/min): 0.18 against 683 scanned per asked,
 * with runs of 341 and 1024, is a change; on a linear scale the candidate's
 * own spread would have swallowed it. With one run
 * a side has no spread, and only the threshold decides. A metric can also
 * set a floor: objects are whole, so means of objects freed per call that
 * differ by less than one object are unchanged however large the percentage
 * (0 against 0.25 per call from a shrinker called four times).
 */
#include <math.h>
#include <string.h>

#include "compare.h"
#include "util.h"

void mstat_add(struct mstat *s, double v)
{
	if (!s->n || v < s->min)
		s->min = v;
	if (!s->n || v > s->max)
		s->max = v;
	s->n++;
	s->sum += v;
	s->sumsq += v * v;
}

double mstat_mean(const struct mstat *s)
{
	return s->n ? s->sum / s->n : NAN;
}

/* Sample standard deviation; 0 for a single run. */
double mstat_sd(const struct mstat *s)
{
	double m, var;

	if (s->n < 2)
		return s->n ? 0 : NAN;
	m = s->sum / s->n;
	var = (s->sumsq - s->n * m * m) / (s->n - 1);
	return var > 0 ? sqrt(var) : 0;
}

double metric_floor(enum metric m)
{
	return m == M_FREED_PER_CALL || m == M_FREED_PER_RUN ||
	       m == M_DEFERRED_PER_CALL ? 1.0 : 0;
}

enum verdict verdict(const struct mstat *b, const struct mstat *c,
		     double threshold, double floor, double *pct)
{
	double bm = mstat_mean(b), cm = mstat_mean(c), d;
	bool overlap, in_spread;

	*pct = NAN;
	if (!b->n || !c->n)
		return V_NA;
	d = cm - bm;
	if (bm != 0)
		*pct = d / fabs(bm) * 100;
	else
		*pct = d == 0 ? 0 : copysign(INFINITY, d);
	overlap = !(c->min > b->max || c->max < b->min);
	if (b->min > 0 && c->min > 0)
		in_spread = fabs(log(cm / bm)) <=
			    fmax(log(b->max / b->min), log(c->max / c->min));
	else
		in_spread = fabs(d) <= fmax(b->max - b->min, c->max - c->min);
	if (fabs(*pct) < threshold || overlap || in_spread || fabs(d) < floor)
		return V_UNCHANGED;
	return d > 0 ? V_MORE : V_LESS;
}

const char *verdict_str(enum verdict v)
{
	static const char *const s[V_MAX] = {
		"unchanged", "more aggressive", "less aggressive", "n/a",
		"only in base", "only in candidate",
	};

	return v < V_MAX ? s[v] : "?";
}

const char *metric_str(enum metric m)
{
	static const char *const s[M_MAX] = {
		"freed_per_call", "scanned_per_asked", "freed_per_page",
		"freed_per_run", "deferred_per_call", "asked_per_freeable",
		"freed_per_scanned", "freed_per_file_page",
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

static void sum_file(const struct agg *a, bool by_name, struct htab *h)
{
	const struct row_key *k;
	const struct row *r;
	const void *kp;
	struct ckey ck;
	struct csum *s;
	size_t it = 0;

	while ((r = htab_next(&a->rows, &it, &kp))) {
		k = kp;
		memset(&ck, 0, sizeof(ck));
		ck.label = by_name ? k->name : r->sym;
		ck.nid = k->nid;
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
	if (on[M_SCANNED_PER_ASKED] && s->asked)
		mstat_add(&m[M_SCANNED_PER_ASKED],
			  (double)s->scanned / s->asked);
	if (on[M_FREED_PER_PAGE] && a->reclaimed > 0)
		mstat_add(&m[M_FREED_PER_PAGE],
			  (double)s->win_freed / a->reclaimed);
	add_figures(m, a, ck, s, on);
}

void cside_add(struct cside *side, const struct agg *a, bool by_name,
	       const bool on[M_MAX])
{
	const struct csum *s;
	const void *kp;
	struct htab h;
	size_t it = 0;

	htab_init(&h, sizeof(struct ckey), sizeof(struct csum));
	sum_file(a, by_name, &h);
	while ((s = htab_next(&h, &it, &kp)))
		add_row(side, a, kp, s, on);
	htab_free(&h);
	side->nfiles++;
}
