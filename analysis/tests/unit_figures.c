// SPDX-License-Identifier: GPL-2.0
/*
 * The figures shrinker regressions were argued with upstream: deferred
 * work into and out of calls, asked against the cache size, freed per
 * scanned, calls by priority, slab objects freed per page-cache page;
 * in report's tables and as compare metrics. Hand-made events, each
 * figure with values that tell the right field from its neighbours
 * (end's unused_scan from new_scan, file pages from anon ones).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmp.h"
#include "plot.h"
#include "report.h"
#include "strtab.h"
#include "tap.h"
#include "util.h"

/* Fold one aggregation into a side over its own keys. */
static void cside_add_all(struct cside *s, const struct agg *a,
			  const bool on[M_MAX])
{
	struct htab keys;

	htab_init(&keys, sizeof(struct ckey), 0);
	ckeys_add(&keys, a, true);
	cside_add(s, a, true, on, &keys);
	htab_free(&keys);
}

static bool caps_all[CAP_MAX];

static const char *no_symbol(uint64_t addr, void *arg)
{
	(void)addr;
	(void)arg;
	return NULL;
}

static void agg_new(struct agg *a, const bool *caps)
{
	agg_init(a, 1);
	agg_file(a, caps ? caps : caps_all, no_symbol, NULL);
}

static struct ev mk(enum ev_kind kind, int64_t nid, uint64_t ts_ms)
{
	struct ev e;

	ev_clear(&e, kind);
	e.pid = 1;
	e.ts = ts_ms * 1000000ULL;
	e.v[F_SHR] = 0xa0;
	e.v[F_SHRINK] = 0x1000;
	e.v[F_NID] = nid;
	e.v[F_MEMCG] = 0;
	e.has_name = true;
	snprintf(e.name, sizeof(e.name), "sb-test");
	return e;
}

struct call {
	int64_t nid, deferred, items, total, prio;
	int64_t scanned, freed, unused, new_scan;
	uint64_t ts_ms;
};

/* start, one batch, end; unused_scan differs from new_scan on purpose */
static void call(struct agg *a, const struct call *c)
{
	struct ev e = mk(EV_START, c->nid, c->ts_ms);

	e.v[F_DEFERRED] = c->deferred;
	e.v[F_CACHE_ITEMS] = c->items;
	e.v[F_TOTAL_SCAN] = c->total;
	e.v[F_PRIORITY] = c->prio;
	agg_event(&e, a);
	e = mk(EV_BATCH, c->nid, c->ts_ms);
	e.v[F_NR_TO_SCAN] = c->scanned;
	e.v[F_NR_SCANNED] = c->scanned;
	agg_event(&e, a);
	e = mk(EV_END, c->nid, c->ts_ms);
	e.v[F_RETVAL] = c->freed;
	e.v[F_DEFERRED] = c->unused;
	e.v[F_NEW_SCAN] = c->new_scan;
	agg_event(&e, a);
}

static void lru(struct agg *a, int64_t nid, int64_t pages, int64_t flags,
		uint64_t ts_ms)
{
	struct ev e;

	ev_clear(&e, EV_LRU_INACTIVE);
	e.pid = 2;
	e.ts = ts_ms * 1000000ULL;
	e.v[F_NID] = nid;
	e.v[F_NR_RECLAIMED] = pages;
	e.v[F_RECLAIM_FLAGS] = flags;
	agg_event(&e, a);
}

/* 6.1's reclaim_flags: RECLAIM_WB_FILE or _ANON, with RECLAIM_WB_ASYNC */
#define FILE_FL (0x0002 | 0x0008)
#define ANON_FL (0x0001 | 0x0008)

/*
 * Node 0: a call that took over 3e9 deferred objects (the billions of
 * the per-memcg nr_deferred threads) and one that took 10; node 1: one
 * call. Pages: node 0 reclaims 100 file and 50 anon pages in bucket 0,
 * node 1 30 file pages in bucket 1.
 */
static const struct call calls[] = {
	{ 0, 3000000000LL, 50, 100, 12, 64, 40, 3000000000LL, 7, 100 },
	{ 0, 10, 1000, 10, 3, 36, 360, 10, 2000000000LL, 200 },
	{ 1, 4, 20, 30, 3, 30, 60, 4, 5, 1500 },
};

static void fill(struct agg *a)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(calls); i++)
		call(a, &calls[i]);
	lru(a, 0, 100, FILE_FL, 300);
	lru(a, 0, 50, ANON_FL, 400);
	lru(a, 1, 30, FILE_FL, 1600);
	agg_file_done(a);
}

static const struct row *row0(const struct agg *a, int64_t nid)
{
	struct row_key k;

	memset(&k, 0, sizeof(k));
	k.name = str_intern("sb-test");
	k.shr = 0xa0;
	k.nid = nid;
	k.memcg = 0;
	return htab_get(&a->rows, &k);
}

static double real(const struct tab *t, size_t r, int c)
{
	const struct cell *x = tab_cell(t, r, c);

	return x->t == C_REAL ? x->r : x->t == C_INT ? x->i : NAN;
}

static bool near(double a, double b)
{
	return fabs(a - b) < 1e-9 * fmax(1, fabs(b));
}

static void test_deferred(const struct agg *a, struct rref *rs, size_t n)
{
	const struct row *r = row0(a, 0);
	struct tab *t = tab_deferred(a, rs, n);

	check(r && r->def_in_n == 2 && r->def_in_sum == 3000000010LL &&
	      r->def_in_max == 3000000000LL,
	      "figures: deferred in = start nr_objects_to_shrink, sum and max");
	check(r && r->def_out_n == 2 && r->def_out_sum == 2000000007LL &&
	      r->def_out_max == 2000000000LL,
	      "figures: deferred out = end new_scan (not unused_scan), sum and max");
	check(t->nrows == 2 && tab_cell(t, 0, 5)->i == 3000000010LL &&
	      near(real(t, 0, 6), 1500000005) &&
	      tab_cell(t, 0, 7)->i == 3000000000LL &&
	      near(real(t, 0, 9), 1000000003.5) &&
	      tab_cell(t, 1, 10)->i == 5,
	      "figures: deferred table has sum, mean per call and maximum");
	tab_free(t);
}

static void test_ratios(const struct agg *a, struct rref *rs, size_t n)
{
	struct tab *t = tab_scan_ratios(a, rs, n);

	/* node 0: asked 110 of 1050 freeable; calls 100/50 and 10/1000 */
	check(t->nrows == 2 && tab_cell(t, 0, 6)->i == 1050 &&
	      near(real(t, 0, 7), 110.0 / 1050) && near(real(t, 0, 8), 2.0),
	      "figures: asked per freeable, the sum ratio and the per-call maximum");
	check(tab_cell(t, 0, 9)->i == 100 && tab_cell(t, 0, 10)->i == 400 &&
	      near(real(t, 0, 11), 4.0),
	      "figures: freed per scanned");
	tab_free(t);
}

static void test_priority(const struct agg *a)
{
	struct tab *t = tab_priority(a);

	/* rows: node 0 prio 12, node 0 prio 3, node 1 prio 3 */
	check(t->nrows == 3 && tab_cell(t, 0, 3)->i == 12 &&
	      tab_cell(t, 0, 4)->i == 1 && tab_cell(t, 0, 5)->i == 100 &&
	      tab_cell(t, 0, 6)->i == 40 && tab_cell(t, 1, 3)->i == 3 &&
	      tab_cell(t, 1, 6)->i == 360 && tab_cell(t, 2, 2)->i == 1,
	      "figures: calls, asked and freed by the start's priority, 12 first");
	tab_free(t);
}

static void test_unpaired_prio(void)
{
	struct agg a;
	struct tab *t;
	struct ev e;

	agg_new(&a, NULL);
	e = mk(EV_END, 0, 0);	/* its start is before the trace */
	e.v[F_RETVAL] = 9;
	agg_event(&e, &a);
	t = tab_priority(&a);
	check(t->nrows == 1 && tab_cell(t, 0, 3)->t == C_NA &&
	      tab_cell(t, 0, 6)->i == 9,
	      "figures: an end without its start has priority -");
	tab_free(t);
}

static void window(struct agg *a, enum ev_kind kind, enum reclaimer who,
		   int pid)
{
	struct ev e;

	ev_clear(&e, kind);
	e.pid = pid;
	e.who = who;
	if (kind == EV_RECLAIM_END)
		e.v[F_NR_RECLAIMED] = 1;
	agg_event(&e, a);
}

/*
 * What the fixtures lack: memcg reclaim, a soft-limit window inside direct
 * reclaim (the outer one names the call), a call cut by the trace's start
 * inside a window, and kswapd after its window closed.
 */
static void test_reclaimer(void)
{
	struct call c = { .nid = 0, .total = 10, .freed = 4, .prio = 12 };
	struct agg a;
	struct tab *t;
	struct ev e;

	agg_new(&a, NULL);
	e = mk(EV_END, 0, 0);	/* its start is before the trace */
	e.pid = 3;
	e.v[F_RETVAL] = 1;
	window(&a, EV_RECLAIM_BEGIN, RC_MEMCG, 3);
	agg_event(&e, &a);	/* memcg */
	call(&a, &c);		/* pid 1, no window: other */
	window(&a, EV_RECLAIM_BEGIN, RC_DIRECT, 1);
	window(&a, EV_RECLAIM_BEGIN, RC_MEMCG, 1);
	call(&a, &c);		/* direct, not memcg */
	window(&a, EV_RECLAIM_END, RC_OTHER, 1);
	call(&a, &c);		/* still direct */
	window(&a, EV_RECLAIM_END, RC_OTHER, 1);
	e = mk(EV_START, 0, 0);
	e.who = RC_KSWAPD;
	e.v[F_TOTAL_SCAN] = 7;
	agg_event(&e, &a);
	e = mk(EV_END, 0, 0);
	e.who = RC_KSWAPD;
	e.v[F_RETVAL] = 2;
	agg_event(&e, &a);	/* kswapd */
	t = tab_reclaimer(&a);
	/* rows: kswapd, direct, memcg, other */
	check(t->nrows == 4 && !strcmp(tab_cell(t, 0, 3)->s, "kswapd") &&
	      tab_cell(t, 0, 5)->i == 7 && tab_cell(t, 0, 6)->i == 2 &&
	      !strcmp(tab_cell(t, 1, 3)->s, "direct") &&
	      tab_cell(t, 1, 4)->i == 2 && tab_cell(t, 1, 5)->i == 20 &&
	      !strcmp(tab_cell(t, 2, 3)->s, "memcg") &&
	      tab_cell(t, 2, 4)->i == 1 && tab_cell(t, 2, 5)->i == 0 &&
	      !strcmp(tab_cell(t, 3, 3)->s, "other") &&
	      tab_cell(t, 3, 6)->i == 4,
	      "figures: reclaimer: the outermost window, kswapd, other; a cut call by its end");
	tab_free(t);
	agg_free(&a);
}

static void test_pages(const struct agg *a, struct rref *rs, size_t n)
{
	struct tab *t = tab_slab_vs_file(a, rs, n);

	check(t->nrows == 2 && tab_cell(t, 0, 1)->i == 100 &&
	      tab_cell(t, 0, 2)->i == 50 && tab_cell(t, 0, 3)->i == 400 &&
	      near(real(t, 0, 4), 4.0),
	      "figures: node 0 file pages (RECLAIM_WB_FILE only), slab freed, their ratio");
	check(tab_cell(t, 1, 1)->i == 30 && near(real(t, 1, 4), 2.0),
	      "figures: node 1 slab objects per file page");
	tab_free(t);
	t = tab_balance_by_node(a, 1);
	/* bucket 0: node 0 100 file, 400 slab; node 1 nothing */
	check(t->nrows == 4 && tab_cell(t, 0, 2)->i == 100 &&
	      tab_cell(t, 0, 3)->i == 400 && near(real(t, 0, 4), 4.0) &&
	      tab_cell(t, 1, 4)->t == C_NA,
	      "figures: balance over time, bucket 0; no file pages is -");
	check(near(real(t, 3, 0), 1.0) && tab_cell(t, 3, 1)->i == 1 &&
	      tab_cell(t, 3, 2)->i == 30 && tab_cell(t, 3, 3)->i == 60 &&
	      near(real(t, 3, 4), 2.0),
	      "figures: balance over time, node 1 in bucket 1");
	tab_free(t);
}

/* A stock-like trace without cache_items, priority or the LRU event. */
static void test_na(void)
{
	bool caps[CAP_MAX];
	struct rref *rs;
	struct tab *t;
	struct agg a;
	size_t n;
	char *s;

	memcpy(caps, caps_all, sizeof(caps));
	caps[CAP_CACHE_ITEMS] = caps[CAP_PRIORITY] = false;
	caps[CAP_LRU_INACTIVE] = caps[CAP_NEW_SCAN] = false;
	agg_new(&a, caps);
	call(&a, &calls[0]);
	rs = sorted_rows(&a, &n);
	t = tab_scan_ratios(&a, rs, n);
	check(tab_cell(t, 0, 6)->t == C_NA && tab_cell(t, 0, 7)->t == C_NA &&
	      tab_cell(t, 0, 8)->t == C_NA && tab_cell(t, 0, 5)->i == 100,
	      "figures: no cache_items: freeable and asked per freeable are -");
	tab_free(t);
	t = tab_deferred(&a, rs, n);
	check(tab_cell(t, 0, 5)->t == C_INT && tab_cell(t, 0, 8)->t == C_NA &&
	      tab_cell(t, 0, 9)->t == C_NA && tab_cell(t, 0, 10)->t == C_NA,
	      "figures: no new_scan: deferred out is -, deferred in is there");
	tab_free(t);
	t = tab_priority(&a);
	s = text_of(t, 2);
	check(t->unavailable && strstr(s, "\"priority\": null"),
	      "figures: no priority field: the priority table is null");
	free(s);
	tab_free(t);
	t = tab_slab_vs_file(&a, rs, n);
	s = text_of(t, 2);
	check(t->unavailable && strstr(s, "\"slab_vs_file\": null"),
	      "figures: no lru_shrink_inactive: slab_vs_file is null");
	free(s);
	tab_free(t);
	free(rs);
}

static const struct mstat *cmp_row(const struct cside *s, int64_t nid)
{
	struct ckey k;

	memset(&k, 0, sizeof(k));
	k.label = str_intern("sb-test");
	k.nid = nid;
	return htab_get(&s->rows, &k);
}

static void test_compare(const struct agg *a)
{
	bool on[M_MAX];
	struct cside s;
	const struct mstat *m;
	int i;

	for (i = 0; i < M_MAX; i++)
		on[i] = true;
	cside_init(&s);
	cside_add_all(&s, a, on);
	m = cmp_row(&s, 0);
	check(m && near(m[M_DEFERRED_PER_CALL].sum, 1500000005),
	      "compare: deferred_per_call is the mean nr_objects_to_shrink");
	check(m && near(m[M_ASKED_PER_FREEABLE].sum, 110.0 / 1050),
	      "compare: asked_per_freeable is sum total_scan / sum cache_items");
	check(m && near(m[M_FREED_PER_SCANNED].sum, 4.0),
	      "compare: freed_per_scanned is sum freed / sum scanned");
	check(m && near(m[M_FREED_PER_FILE_PAGE].sum, 4.0) &&
	      near(cmp_row(&s, 1)[M_FREED_PER_FILE_PAGE].sum, 2.0),
	      "compare: freed_per_file_page is freed on the node / file pages of that node");
	for (i = M_DEFERRED_PER_CALL; i < M_MAX; i++)
		on[i] = false;
	cside_init(&s);
	cside_add_all(&s, a, on);
	m = cmp_row(&s, 0);
	check(m && !m[M_DEFERRED_PER_CALL].n && !m[M_ASKED_PER_FREEABLE].n &&
	      !m[M_FREED_PER_SCANNED].n && !m[M_FREED_PER_FILE_PAGE].n,
	      "compare: a metric not compared gets no value");
	check(!strcmp(metric_str(M_FREED_PER_FILE_PAGE), "freed_per_file_page") &&
	      !strcmp(metric_str(M_DEFERRED_PER_CALL), "deferred_per_call"),
	      "compare: metric names");
}

/* A start cut by the trace's end still took its deferred work over. */
static void test_cut_call(void)
{
	bool on[M_MAX];
	const struct mstat *m;
	struct cside s;
	struct agg a;
	struct ev e;
	int i;

	for (i = 0; i < M_MAX; i++)
		on[i] = true;
	agg_new(&a, NULL);
	fill(&a);
	agg_file(&a, caps_all, no_symbol, NULL);
	e = mk(EV_START, 0, 0);
	e.v[F_DEFERRED] = 2;
	agg_event(&e, &a);
	agg_file_done(&a);
	cside_init(&s);
	cside_add_all(&s, &a, on);
	m = cmp_row(&s, 0);
	check(m && near(m[M_DEFERRED_PER_CALL].sum, 3000000012.0 / 3),
	      "compare: deferred_per_call counts every start, ended or not");
}

/* not_compared() turns a metric off when any file lacks its fields. */
static void test_not_compared(void)
{
	char *bf[] = { "base.dat" }, *cf[] = { "cand.dat" };
	bool cb[1][CAP_MAX], cc[1][CAP_MAX], on[M_MAX], by_name;
	struct cmp_opts o;
	struct tab *t;
	size_t r;
	bool listed = false;

	memset(&o, 0, sizeof(o));
	memcpy(cb[0], caps_all, sizeof(cb[0]));
	memcpy(cc[0], caps_all, sizeof(cc[0]));
	cc[0][CAP_LRU_INACTIVE] = false;
	cb[0][CAP_CACHE_ITEMS] = false;
	cb[0][CAP_RECLAIM] = cc[0][CAP_RECLAIM] = false;
	o.base = (struct side){ .label = "base", .files = bf, .n = 1,
				.caps = cb };
	o.cand = (struct side){ .label = "candidate", .files = cf, .n = 1,
				.caps = cc };
	t = not_compared(&o, &by_name, on);
	for (r = 0; r < t->nrows; r++)
		if (strstr(tab_cell(t, r, 0)->s, "freed_per_file_page") &&
		    strstr(tab_cell(t, r, 1)->s, "candidate cand.dat"))
			listed = true;
	check(!on[M_FREED_PER_FILE_PAGE] && listed,
	      "compare: freed_per_file_page not compared when a file lacks lru_shrink_inactive");
	check(!on[M_ASKED_PER_FREEABLE] && on[M_DEFERRED_PER_CALL] &&
	      on[M_FREED_PER_SCANNED],
	      "compare: asked_per_freeable needs cache_items in every file");
	tab_free(t);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t len = 0;

	if (f && getdelim(&buf, &len, '\0', f) < 0) {
		free(buf);
		buf = NULL;
	}
	if (f)
		fclose(f);
	return buf;
}

static void test_plot(const struct agg *a)
{
	static const char *const files[] = {
		"slab-vs-file.dat", "slab-vs-file.gp", "slab-vs-file.png",
		"slab-vs-file.svg",
	};
	char tmp[] = "/tmp/shrinkscope-unit-XXXXXX", *p, *dat, *gp;
	const char *dir = mkdtemp(tmp);
	struct tab *t;
	size_t i;

	if (!dir) {
		check(false, "plot: temporary directory");
		return;
	}
	t = tab_balance_by_node(a, 1);
	plot_report(dir, &t, 1);
	p = xasprintf("%s/slab-vs-file.dat", dir);
	dat = slurp(p);
	free(p);
	p = xasprintf("%s/slab-vs-file.gp", dir);
	gp = slurp(p);
	free(p);
	/* node 1 has no file pages in bucket 0: NaN, a gap in its line */
	check(dat && strstr(dat, "# node 0\n0 100 400 4\n1 0 0 NaN\n\n\n") &&
	      strstr(dat, "# node 1\n0 0 0 NaN\n1 30 60 2\n"),
	      "plot: slab-vs-file data, one block per node, NaN without file pages");
	check(gp && strstr(gp, "index 0 using 1:4 title 'node 0'") &&
	      strstr(gp, "index 1 using 1:4 title 'node 1'"),
	      "plot: slab-vs-file draws one line per node");
	p = xasprintf("%s/slab-vs-file.png", dir);
	check(access(p, R_OK) == 0, "plot: gnuplot drew slab-vs-file.png");
	free(p);
	for (i = 0; i < ARRAY_SIZE(files); i++) {
		p = xasprintf("%s/%s", dir, files[i]);
		unlink(p);
		free(p);
	}
	rmdir(dir);
	free(dat);
	free(gp);
	tab_free(t);
}

void test_figures(void)
{
	struct rref *rs;
	struct agg a;
	size_t n;
	int i;

	for (i = 0; i < CAP_MAX; i++)
		caps_all[i] = true;
	/* scanned from the batch events, as the fixtures of these cases have it */
	caps_all[CAP_END_SCANNED] = false;
	agg_new(&a, NULL);
	fill(&a);
	rs = sorted_rows(&a, &n);
	test_deferred(&a, rs, n);
	test_ratios(&a, rs, n);
	test_priority(&a);
	test_unpaired_prio();
	test_reclaimer();
	test_pages(&a, rs, n);
	test_na();
	test_compare(&a);
	test_cut_call();
	test_not_compared();
	test_plot(&a);
	free(rs);
}
