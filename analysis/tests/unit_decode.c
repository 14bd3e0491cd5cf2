// SPDX-License-Identifier: GPL-2.0
/*
 * Decoding by field name, through libtraceevent itself: formats written
 * the way the kernel prints them, records laid out by hand. Covers the
 * vmpressure_notify event no fixture trace has yet, a stock
 * mm_shrink_slab_end (fields missing -> NA) and a __data_loc name.
 */
#include <string.h>

#include "decode.h"
#include "tap.h"
#include "util.h"

#define COMMON								\
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n" \
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n" \
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n" \
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"

static const char vmp_fmt[] =
	"name: vmpressure_notify\nID: 600\nformat:\n" COMMON
	"\tfield:u64 memcg;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:int level;\toffset:16;\tsize:4;\tsigned:1;\n"
	"\tfield:unsigned long scanned;\toffset:24;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned long reclaimed;\toffset:32;\tsize:8;\tsigned:0;\n"
	"\tfield:bool ancestor;\toffset:40;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned int nr_user;\toffset:44;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned int nr_kernel;\toffset:48;\tsize:4;\tsigned:0;\n\n"
	"print fmt: \"memcg=%llu level=%d\", REC->memcg, REC->level\n";

/* 6.1's stock end event: no memcg, no name. */
static const char end_fmt[] =
	"name: mm_shrink_slab_end\nID: 469\nformat:\n" COMMON
	"\tfield:struct shrinker * shr;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:int nid;\toffset:16;\tsize:4;\tsigned:1;\n"
	"\tfield:void * shrink;\toffset:24;\tsize:8;\tsigned:0;\n"
	"\tfield:long unused_scan;\toffset:32;\tsize:8;\tsigned:1;\n"
	"\tfield:long new_scan;\toffset:40;\tsize:8;\tsigned:1;\n"
	"\tfield:int retval;\toffset:48;\tsize:4;\tsigned:1;\n"
	"\tfield:long total_scan;\toffset:56;\tsize:8;\tsigned:1;\n\n"
	"print fmt: \"%p\", REC->shr\n";

/* A start event reduced to what this test needs, with the name. */
static const char start_fmt[] =
	"name: mm_shrink_slab_start\nID: 470\nformat:\n" COMMON
	"\tfield:struct shrinker * shr;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:int nid;\toffset:16;\tsize:4;\tsigned:1;\n"
	"\tfield:int shrinker_id;\toffset:20;\tsize:4;\tsigned:1;\n"
	"\tfield:__data_loc char[] name;\toffset:24;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"%s\", __get_str(name)\n";

static void put(unsigned char *d, int off, uint64_t v, int size)
{
	int i;

	for (i = 0; i < size; i++)
		d[off + i] = v >> (8 * i);
}

static bool decode_buf(struct decoder *d, unsigned char *buf, int size,
		       struct ev *e)
{
	struct tep_record rec;

	memset(&rec, 0, sizeof(rec));
	rec.data = buf;
	rec.size = size;
	return decode(d, &rec, e);
}

static void vmpressure(struct decoder *d)
{
	unsigned char b[56] = { 0 };
	struct ev e;

	put(b, 0, 600, 2);
	put(b, 4, 4242, 4);
	put(b, 8, 1234, 8);
	put(b, 16, 2, 4);
	put(b, 24, 512, 8);
	put(b, 32, 64, 8);
	put(b, 40, 1, 1);
	put(b, 44, 0, 4);
	put(b, 48, 3, 4);
	check(decode_buf(d, b, sizeof(b), &e) && e.kind == EV_VMPRESSURE &&
	      e.pid == 4242 && e.v[F_MEMCG] == 1234 && e.v[F_LEVEL] == 2 &&
	      e.v[F_SCANNED] == 512 && e.v[F_RECLAIMED] == 64 &&
	      e.v[F_ANCESTOR] == 1 && e.v[F_NR_KERNEL] == 3,
	      "decode: vmpressure_notify fields by name");
}

static void stock_end(struct decoder *d)
{
	unsigned char b[64] = { 0 };
	bool caps[CAP_MAX];
	struct ev e;

	put(b, 0, 469, 2);
	put(b, 8, 0xffff888004443740ULL, 8);
	put(b, 16, (uint32_t)-1, 4);
	put(b, 24, 0xffffffff81234560ULL, 8);
	put(b, 40, 18, 8);
	put(b, 48, 8124, 4);
	check(decode_buf(d, b, sizeof(b), &e) && e.kind == EV_END &&
	      e.v[F_NID] == -1 && e.v[F_RETVAL] == 8124 &&
	      e.v[F_NEW_SCAN] == 18 &&
	      (uint64_t)e.v[F_SHR] == 0xffff888004443740ULL,
	      "decode: stock end event, signed int sign-extended");
	check(e.v[F_MEMCG] == NA && e.v[F_MEMCG_RECLAIM] == NA && !e.has_name,
	      "decode: fields the format lacks are NA, not 0");
	check(!decode_buf(d, b, 40, &e) || e.v[F_RETVAL] == NA,
	      "decode: a record too short for a field gives NA");
	dec_caps(d, caps);
	check(!caps[CAP_MEMCG] && !caps[CAP_BATCH] && caps[CAP_VMPRESSURE],
	      "decode: capabilities follow the formats present");
}

static void named_start(struct decoder *d)
{
	unsigned char b[48] = { 0 };
	struct ev e;

	put(b, 0, 470, 2);
	put(b, 8, 0xa0, 8);
	put(b, 16, 1, 4);
	put(b, 20, 13, 4);
	put(b, 24, (12u << 16) | 28, 4);	/* len 12 at offset 28 */
	memcpy(b + 28, "sb-ext4:vda", 12);
	check(decode_buf(d, b, sizeof(b), &e) && e.kind == EV_START &&
	      e.has_name && !strcmp(e.name, "sb-ext4:vda") &&
	      e.v[F_SHRINKER_ID] == 13,
	      "decode: __data_loc name read through libtraceevent");
	put(b, 24, (40u << 16) | 28, 4);	/* runs past the record */
	check(decode_buf(d, b, sizeof(b), &e) && e.has_name && !e.name[0],
	      "decode: a name running past the record is dropped");
}

static bool parse(struct tep_handle *tep, const char *fmt, const char *sys)
{
	return tep_parse_event(tep, fmt, strlen(fmt), sys) == 0;
}

/* 6.1's stock start event, every field. */
static const char stock_start_fmt[] =
	"name: mm_shrink_slab_start\nID: 471\nformat:\n" COMMON
	"\tfield:struct shrinker * shr;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:void * shrink;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:int nid;\toffset:24;\tsize:4;\tsigned:1;\n"
	"\tfield:long nr_objects_to_shrink;\toffset:32;\tsize:8;\tsigned:1;\n"
	"\tfield:unsigned long gfp_flags;\toffset:40;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned long cache_items;\toffset:48;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned long long delta;\toffset:56;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned long total_scan;\toffset:64;\tsize:8;\tsigned:0;\n"
	"\tfield:int priority;\toffset:72;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"%p\", REC->shr\n";

/* 6.1's mm_vmscan_lru_shrink_inactive. */
static const char lru_fmt[] =
	"name: mm_vmscan_lru_shrink_inactive\nID: 480\nformat:\n" COMMON
	"\tfield:int nid;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:unsigned long nr_scanned;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned long nr_reclaimed;\toffset:24;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned long nr_dirty;\toffset:32;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned long nr_writeback;\toffset:40;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned long nr_congested;\toffset:48;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned long nr_immediate;\toffset:56;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned int nr_activate0;\toffset:64;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned int nr_activate1;\toffset:68;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned long nr_ref_keep;\toffset:72;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned long nr_unmap_fail;\toffset:80;\tsize:8;\tsigned:0;\n"
	"\tfield:int priority;\toffset:88;\tsize:4;\tsigned:1;\n"
	"\tfield:int reclaim_flags;\toffset:92;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"nid=%d\", REC->nid\n";

/* An lru event without reclaim_flags cannot tell file pages from anon. */
static const char lru_noflags_fmt[] =
	"name: mm_vmscan_lru_shrink_inactive\nID: 481\nformat:\n" COMMON
	"\tfield:int nid;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:unsigned long nr_reclaimed;\toffset:16;\tsize:8;\tsigned:0;\n\n"
	"print fmt: \"nid=%d\", REC->nid\n";

static void flags_cb(const char *what, const char *effect, void *arg)
{
	(void)effect;
	if (!strcmp(what, "mm_vmscan_lru_shrink_inactive.reclaim_flags"))
		*(bool *)arg = true;
}

static void lru_without_flags(void)
{
	struct tep_handle *tep = tep_alloc();
	bool caps[CAP_MAX], listed = false;
	struct decoder d;

	tep_set_long_size(tep, 8);
	parse(tep, lru_noflags_fmt, "vmscan");
	decoder_init(&d, tep);
	dec_caps(&d, caps);
	dec_missing(&d, flags_cb, &listed);
	check(!caps[CAP_LRU_INACTIVE] && listed,
	      "decode: lru_shrink_inactive without reclaim_flags: no file pages, listed missing");
	tep_free(tep);
}

static void missing_cb(const char *what, const char *effect, void *arg)
{
	char *seen = arg;

	(void)effect;
	if (!strcmp(what, "mm_shrink_slab_start.cache_items"))
		seen[0] = 1;
	if (!strcmp(what, "mm_shrink_slab_start.priority"))
		seen[1] = 1;
	if (!strcmp(what, "vmscan:mm_vmscan_lru_shrink_inactive (event)"))
		seen[2] = 1;
}

/* Missing from the reduced formats above, there in a stock 6.1 trace. */
static void figures_missing(const struct decoder *d, bool want)
{
	char seen[3] = { 0 };
	bool caps[CAP_MAX];

	dec_missing(d, missing_cb, seen);
	check(seen[0] == want && seen[1] == want && seen[2] == want,
	      want ? "decode: no cache_items, priority or lru_shrink_inactive: listed missing" :
	      "decode: a stock 6.1 start and lru_shrink_inactive: nothing of them missing");
	dec_caps(d, caps);
	check(caps[CAP_CACHE_ITEMS] != want && caps[CAP_PRIORITY] != want &&
	      caps[CAP_LRU_INACTIVE] != want,
	      want ? "decode: ... and their capabilities are off" :
	      "decode: ... and their capabilities are on");
}

static void stock_figures(void)
{
	struct tep_handle *tep = tep_alloc();
	unsigned char s[80] = { 0 }, l[96] = { 0 };
	bool caps[CAP_MAX];
	struct decoder d;
	struct ev e;

	tep_set_long_size(tep, 8);
	check(parse(tep, stock_start_fmt, "vmscan") &&
	      parse(tep, lru_fmt, "vmscan"), "decode: stock start and lru formats parse");
	decoder_init(&d, tep);
	put(s, 0, 471, 2);
	put(s, 32, 3000000000ULL, 8);
	put(s, 48, 4105, 8);
	put(s, 64, 8210, 8);
	put(s, 72, 12, 4);
	check(decode_buf(&d, s, sizeof(s), &e) && e.kind == EV_START &&
	      e.v[F_DEFERRED] == 3000000000LL && e.v[F_CACHE_ITEMS] == 4105 &&
	      e.v[F_TOTAL_SCAN] == 8210 && e.v[F_PRIORITY] == 12,
	      "decode: stock start nr_objects_to_shrink, cache_items, total_scan, priority");
	put(l, 0, 480, 2);
	put(l, 8, 1, 4);
	put(l, 16, 32, 8);
	put(l, 24, 29, 8);
	put(l, 88, 11, 4);
	put(l, 92, 0x0002 | 0x0008, 4);
	check(decode_buf(&d, l, sizeof(l), &e) && e.kind == EV_LRU_INACTIVE &&
	      e.v[F_NID] == 1 && e.v[F_NR_RECLAIMED] == 29 &&
	      (e.v[F_RECLAIM_FLAGS] & RECLAIM_WB_FILE),
	      "decode: lru_shrink_inactive nid, nr_reclaimed, reclaim_flags by name");
	dec_caps(&d, caps);
	check(caps[CAP_DEFERRED] && caps[CAP_START],
	      "decode: a stock 6.1 start gives deferred work and asked");
	figures_missing(&d, false);
	tep_free(tep);
}

void test_decode(void)
{
	struct tep_handle *tep = tep_alloc();
	struct decoder d;

	tep_set_long_size(tep, 8);
	tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);
	tep_set_local_bigendian(tep, TEP_LITTLE_ENDIAN);
	check(parse(tep, vmp_fmt, "vmpressure") &&
	      parse(tep, end_fmt, "vmscan") &&
	      parse(tep, start_fmt, "vmscan"),
	      "decode: test formats parse");
	decoder_init(&d, tep);
	vmpressure(&d);
	stock_end(&d);
	named_start(&d);
	figures_missing(&d, true);
	tep_free(tep);
	stock_figures();
	lru_without_flags();
}
