// SPDX-License-Identifier: GPL-2.0
/*
 * Every field is looked up by name in the formats the trace carries, so a
 * stock kernel's trace (fewer fields) and ours (more) read the same way; a
 * field that is not there stays NA.
 */
#include <string.h>

#include "decode.h"
#include "util.h"

struct fmap {
	const char *field;
	enum fid id;
	const char *effect;	/* what is lost without it; NULL: say nothing */
};

struct evdesc {
	const char *sys;
	const char *name;
	enum ev_kind kind;
	bool named;		/* carries a __data_loc name */
	const char *effect;	/* what is lost without the event */
	struct fmap f[16];
};

#define MEMCG_FX "per-memcg rows"
#define MR_FX "memcg-targeted vs global split"
#define PAGES_FX "file pages reclaimed, slab objects freed per file page"
#define NAME_FX "names from the trace (falls back to register events, then the scan function's symbol)"

static const struct evdesc descs[] = {
	{ "vmscan", "mm_shrink_slab_start", EV_START, true, "everything", {
		{ "shr", F_SHR, NULL }, { "shrink", F_SHRINK, NULL },
		{ "nid", F_NID, NULL },
		{ "nr_objects_to_shrink", F_DEFERRED,
		  "deferred before, deferred work in" },
		{ "total_scan", F_TOTAL_SCAN, "asked" },
		{ "cache_items", F_CACHE_ITEMS, "asked per freeable" },
		{ "priority", F_PRIORITY, "calls and frees by priority" },
		{ "memcg_id", F_MEMCG, MEMCG_FX }, { "memcg", F_MEMCG, NULL },
		{ "memcg_reclaim", F_MEMCG_RECLAIM, MR_FX },
		{ "batch", F_BATCH, NULL },
		{ "shrinker_id", F_SHRINKER_ID, "naming lrus by shrinker" },
		{ NULL, 0, NULL } } },
	{ "vmscan", "mm_shrink_slab_batch", EV_BATCH, false,
	  "scanned, batch sizes, partial batches, SHRINK_STOP", {
		{ "shr", F_SHR, NULL }, { "shrink", F_SHRINK, NULL },
		{ "nid", F_NID, NULL }, { "memcg_id", F_MEMCG, NULL },
		{ "memcg", F_MEMCG, NULL },
		{ "memcg_reclaim", F_MEMCG_RECLAIM, NULL },
		{ "stopped", F_STOPPED, "SHRINK_STOP count" },
		{ "batch", F_BATCH, "partial batches" },
		{ "nr_to_scan", F_NR_TO_SCAN, "batch sizes" },
		{ "nr_scanned", F_NR_SCANNED, "scanned" },
		{ "freed", F_FREED, NULL },
		{ NULL, 0, NULL } } },
	{ "vmscan", "mm_shrink_slab_end", EV_END, true, "everything", {
		{ "shr", F_SHR, NULL }, { "shrink", F_SHRINK, NULL },
		{ "nid", F_NID, NULL },
		{ "unused_scan", F_DEFERRED, NULL },
		{ "new_scan", F_NEW_SCAN, "deferred after, deferred work out" },
		{ "retval", F_RETVAL, "freed" },
		{ "scanned", F_NR_SCANNED, NULL },
		{ "memcg_id", F_MEMCG, MEMCG_FX }, { "memcg", F_MEMCG, NULL },
		{ "memcg_reclaim", F_MEMCG_RECLAIM, MR_FX },
		{ "shrinker_id", F_SHRINKER_ID, NULL },
		{ NULL, 0, NULL } } },
	{ "vmscan", "mm_shrinker_register", EV_REGISTER, true,
	  "names from register events", {
		{ "shr", F_SHR, NULL }, { "shrink", F_SHRINK, NULL },
		{ "shrinker_id", F_SHRINKER_ID, NULL },
		{ NULL, 0, NULL } } },
	{ "vmscan", "mm_shrinker_unregister", EV_UNREGISTER, true, NULL, {
		{ "shr", F_SHR, NULL }, { "shrink", F_SHRINK, NULL },
		{ "shrinker_id", F_SHRINKER_ID, NULL },
		{ NULL, 0, NULL } } },
	{ "list_lru", "list_lru_walk", EV_LRU_WALK, false,
	  "list_lru walk outcomes", {
		{ "lru", F_LRU, NULL }, { "nid", F_NID, NULL },
		{ "shrinker_id", F_SHRINKER_ID, NULL },
		{ "memcg_id", F_MEMCG, NULL }, { "memcg", F_MEMCG, NULL },
		{ "nr_to_walk", F_NR_TO_WALK, NULL },
		{ "walked", F_WALKED, NULL }, { "removed", F_REMOVED, NULL },
		{ "removed_retry", F_REMOVED_RETRY, NULL },
		{ "rotated", F_ROTATED, NULL }, { "skipped", F_SKIPPED, NULL },
		{ "retried", F_RETRIED, NULL },
		{ NULL, 0, NULL } } },
	{ "vmpressure", "vmpressure_notify", EV_VMPRESSURE, false,
	  "vmpressure notifications", {
		{ "memcg_id", F_MEMCG, NULL }, { "memcg", F_MEMCG, NULL },
		{ "level", F_LEVEL, NULL },
		{ "scanned", F_SCANNED, NULL },
		{ "reclaimed", F_RECLAIMED, NULL },
		{ "ancestor", F_ANCESTOR, NULL },
		{ "nr_user", F_NR_USER, NULL },
		{ "nr_kernel", F_NR_KERNEL, NULL },
		{ NULL, 0, NULL } } },
	/* reclaim windows, for objects freed per page reclaimed */
	{ "vmscan", "mm_vmscan_direct_reclaim_begin", EV_RECLAIM_BEGIN, false, NULL,
	  { { NULL, 0, NULL } } },
	{ "vmscan", "mm_vmscan_direct_reclaim_end", EV_RECLAIM_END, false, NULL, {
		{ "nr_reclaimed", F_NR_RECLAIMED, NULL },
		{ NULL, 0, NULL } } },
	{ "vmscan", "mm_vmscan_memcg_reclaim_begin", EV_RECLAIM_BEGIN, false, NULL,
	  { { NULL, 0, NULL } } },
	{ "vmscan", "mm_vmscan_memcg_reclaim_end", EV_RECLAIM_END, false, NULL, {
		{ "nr_reclaimed", F_NR_RECLAIMED, NULL },
		{ NULL, 0, NULL } } },
	{ "vmscan", "mm_vmscan_memcg_softlimit_reclaim_begin", EV_RECLAIM_BEGIN, false, NULL,
	  { { NULL, 0, NULL } } },
	{ "vmscan", "mm_vmscan_memcg_softlimit_reclaim_end", EV_RECLAIM_END, false, NULL, {
		{ "nr_reclaimed", F_NR_RECLAIMED, NULL },
		{ NULL, 0, NULL } } },
	{ "vmscan", "mm_vmscan_node_reclaim_begin", EV_RECLAIM_BEGIN, false, NULL,
	  { { NULL, 0, NULL } } },
	{ "vmscan", "mm_vmscan_node_reclaim_end", EV_RECLAIM_END, false, NULL, {
		{ "nr_reclaimed", F_NR_RECLAIMED, NULL },
		{ NULL, 0, NULL } } },
	/* page-cache pages reclaimed, against slab objects freed */
	{ "vmscan", "mm_vmscan_lru_shrink_inactive", EV_LRU_INACTIVE, false,
	  PAGES_FX, {
		{ "nid", F_NID, PAGES_FX },
		{ "nr_reclaimed", F_NR_RECLAIMED, PAGES_FX },
		{ "reclaim_flags", F_RECLAIM_FLAGS, PAGES_FX },
		{ NULL, 0, NULL } } },
};

_Static_assert(ARRAY_SIZE(descs) <= DEC_MAX_EVENTS, "raise DEC_MAX_EVENTS");

void ev_clear(struct ev *e, enum ev_kind kind)
{
	int i;

	e->kind = kind;
	e->ts = 0;
	e->pid = -1;
	e->who = RC_OTHER;
	for (i = 0; i < F_MAX; i++)
		e->v[i] = NA;
	e->has_name = false;
	e->name[0] = '\0';
}

/* Only plain integers of a size we can read count as the field. */
static struct tep_format_field *num_field(struct tep_event *ev,
					  const char *name)
{
	struct tep_format_field *f = tep_find_field(ev, name);
	unsigned long bad = TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC |
			    TEP_FIELD_IS_STRING;

	if (!f || (f->flags & bad))
		return NULL;
	if (f->size != 1 && f->size != 2 && f->size != 4 && f->size != 8)
		return NULL;
	return f;
}

static struct tep_format_field *str_field(struct tep_event *ev,
					  const char *name)
{
	struct tep_format_field *f = tep_find_field(ev, name);

	if (!f || !(f->flags & (TEP_FIELD_IS_DYNAMIC | TEP_FIELD_IS_ARRAY)))
		return NULL;
	return f;
}

static void init_one(struct evfmt *m, const struct evdesc *d,
		     struct tep_handle *tep)
{
	const struct fmap *fm;

	memset(m, 0, sizeof(*m));
	m->desc = d;
	m->ev = tep_find_event_by_name(tep, d->sys, d->name);
	if (!m->ev)
		return;
	/* the first name a field is found by wins: aliases follow it */
	for (fm = d->f; fm->field; fm++) {
		if (m->f[fm->id])
			continue;
		m->f[fm->id] = num_field(m->ev, fm->field);
		if (m->f[fm->id] && !strcmp(fm->field, "memcg"))
			m->legacy_memcg = true;
	}
	if (d->named)
		m->fname = str_field(m->ev, "name");
}

void decoder_init(struct decoder *d, struct tep_handle *tep)
{
	size_t i;

	memset(d, 0, sizeof(*d));
	d->tep = tep;
	for (i = 0; i < ARRAY_SIZE(descs) && i < DEC_MAX_EVENTS; i++)
		init_one(&d->fmt[d->n++], &descs[i], tep);
}

/* Sign-extend what the format says is signed and narrower than 64 bits. */
static int64_t rd(const struct tep_format_field *f, const struct tep_record *r)
{
	unsigned long long v;
	int bits;

	if (!f || f->offset < 0 || f->offset + f->size > r->size)
		return NA;
	if (tep_read_number_field((struct tep_format_field *)f, r->data, &v))
		return NA;
	bits = f->size * 8;
	if ((f->flags & TEP_FIELD_IS_SIGNED) && bits < 64 &&
	    (v & (1ULL << (bits - 1))))
		v |= ~0ULL << bits;
	return (int64_t)v;
}

static void rd_name(const struct evfmt *m, struct tep_record *r, struct ev *e)
{
	const char *base = r->data;
	const char *p;
	int len = 0;
	size_t n;

	e->has_name = true;
	p = tep_get_field_raw(NULL, m->ev, "name", r, &len, 0);
	if (!p || len <= 0 || p < base || p + len > base + r->size)
		return;
	n = strnlen(p, len);
	if (n >= sizeof(e->name))
		n = sizeof(e->name) - 1;
	memcpy(e->name, p, n);
	e->name[n] = '\0';
	for (p = e->name; *p; p++)
		if (*p < 0x21 || *p > 0x7e)
			e->name[p - e->name] = '?';
}

/* The window a reclaim begin event opens, by the event's name. */
static enum reclaimer window_of(const char *name)
{
	if (strstr(name, "direct"))
		return RC_DIRECT;
	if (strstr(name, "memcg"))
		return RC_MEMCG;
	return RC_NODE;
}

/* kswapd's comm is "kswapd" and its node; trace-cmd saved the comms. */
static bool is_kswapd(struct tep_handle *tep, int pid)
{
	const char *comm = tep_data_comm_from_pid(tep, pid);

	return comm && !strncmp(comm, "kswapd", 6);
}

static const struct evfmt *fmt_of(const struct decoder *d, int id)
{
	int i;

	for (i = 0; i < d->n; i++)
		if (d->fmt[i].ev && d->fmt[i].ev->id == id)
			return &d->fmt[i];
	return NULL;
}

bool decode(const struct decoder *d, struct tep_record *rec, struct ev *e)
{
	const struct evfmt *m;
	int i;

	if (rec->size < 8)
		return false;
	m = fmt_of(d, tep_data_type(d->tep, rec));
	if (!m)
		return false;
	ev_clear(e, m->desc->kind);
	e->pid = tep_data_pid(d->tep, rec);
	for (i = 0; i < F_MAX; i++)
		if (m->f[i])
			e->v[i] = rd(m->f[i], rec);
	/*
	 * Traces recorded before memcg_id carry the cgroup inode number, 0
	 * for the root: the root's cgroup id is 1, as memcg_id says it.
	 */
	if (m->legacy_memcg && e->v[F_MEMCG] == 0)
		e->v[F_MEMCG] = 1;
	if (m->fname)
		rd_name(m, rec, e);
	if (e->kind == EV_RECLAIM_BEGIN)
		e->who = window_of(m->desc->name);
	else if ((e->kind == EV_START || e->kind == EV_END) &&
		 is_kswapd(d->tep, e->pid))
		e->who = RC_KSWAPD;
	return true;
}

bool dec_has_event(const struct decoder *d, enum ev_kind kind)
{
	int i;

	for (i = 0; i < d->n; i++)
		if (d->fmt[i].ev && d->fmt[i].desc->kind == kind)
			return true;
	return false;
}

/* True if every event of @kind in the trace has the field. */
bool dec_has_field(const struct decoder *d, enum ev_kind kind, enum fid f)
{
	bool seen = false;
	int i;

	for (i = 0; i < d->n; i++) {
		if (!d->fmt[i].ev || d->fmt[i].desc->kind != kind)
			continue;
		if (!d->fmt[i].f[f])
			return false;
		seen = true;
	}
	return seen;
}

bool dec_has_name(const struct decoder *d, enum ev_kind kind)
{
	int i;

	for (i = 0; i < d->n; i++)
		if (d->fmt[i].ev && d->fmt[i].desc->kind == kind)
			return d->fmt[i].fname != NULL;
	return false;
}

static void missing_fields(const struct evfmt *m, missing_fn fn, void *arg)
{
	const struct fmap *fm;
	char what[128];

	for (fm = m->desc->f; fm->field; fm++) {
		if (m->f[fm->id] || !fm->effect)
			continue;
		snprintf(what, sizeof(what), "%s.%s", m->desc->name, fm->field);
		fn(what, fm->effect, arg);
	}
	if (m->desc->named && !m->fname && m->desc->kind != EV_UNREGISTER) {
		snprintf(what, sizeof(what), "%s.name", m->desc->name);
		fn(what, NAME_FX, arg);
	}
}

void dec_missing(const struct decoder *d, missing_fn fn, void *arg)
{
	char what[128];
	int i;

	for (i = 0; i < d->n; i++) {
		const struct evfmt *m = &d->fmt[i];

		if (m->ev) {
			missing_fields(m, fn, arg);
		} else if (m->desc->effect) {
			snprintf(what, sizeof(what), "%s:%s (event)",
				 m->desc->sys, m->desc->name);
			fn(what, m->desc->effect, arg);
		}
	}
	if (!dec_has_field(d, EV_RECLAIM_END, F_NR_RECLAIMED))
		fn("vmscan:mm_vmscan_*_reclaim_begin/end (events)",
		   "objects freed per page reclaimed", arg);
}

void dec_caps(const struct decoder *d, bool caps[CAP_MAX])
{
	caps[CAP_START] = dec_has_field(d, EV_START, F_TOTAL_SCAN);
	caps[CAP_BATCH] = dec_has_field(d, EV_BATCH, F_NR_TO_SCAN) &&
			  dec_has_field(d, EV_BATCH, F_NR_SCANNED);
	caps[CAP_BATCH_SIZE] = caps[CAP_BATCH] &&
			       dec_has_field(d, EV_BATCH, F_BATCH);
	caps[CAP_STOPPED] = caps[CAP_BATCH] &&
			    dec_has_field(d, EV_BATCH, F_STOPPED);
	caps[CAP_MEMCG] = dec_has_field(d, EV_START, F_MEMCG) &&
			  dec_has_field(d, EV_END, F_MEMCG);
	caps[CAP_MEMCG_RECLAIM] = dec_has_field(d, EV_START, F_MEMCG_RECLAIM) ||
				  dec_has_field(d, EV_END, F_MEMCG_RECLAIM);
	caps[CAP_NAME] = dec_has_name(d, EV_START) || dec_has_name(d, EV_END);
	caps[CAP_LRU] = dec_has_event(d, EV_LRU_WALK);
	caps[CAP_VMPRESSURE] = dec_has_event(d, EV_VMPRESSURE);
	caps[CAP_RECLAIM] = dec_has_event(d, EV_RECLAIM_BEGIN) &&
			    dec_has_field(d, EV_RECLAIM_END, F_NR_RECLAIMED);
	caps[CAP_DEFERRED] = dec_has_field(d, EV_START, F_DEFERRED);
	caps[CAP_NEW_SCAN] = dec_has_field(d, EV_END, F_NEW_SCAN);
	caps[CAP_CACHE_ITEMS] = caps[CAP_START] &&
				dec_has_field(d, EV_START, F_CACHE_ITEMS);
	caps[CAP_PRIORITY] = dec_has_field(d, EV_START, F_PRIORITY);
	caps[CAP_END_SCANNED] = dec_has_field(d, EV_END, F_NR_SCANNED);
	caps[CAP_SCANNED] = caps[CAP_BATCH] || caps[CAP_END_SCANNED];
	caps[CAP_LRU_INACTIVE] = dec_has_field(d, EV_LRU_INACTIVE, F_NID) &&
		dec_has_field(d, EV_LRU_INACTIVE, F_NR_RECLAIMED) &&
		dec_has_field(d, EV_LRU_INACTIVE, F_RECLAIM_FLAGS);
}
