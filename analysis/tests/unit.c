// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of shrinkscope-report's parts, fed with hand-made events so
 * every branch (SHRINK_STOP, memcg reclaim, vmpressure, naming fallbacks,
 * missing fields) is covered even where no fixture trace has it.
 * Prints TAP: "ok - ..." / "not ok - ..." and a plan line at the end.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "compare.h"
#include "htab.h"
#include "report.h"
#include "strtab.h"
#include "tab.h"
#include "trace.h"
#include "util.h"
#include "tap.h"

static int tests, failed;

void check(bool ok, const char *what)
{
	tests++;
	if (!ok)
		failed++;
	printf("%s - %s\n", ok ? "ok" : "not ok", what);
}

static const char *stub_symbol(uint64_t addr, void *arg)
{
	(void)arg;
	return addr == 0x1000 ? "super_cache_scan" : NULL;
}

static bool all_caps[CAP_MAX];

static struct ev mk(enum ev_kind kind, int pid, uint64_t ts_ms)
{
	struct ev e;

	ev_clear(&e, kind);
	e.pid = pid;
	e.ts = ts_ms * 1000000ULL;
	return e;
}

static void who(struct ev *e, int64_t shr, int64_t nid, int64_t memcg,
		const char *name)
{
	e->v[F_SHR] = shr;
	e->v[F_SHRINK] = 0x1000;
	e->v[F_NID] = nid;
	e->v[F_MEMCG] = memcg;
	if (name) {
		e->has_name = true;
		snprintf(e->name, sizeof(e->name), "%s", name);
	}
}

static void start(struct agg *a, int pid, int64_t shr, int64_t nid,
		  int64_t memcg, int64_t mr, const char *name, int64_t total,
		  int64_t deferred)
{
	struct ev e = mk(EV_START, pid, 0);

	who(&e, shr, nid, memcg, name);
	e.v[F_MEMCG_RECLAIM] = mr;
	e.v[F_TOTAL_SCAN] = total;
	e.v[F_DEFERRED] = deferred;
	e.v[F_BATCH] = 128;
	e.v[F_SHRINKER_ID] = 7;
	agg_event(&e, a);
}

static void batch(struct agg *a, int pid, int64_t shr, int64_t nr,
		  int64_t scanned, bool stopped)
{
	struct ev e = mk(EV_BATCH, pid, 0);

	who(&e, shr, 0, 0, NULL);
	e.v[F_BATCH] = 128;
	e.v[F_NR_TO_SCAN] = nr;
	e.v[F_NR_SCANNED] = scanned;
	e.v[F_STOPPED] = stopped;
	agg_event(&e, a);
}

static void end(struct agg *a, int pid, int64_t shr, int64_t nid,
		int64_t memcg, int64_t mr, const char *name, int64_t freed,
		int64_t new_scan, uint64_t ts_ms)
{
	struct ev e = mk(EV_END, pid, ts_ms);

	who(&e, shr, nid, memcg, name);
	e.v[F_MEMCG_RECLAIM] = mr;
	e.v[F_RETVAL] = freed;
	e.v[F_NEW_SCAN] = new_scan;
	agg_event(&e, a);
}

static const struct row *find_row(const struct agg *a, const char *name,
				  int64_t shr, int64_t nid, int64_t memcg)
{
	struct row_key k;

	memset(&k, 0, sizeof(k));
	k.name = str_intern(name);
	k.shr = shr;
	k.nid = nid;
	k.memcg = memcg;
	return htab_get(&a->rows, &k);
}

static void test_htab(void)
{
	struct htab h;
	int64_t k, *v, sum = 0;
	size_t it = 0, n = 0;

	htab_init(&h, sizeof(k), sizeof(int64_t));
	for (k = 0; k < 1000; k++)
		*(int64_t *)htab_put(&h, &k) = k * 2;
	k = 777;
	v = htab_get(&h, &k);
	check(v && *v == 1554, "htab: value found after rehashing");
	k = 5000;
	check(!htab_get(&h, &k), "htab: absent key is absent");
	while ((v = htab_next(&h, &it, NULL))) {
		sum += *v;
		n++;
	}
	check(n == 1000 && sum == 999000, "htab: walk visits every entry once");
	htab_free(&h);
}

static void test_strtab(void)
{
	uint32_t a = str_intern("sb-ext4:vda"), b = str_intern("rcu-kfree");

	check(a && b && a != b && str_intern("sb-ext4:vda") == a &&
	      !strcmp(str_get(b), "rcu-kfree"),
	      "strtab: one id per distinct string");
}

static void test_hbucket(void)
{
	check(hbucket(0) == 0 && hbucket(1) == 1 && hbucket(2) == 2 &&
	      hbucket(3) == 2 && hbucket(4) == 3 && hbucket(128) == 8 &&
	      hbucket(255) == 8 && hbucket(256) == 9,
	      "histogram: log2 buckets [2^(b-1), 2^b)");
	check(hbucket(INT64_MAX) == HBUCKETS - 1 && hbucket_hi(HBUCKETS - 1) < 0,
	      "histogram: the last bucket is open-ended");
	check(hbucket_lo(8) == 128 && hbucket_hi(8) == 255,
	      "histogram: bucket 8 is 128-255");
}

static void test_cpustats(void)
{
	const char *s = "CPU: 0\nentries: 43\noverrun: 3\ncommit overrun: 2\n"
			"bytes: 3268\ndropped events: 5\nread events: 0\n"
			"CPU: 1\nentries: 3\noverrun: 0\ncommit overrun: 0\n"
			"dropped events: 1\n";

	check(cpustats_lost(s) == 11,
	      "cpustats: overrun + commit overrun + dropped, all CPUs; entries ignored");
	check(cpustats_lost("CPU: 0\nentries: 9\noverrun: 0\n") == 0 &&
	      cpustats_lost("") == 0, "cpustats: clean stats mean no loss");
}

/* Where the end event says what was scanned, that is the call's figure. */
static void test_call_end_scanned(void)
{
	struct ev e = mk(EV_END, 10, 1500);
	bool caps[CAP_MAX];
	const struct row *r;
	struct agg a;

	memcpy(caps, all_caps, sizeof(caps));
	caps[CAP_END_SCANNED] = true;
	agg_init(&a, 1);
	agg_file(&a, caps, stub_symbol, NULL);
	start(&a, 10, 0xa0, 1, 0, 0, "sb-ext4:vda", 300, 40);
	batch(&a, 10, 0xa0, 128, 128, false);
	batch(&a, 10, 0xa0, 128, 120, false);
	who(&e, 0xa0, 1, 0, "sb-ext4:vda");
	e.v[F_MEMCG_RECLAIM] = 0;
	e.v[F_RETVAL] = 100;
	e.v[F_NR_SCANNED] = 250;
	agg_event(&e, &a);
	agg_file_done(&a);
	r = find_row(&a, "sb-ext4:vda", 0xa0, 1, 0);
	check(r && r->calls == 1 && r->scanned == 250 && r->batches == 2,
	      "agg: scanned from the end event when it has it, batches not added again");
}

static void test_call(void)
{
	const struct row *r;
	struct agg a;

	agg_init(&a, 1);
	agg_file(&a, all_caps, stub_symbol, NULL);
	start(&a, 10, 0xa0, 1, 0, 0, "sb-ext4:vda", 300, 40);
	batch(&a, 10, 0xa0, 128, 128, false);
	batch(&a, 10, 0xa0, 128, 120, false);
	batch(&a, 10, 0xa0, 44, 44, true);
	end(&a, 10, 0xa0, 1, 0, 0, "sb-ext4:vda", 100, 12, 1500);
	agg_file_done(&a);
	r = find_row(&a, "sb-ext4:vda", 0xa0, 1, 0);
	check(r && r->calls == 1 && r->asked == 300 && r->scanned == 292 &&
	      r->freed == 100, "agg: one call sums asked, scanned, freed");
	check(r && r->batches == 3 && r->partial == 1 && r->stopped == 1 &&
	      r->max_batches == 3, "agg: batches, partial batches, SHRINK_STOP");
	check(r && r->hist[8] == 2 && r->hist[6] == 1,
	      "agg: nr_to_scan histogram");
	check(r && r->def_first == 40 && r->def_last == 12,
	      "agg: deferred before (first call) and after (last call)");
	check(r && r->mr_calls[0] == 1 && r->mr_freed[0] == 100 &&
	      !r->mr_calls[1], "agg: global call counted as memcg_reclaim=0");
	check(r && r->src == SRC_TRACE, "agg: name taken from the trace");
	check(a.by_node.nbuckets == 2, "agg: call ending at 1.5 s lands in bucket 1");
}

static void test_memcg_split(void)
{
	struct mc {
		int64_t memcg, mr, freed;
	} calls[] = { { 42, 1, 30 }, { 42, 0, 5 }, { 42, 1, 7 }, { 0, 0, 9 } };
	const struct row *r;
	struct agg a;
	size_t i;

	agg_init(&a, 1);
	agg_file(&a, all_caps, stub_symbol, NULL);
	for (i = 0; i < ARRAY_SIZE(calls); i++) {
		start(&a, 20, 0xb0, 0, calls[i].memcg, calls[i].mr, "x", 10, 0);
		end(&a, 20, 0xb0, 0, calls[i].memcg, calls[i].mr, "x",
		    calls[i].freed, 0, 0);
	}
	r = find_row(&a, "x", 0xb0, 0, 42);
	check(r && r->mr_calls[1] == 2 && r->mr_freed[1] == 37 &&
	      r->mr_calls[0] == 1 && r->mr_freed[0] == 5,
	      "agg: memcg-targeted vs global freed per memcg");
}

static void test_naming(void)
{
	const struct row *r;
	struct agg a;
	struct ev e;

	agg_init(&a, 1);
	agg_file(&a, all_caps, stub_symbol, NULL);
	/* stock events: no name field at all */
	start(&a, 1, 0xc0, 0, NA, NA, NULL, 10, 0);
	end(&a, 1, 0xc0, 0, NA, NA, NULL, 3, 0, 0);
	r = find_row(&a, "super_cache_scan", 0xc0, 0, NA);
	check(r && r->src == SRC_SYMBOL && r->calls == 1,
	      "names: symbol of the scan function without a name field");
	e = mk(EV_REGISTER, 2, 0);
	who(&e, 0xd0, NA, NA, "sb-tmpfs");
	e.v[F_SHRINKER_ID] = 23;
	agg_event(&e, &a);
	start(&a, 1, 0xd0, 0, NA, NA, NULL, 10, 0);
	end(&a, 1, 0xd0, 0, NA, NA, NULL, 4, 0, 0);
	r = find_row(&a, "sb-tmpfs", 0xd0, 0, NA);
	check(r && r->src == SRC_REGISTER,
	      "names: mm_shrinker_register names a shrinker without a name field");
	start(&a, 1, 0xe0, 0, 0, 0, "", 10, 0);
	end(&a, 1, 0xe0, 0, 0, 0, "", 4, 0, 0);
	r = find_row(&a, "super_cache_scan", 0xe0, 0, 0);
	check(r && r->src == SRC_SYMBOL,
	      "names: an empty name (no CONFIG_SHRINKER_DEBUG) falls back to the symbol");
	e = mk(EV_START, 1, 0);
	who(&e, 0xf0, 0, NA, NULL);
	e.v[F_SHRINK] = 0x2000;
	agg_event(&e, &a);
	e.kind = EV_END;
	e.v[F_RETVAL] = 1;
	agg_event(&e, &a);
	check(find_row(&a, "0x2000", 0xf0, 0, NA) != NULL,
	      "names: an address without a symbol is printed in hex");
}

static void test_walks(void)
{
	const struct lru_row *l;
	struct agg a;
	struct ev e;
	int64_t lru = 0x77;
	int i;

	agg_init(&a, 1);
	agg_file(&a, all_caps, stub_symbol, NULL);
	start(&a, 3, 0xa0, 0, 0, 0, "sb-proc", 10, 0);
	for (i = 0; i < 2; i++) {
		e = mk(EV_LRU_WALK, 3, 0);
		e.v[F_LRU] = lru;
		e.v[F_SHRINKER_ID] = 7;
		e.v[F_NR_TO_WALK] = 10;
		e.v[F_WALKED] = 8;
		e.v[F_REMOVED] = 5;
		e.v[F_ROTATED] = 3;
		agg_event(&e, &a);
	}
	l = htab_get(&a.lrus, &lru);
	check(l && l->walks == 2 && l->v[1] == 16 && l->v[2] == 10 &&
	      l->v[4] == 6 && !strcmp(str_get(l->name), "sb-proc"),
	      "agg: lru walks summed and named through shrinker_id");
}

/* A kernel without SHRINKER_DEBUG: lrus named by the scan function. */
static void test_walks_nameless(void)
{
	const struct lru_row *l;
	struct agg a;
	struct ev e;
	int64_t lru = 0x78;

	agg_init(&a, 1);
	agg_file(&a, all_caps, stub_symbol, NULL);
	e = mk(EV_START, 3, 0);
	who(&e, 0xa0, 0, 1, "");
	e.v[F_SHRINKER_ID] = 7;
	e.v[F_TOTAL_SCAN] = 10;
	agg_event(&e, &a);
	end(&a, 3, 0xa0, 0, 1, 0, "", 4, 0, 1);
	e = mk(EV_LRU_WALK, 4, 2);	/* outside any call */
	e.v[F_LRU] = lru;
	e.v[F_SHRINKER_ID] = 7;
	e.v[F_WALKED] = 1;
	agg_event(&e, &a);
	l = htab_get(&a.lrus, &lru);
	check(l && l->name && !strcmp(str_get(l->name), "super_cache_scan"),
	      "agg: without names, an lru is named by its shrinker's scan function");
}

static void test_vmpressure(void)
{
	const struct vmp_row *v;
	struct vmp_key k;
	struct agg a;
	struct ev e;
	int i;

	agg_init(&a, 1);
	agg_file(&a, all_caps, stub_symbol, NULL);
	for (i = 0; i < 3; i++) {
		e = mk(EV_VMPRESSURE, 4, 0);
		e.v[F_MEMCG] = 99;
		e.v[F_LEVEL] = i == 2 ? 2 : 1;
		e.v[F_SCANNED] = 512;
		e.v[F_RECLAIMED] = 100;
		e.v[F_ANCESTOR] = i == 0;
		e.v[F_NR_USER] = 0;
		e.v[F_NR_KERNEL] = 1;
		agg_event(&e, &a);
	}
	memset(&k, 0, sizeof(k));
	k.memcg = 99;
	k.level = 1;
	v = htab_get(&a.vmp, &k);
	check(v && v->n == 2 && v->scanned == 1024 && v->reclaimed == 200 &&
	      v->ancestor == 1 && v->nr_kernel == 2,
	      "agg: vmpressure notifications per memcg and level");
	check(level_str(2) && !strcmp(level_str(2), "critical") && !level_str(7),
	      "report: vmpressure level names");
}

static void test_windows(void)
{
	const struct row *r;
	struct agg a;
	struct ev e;

	agg_init(&a, 1);
	agg_file(&a, all_caps, stub_symbol, NULL);
	e = mk(EV_RECLAIM_END, 5, 0);	/* its begin is before the trace */
	e.v[F_NR_RECLAIMED] = 1000;
	agg_event(&e, &a);
	agg_event(&(struct ev){ .kind = EV_RECLAIM_BEGIN, .pid = 5 }, &a);
	start(&a, 5, 0xa0, 0, 0, 0, "w", 10, 0);
	end(&a, 5, 0xa0, 0, 0, 0, "w", 6, 0, 0);
	e.v[F_NR_RECLAIMED] = 32;
	agg_event(&e, &a);
	start(&a, 5, 0xa0, 0, 0, 0, "w", 10, 0);	/* outside */
	end(&a, 5, 0xa0, 0, 0, 0, "w", 50, 0, 0);
	r = find_row(&a, "w", 0xa0, 0, 0);
	check(a.windows == 1 && a.reclaimed == 32 && r && r->win_freed == 6 &&
	      r->freed == 56,
	      "agg: only calls inside a begin..end reclaim window count per page");
}

/* A start of a kswapd (pid @pid) or of another task, at @prio with @items. */
static void kstart(struct agg *a, int pid, bool kswapd, int64_t shr,
		   uint64_t fn, int64_t prio, int64_t items)
{
	struct ev e = mk(EV_START, pid, 0);

	who(&e, shr, 0, NA, NULL);
	e.v[F_SHRINK] = fn;
	e.v[F_PRIORITY] = prio;
	e.v[F_CACHE_ITEMS] = items;
	e.v[F_TOTAL_SCAN] = 8;
	e.who = kswapd ? RC_KSWAPD : RC_OTHER;
	agg_event(&e, a);
}

static void test_kswapd(void)
{
	struct agg a;
	struct ev e;

	agg_init(&a, 1);
	agg_file(&a, all_caps, stub_symbol, NULL);
	/* two kswapds interleaved, each going deeper once */
	kstart(&a, 34, true, 0xa0, 0x1000, 12, 5000);
	kstart(&a, 35, true, 0xa0, 0x1000, 12, 5000);
	kstart(&a, 34, true, 0xa0, 0x1000, 11, 5000);
	kstart(&a, 35, true, 0xa0, 0x1000, 11, 5000);
	/* kswapd1 ends a pass at 12 and starts one more */
	kstart(&a, 35, true, 0xa0, 0x1000, 12, 5000);
	kstart(&a, 35, true, 0xa0, 0x1000, 12, 5000);
	/* nothing: a small superblock, another shrinker, a direct reclaimer,
	 * a start without a priority */
	kstart(&a, 34, true, 0xb0, 0x1000, 12, 999);
	kstart(&a, 34, true, 0xc0, 0x2000, 12, 5000);
	kstart(&a, 99, false, 0xa0, 0x1000, 12, 5000);
	kstart(&a, 34, true, 0xa0, 0x1000, NA, 5000);
	e = mk(EV_RECLAIM_BEGIN, 99, 0);
	e.who = RC_DIRECT;
	agg_event(&e, &a);
	agg_event(&e, &a);
	e.who = RC_MEMCG;
	agg_event(&e, &a);
	check(a.kswapd_passes == 4 && a.kswapd_deeper == 2 &&
	      a.direct_windows == 2,
	      "kswapd: passes per kswapd, ended at 12 unless the next call is deeper");

	agg_free(&a);
	agg_init(&a, 1);
	agg_file(&a, all_caps, stub_symbol, NULL);
	/* two big superblocks: one pass at 12, one going deeper, one more */
	kstart(&a, 34, true, 0xa0, 0x1000, 12, 5000);
	kstart(&a, 34, true, 0xb0, 0x1000, 12, 5000);
	kstart(&a, 34, true, 0xa0, 0x1000, 12, 5000);
	kstart(&a, 34, true, 0xb0, 0x1000, 12, 5000);
	kstart(&a, 34, true, 0xa0, 0x1000, 11, 5000);
	kstart(&a, 34, true, 0xb0, 0x1000, 11, 5000);
	kstart(&a, 34, true, 0xa0, 0x1000, 12, 5000);
	kstart(&a, 34, true, 0xb0, 0x1000, 12, 5000);
	check(a.kswapd_passes == 3 && a.kswapd_deeper == 1,
	      "kswapd: a second big superblock at the same priority is the same pass");
	/* a pass open when one file ends is not continued by the next */
	agg_file_done(&a);
	agg_file(&a, all_caps, stub_symbol, NULL);
	kstart(&a, 34, true, 0xa0, 0x1000, 11, 5000);
	check(a.kswapd_passes == 3 && a.kswapd_deeper == 1,
	      "kswapd: each file starts with no pass open");
	agg_free(&a);
}

static void test_unpaired(void)
{
	struct agg a;

	agg_init(&a, 1);
	agg_file(&a, all_caps, stub_symbol, NULL);
	end(&a, 6, 0xa0, 0, 0, 0, "u", 3, 0, 0);
	start(&a, 6, 0xa0, 0, 0, 0, "u", 10, 0);
	agg_file_done(&a);
	check(a.ends_unpaired == 1 && a.starts_open == 1,
	      "agg: calls cut by the trace's edges are counted");
}

char *text_of(struct tab *t, int fmt)
{
	size_t len;
	char *buf = NULL;
	FILE *f = open_memstream(&buf, &len);

	if (fmt == 0)
		print_text(f, &t, 1);
	else if (fmt == 1)
		print_csv(f, &t, 1);
	else
		print_json(f, "test", &t, 1);
	fclose(f);
	return buf;
}

static void test_na_output(void)
{
	bool caps[CAP_MAX];
	struct rref *rs;
	struct tab *t;
	struct agg a;
	size_t n;
	char *s;

	memcpy(caps, all_caps, sizeof(caps));
	caps[CAP_BATCH] = caps[CAP_BATCH_SIZE] = caps[CAP_STOPPED] = false;
	caps[CAP_SCANNED] = false;
	agg_init(&a, 1);
	agg_file(&a, caps, stub_symbol, NULL);
	start(&a, 1, 0xa0, 0, NA, NA, NULL, 10, 0);
	end(&a, 1, 0xa0, 0, NA, NA, NULL, 0, 0, 0);
	rs = sorted_rows(&a, &n);
	t = tab_shrinkers(&a, rs, n);
	check(tab_cell(t, 0, 8)->t == C_NA && tab_cell(t, 0, 5)->t == C_NA &&
	      tab_cell(t, 0, 9)->t == C_INT && tab_cell(t, 0, 9)->i == 0,
	      "report: scanned and memcg are NA without the fields, freed 0 is 0");
	s = text_of(t, 2);
	check(strstr(s, "\"scanned\": null") && strstr(s, "\"memcg\": null") &&
	      strstr(s, "\"freed\": 0,"), "json: NA is null, a real 0 is 0");
	free(s);
	s = text_of(t, 1);
	check(strstr(s, ",-,") != NULL, "csv: NA is -");
	free(s);
	tab_free(t);
	t = tab_batches(&a, rs, n);
	check(t->unavailable != NULL, "report: batch table unavailable without batch events");
	s = text_of(t, 2);
	check(strstr(s, "\"batches\": null") != NULL, "json: unavailable table is null");
	free(s);
	tab_free(t);
	free(rs);
}

static const struct col esc_cols[] = { { "name", 0 }, { "v", 0 } };

static void test_escaping(void)
{
	struct tab *t = tab_new("esc", "escaping", esc_cols, 2);
	char *s;

	tab_row(t);
	tab_str(t, "a\"b,c\\d\n");
	tab_real(t, NAN);
	s = text_of(t, 2);
	check(strstr(s, "\"a\\\"b,c\\\\d\\u000a\"") && strstr(s, "\"v\": null"),
	      "json: strings escaped, NaN is null");
	free(s);
	s = text_of(t, 1);
	check(strstr(s, "esc,\"a\"\"b,c\\d\n\",-") != NULL,
	      "csv: quotes and commas quoted");
	free(s);
	s = text_of(t, 0);
	check(strstr(s, "  -\n") != NULL, "text: NA printed as -");
	free(s);
	tab_free(t);
}

int main(void)
{
	int i;

	util_init();
	for (i = 0; i < CAP_MAX; i++)
		all_caps[i] = true;
	/* the first series' traces: scanned only in the batch events */
	all_caps[CAP_END_SCANNED] = false;
	test_htab();
	test_strtab();
	test_hbucket();
	test_cpustats();
	test_call();
	test_call_end_scanned();
	test_memcg_split();
	test_naming();
	test_walks();
	test_walks_nameless();
	test_vmpressure();
	test_windows();
	test_unpaired();
	test_kswapd();
	test_na_output();
	test_escaping();
	test_stats();
	test_decode();
	test_plot_compare();
	test_figures();
	printf("1..%d\n", tests);
	return failed ? 1 : 0;
}
