// SPDX-License-Identifier: GPL-2.0
/*
 * A call is start -> batch... -> end in one task. The start's identity
 * (name, node, memcg) is kept per task so the batches and the end land in
 * the same row even when they carry fewer fields than the start.
 */
#include <string.h>

#include "agg.h"
#include "util.h"

void agg_init(struct agg *a, double bucket_s)
{
	int i;

	memset(a, 0, sizeof(*a));
	a->bucket_ns = bucket_s * 1e9 > 1 ? (uint64_t)(bucket_s * 1e9) : 1;
	for (i = 0; i < CAP_MAX; i++)
		a->caps[i] = true;
	htab_init(&a->rows, sizeof(struct row_key), sizeof(struct row));
	htab_init(&a->lrus, sizeof(int64_t), sizeof(struct lru_row));
	htab_init(&a->vmp, sizeof(struct vmp_key), sizeof(struct vmp_row));
	htab_init(&a->pids, sizeof(int64_t), sizeof(struct pidstate));
	htab_init(&a->prios, sizeof(struct split_key), sizeof(struct split_row));
	htab_init(&a->whos, sizeof(struct split_key), sizeof(struct split_row));
	htab_init(&a->pages, sizeof(int64_t), sizeof(struct page_row));
	series_init(&a->by_node);
	series_init(&a->by_shr);
	series_init(&a->file_by_node);
}

void agg_file(struct agg *a, const bool caps[CAP_MAX], symbol_fn fn,
	      void *arg)
{
	int i;

	for (i = 0; i < CAP_MAX; i++)
		a->caps[i] = a->caps[i] && caps[i];
	a->end_scanned = caps[CAP_END_SCANNED];
	a->nfiles++;
	names_reset(&a->names, fn, arg);
	htab_free(&a->pids);
}

void agg_file_done(struct agg *a)
{
	struct pidstate *ps;
	size_t it = 0;

	while ((ps = htab_next(&a->pids, &it, NULL)))
		a->starts_open += ps->call;
	htab_free(&a->pids);
}

int hbucket(int64_t v)
{
	int b = 0;

	while (v > 0 && b < HBUCKETS - 1) {
		v >>= 1;
		b++;
	}
	return b;
}

int64_t hbucket_lo(int b)
{
	return b ? (int64_t)1 << (b - 1) : 0;
}

int64_t hbucket_hi(int b)
{
	if (b == HBUCKETS - 1)
		return -1;
	return b ? ((int64_t)1 << b) - 1 : 0;
}

static void add(int64_t *sum, int64_t v)
{
	if (v != NA)
		*sum += v;
}

size_t agg_bucket(const struct agg *a, uint64_t ts)
{
	size_t b = ts / a->bucket_ns;

	if (b >= MAX_BUCKETS)
		fail(NULL, "the trace spans more than %d time buckets of %g s; "
		     "use a larger --bucket", MAX_BUCKETS, a->bucket_ns / 1e9);
	return b;
}

/* Count, sum and maximum of a deferred count; NA is no value. */
static void def_add(int64_t *n, int64_t *sum, int64_t *max, int64_t v)
{
	if (v == NA)
		return;
	if (!*n || v > *max)
		*max = v;
	(*n)++;
	*sum += v;
}

/* Asked against the cache size the shrinker reported for this call. */
static void add_freeable(struct row *r, int64_t total, int64_t items)
{
	double ratio;

	if (total == NA || items == NA || items <= 0)
		return;
	r->freeable += items;
	ratio = (double)total / items;
	if (ratio > r->max_asked_ratio)
		r->max_asked_ratio = ratio;
}

static struct split_row *split_row(struct htab *h, const struct row_key *k,
				   int64_t v)
{
	struct split_key sk;

	memset(&sk, 0, sizeof(sk));
	sk.name = k->name;
	sk.shr = k->shr;
	sk.nid = k->nid;
	sk.v = v;
	return htab_put(h, &sk);
}

/* Inside a reclaim window its kind; outside, kswapd or anything else. */
static enum reclaimer reclaimer_of(const struct pidstate *ps,
				   const struct ev *e)
{
	return ps->depth > 0 ? ps->win : e->who;
}

static struct pidstate *pid_state(struct agg *a, int pid)
{
	int64_t k = pid;

	return htab_put(&a->pids, &k);
}

static struct row_key key_of(const struct ev *e, const struct ident *id)
{
	struct row_key k;

	memset(&k, 0, sizeof(k));
	k.name = id->name;
	k.shr = e->v[F_SHR];
	k.nid = e->v[F_NID];
	k.memcg = e->v[F_MEMCG];
	return k;
}

static struct row *row_get(struct agg *a, const struct row_key *k,
			   const struct ident *id)
{
	struct row *r = htab_put(&a->rows, k);

	if (!r->sym) {
		r->sym = id->sym;
		r->src = id->src;
	}
	return r;
}

static void on_start(struct agg *a, const struct ev *e)
{
	struct pidstate *ps = pid_state(a, e->pid);
	struct row *r;

	if (ps->call)
		a->starts_open++;	/* its end never came */
	ps->id = names_of(&a->names, e);
	ps->key = key_of(e, &ps->id);
	ps->call = true;
	ps->mr = e->v[F_MEMCG_RECLAIM];
	ps->prio = e->v[F_PRIORITY];
	ps->who = reclaimer_of(ps, e);
	ps->nbatches = 0;
	agg_kswapd(a, ps, e);
	r = row_get(a, &ps->key, &ps->id);
	add(&r->asked, e->v[F_TOTAL_SCAN]);
	if (!r->def_seen) {
		r->def_seen = true;
		r->def_first = e->v[F_DEFERRED];
	}
	def_add(&r->def_in_n, &r->def_in_sum, &r->def_in_max,
		e->v[F_DEFERRED]);
	add_freeable(r, e->v[F_TOTAL_SCAN], e->v[F_CACHE_ITEMS]);
	add(&split_row(&a->prios, &ps->key, ps->prio)->asked,
	    e->v[F_TOTAL_SCAN]);
	add(&split_row(&a->whos, &ps->key, ps->who)->asked,
	    e->v[F_TOTAL_SCAN]);
}

static bool in_call(const struct pidstate *ps, const struct ev *e)
{
	return ps->call && ps->key.shr == e->v[F_SHR];
}

static void on_batch(struct agg *a, const struct ev *e)
{
	struct pidstate *ps = pid_state(a, e->pid);
	struct ident id;
	struct row_key k;
	struct row *r;
	int64_t n = e->v[F_NR_TO_SCAN];

	if (in_call(ps, e)) {
		id = ps->id;
		k = ps->key;
		ps->nbatches++;
	} else {
		id = names_of(&a->names, e);
		k = key_of(e, &id);
	}
	r = row_get(a, &k, &id);
	r->batches++;
	/* a call's scanned comes from its end event where that has it */
	if (!a->end_scanned)
		add(&r->scanned, e->v[F_NR_SCANNED]);
	if (n != NA)
		r->hist[hbucket(n)]++;
	if (n != NA && e->v[F_BATCH] != NA && n < e->v[F_BATCH])
		r->partial++;
	if (e->v[F_STOPPED] != NA && e->v[F_STOPPED])
		r->stopped++;
}

static void split_mr(struct row *r, int64_t mr, int64_t freed)
{
	int i;

	if (mr == NA)
		return;
	i = mr ? 1 : 0;
	r->mr_calls[i]++;
	add(&r->mr_freed[i], freed);
}

static void on_end(struct agg *a, const struct ev *e)
{
	struct pidstate *ps = pid_state(a, e->pid);
	bool paired = in_call(ps, e);
	int64_t freed = e->v[F_RETVAL];
	int64_t mr = e->v[F_MEMCG_RECLAIM];
	struct split_row *p;
	struct ident id;
	struct row_key k;
	struct row *r;
	size_t b;

	id = paired ? ps->id : names_of(&a->names, e);
	k = paired ? ps->key : key_of(e, &id);
	if (mr == NA && paired)
		mr = ps->mr;
	r = row_get(a, &k, &id);
	r->calls++;
	add(&r->freed, freed);
	if (a->end_scanned)
		add(&r->scanned, e->v[F_NR_SCANNED]);
	if (!r->def_seen) {
		r->def_seen = true;
		r->def_first = e->v[F_DEFERRED];
	}
	r->def_last = e->v[F_NEW_SCAN];
	def_add(&r->def_out_n, &r->def_out_sum, &r->def_out_max,
		e->v[F_NEW_SCAN]);
	if (paired && ps->nbatches > r->max_batches)
		r->max_batches = ps->nbatches;
	split_mr(r, mr, freed);
	p = split_row(&a->prios, &k, paired ? ps->prio : NA);
	p->calls++;
	add(&p->freed, freed);
	p = split_row(&a->whos, &k, paired ? ps->who : reclaimer_of(ps, e));
	p->calls++;
	add(&p->freed, freed);
	if (ps->depth > 0)
		add(&r->win_freed, freed);
	if (!paired)
		a->ends_unpaired++;
	ps->call = false;
	if (freed == NA)
		return;
	b = agg_bucket(a, e->ts);
	series_add(&a->by_node, k.nid, 0, b, freed);
	series_add(&a->by_shr, k.name, k.shr, b, freed);
}

static void on_walk(struct agg *a, const struct ev *e)
{
	struct pidstate *ps = pid_state(a, e->pid);
	int64_t lru = e->v[F_LRU];
	uint32_t name = names_by_id(&a->names, e->v[F_SHRINKER_ID]);
	struct lru_row *l = htab_put(&a->lrus, &lru);
	int i;

	if (!name && ps->call)
		name = ps->id.name;
	if (name)
		l->name = name;
	l->shrinker_id = e->v[F_SHRINKER_ID];
	l->walks++;
	for (i = 0; i < 7; i++)
		add(&l->v[i], e->v[F_NR_TO_WALK + i]);
}

static void on_vmpressure(struct agg *a, const struct ev *e)
{
	struct vmp_key k;
	struct vmp_row *v;

	memset(&k, 0, sizeof(k));
	k.memcg = e->v[F_MEMCG];
	k.level = e->v[F_LEVEL];
	v = htab_put(&a->vmp, &k);
	v->n++;
	add(&v->ancestor, e->v[F_ANCESTOR]);
	add(&v->scanned, e->v[F_SCANNED]);
	add(&v->reclaimed, e->v[F_RECLAIMED]);
	add(&v->nr_user, e->v[F_NR_USER]);
	add(&v->nr_kernel, e->v[F_NR_KERNEL]);
}

/* Only windows whose begin we saw count, so freed and pages match. */
static void on_reclaim(struct agg *a, const struct ev *e)
{
	struct pidstate *ps = pid_state(a, e->pid);

	if (e->kind == EV_RECLAIM_BEGIN) {
		a->direct_windows += e->who == RC_DIRECT;
		if (!ps->depth++)
			ps->win = e->who;
		return;
	}
	if (ps->depth <= 0)
		return;
	ps->depth--;
	a->windows++;
	add(&a->reclaimed, e->v[F_NR_RECLAIMED]);
}

void agg_event(const struct ev *e, void *arg)
{
	struct agg *a = arg;

	switch (e->kind) {
	case EV_START:
		on_start(a, e);
		break;
	case EV_BATCH:
		on_batch(a, e);
		break;
	case EV_END:
		on_end(a, e);
		break;
	case EV_REGISTER:
		names_register(&a->names, e);
		break;
	case EV_LRU_WALK:
		on_walk(a, e);
		break;
	case EV_VMPRESSURE:
		on_vmpressure(a, e);
		break;
	case EV_RECLAIM_BEGIN:
	case EV_RECLAIM_END:
		on_reclaim(a, e);
		break;
	case EV_LRU_INACTIVE:
		agg_lru_inactive(a, e);
		break;
	default:
		break;
	}
}
