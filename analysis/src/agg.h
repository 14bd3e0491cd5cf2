/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Streaming aggregation. Memory is bounded by shrinkers x nodes x memcgs
 * (plus lrus, memcg x level, shrinkers x nodes x priorities, tasks with a
 * call in flight, and time buckets), never by the number of events.
 */
#ifndef SS_AGG_H
#define SS_AGG_H

#include "event.h"
#include "htab.h"
#include "names.h"
#include "series.h"

/* nr_to_scan histogram: bucket 0 is 0, bucket b >= 1 is [2^(b-1), 2^b). */
#define HBUCKETS 24
/* Time buckets per line at most: a corrupt timestamp must not eat memory. */
#define MAX_BUCKETS (1 << 22)

struct row_key {
	uint32_t name;
	uint32_t zero;		/* keys are compared as bytes */
	int64_t shr;
	int64_t nid;
	int64_t memcg;		/* NA: the trace has no memcg */
};

struct row {
	uint32_t sym;
	uint8_t src;
	int64_t calls;		/* end events */
	int64_t asked;		/* sum of total_scan at start */
	int64_t scanned;	/* sum of batch nr_scanned */
	int64_t freed;		/* sum of end retval */
	int64_t batches, partial, stopped, max_batches;
	bool def_seen;
	int64_t def_first;	/* deferred work the first call took over */
	int64_t def_last;	/* deferred work the last call left */
	int64_t mr_calls[2];	/* by memcg_reclaim 0/1 */
	int64_t mr_freed[2];
	int64_t win_freed;	/* freed inside direct/memcg reclaim */
	int64_t hist[HBUCKETS];
	/* deferred work: in, start nr_objects_to_shrink; out, end new_scan */
	int64_t def_in_n, def_in_sum, def_in_max;
	int64_t def_out_n, def_out_sum, def_out_max;
	int64_t freeable;	/* sum of start cache_items */
	double max_asked_ratio;	/* highest total_scan / cache_items */
};

/*
 * Calls split by one thing about them, per shrinker instance x node: the
 * reclaim priority of their start, or what drove them (enum reclaimer).
 */
struct split_key {
	uint32_t name;
	uint32_t zero;
	int64_t shr;
	int64_t nid;
	int64_t v;		/* priority NA: the start is not in the trace */
};

struct split_row {
	int64_t calls, asked, freed;
};

/* Pages mm_vmscan_lru_shrink_inactive reclaimed on a node. */
struct page_row {
	int64_t file, anon;
};

struct lru_row {
	uint32_t name;
	int64_t shrinker_id;
	int64_t walks;
	int64_t v[7];		/* F_NR_TO_WALK .. F_RETRIED */
};

struct vmp_key {
	int64_t memcg;
	int64_t level;
};

struct vmp_row {
	int64_t n, ancestor, scanned, reclaimed, nr_user, nr_kernel;
};

struct pidstate {
	bool call;		/* between start and end */
	struct row_key key;
	struct ident id;
	int64_t mr;		/* memcg_reclaim of the start */
	int64_t prio;		/* priority of the start */
	enum reclaimer who;	/* what drove the call in flight */
	int64_t nbatches;
	int depth;		/* nested reclaim windows */
	enum reclaimer win;	/* the outermost one's kind */
	/* kswapd only: a pass at priority 12 is open, and its superblock */
	bool kpass_open;
	int64_t kpass_sb;
};

struct agg {
	uint64_t bucket_ns;
	bool caps[CAP_MAX];
	bool end_scanned;	/* this file's end events carry scanned */
	int nfiles;
	struct htab rows;	/* row_key -> row */
	struct htab lrus;	/* lru pointer -> lru_row */
	struct htab vmp;	/* vmp_key -> vmp_row */
	struct htab pids;	/* pid -> pidstate */
	struct htab prios;	/* split_key (priority) -> split_row */
	struct htab whos;	/* split_key (enum reclaimer) -> split_row */
	struct htab pages;	/* nid -> page_row */
	struct names names;
	struct series by_node;	/* (nid, 0) -> freed per bucket */
	struct series by_shr;	/* (name, shr) -> freed per bucket */
	struct series file_by_node;	/* (nid, 0) -> file pages reclaimed */
	int64_t windows;	/* reclaim begin..end pairs */
	int64_t reclaimed;	/* their nr_reclaimed */
	int64_t ends_unpaired;	/* end without a start in the same task */
	int64_t starts_open;	/* start without an end, at end of file */
	/* kswapd passes over a node (agg_kswapd.c) */
	int64_t kswapd_passes;	/* begun at priority 12 */
	int64_t kswapd_deeper;	/* ... that went on below 12 */
	int64_t direct_windows;	/* mm_vmscan_direct_reclaim_begin */
};

void agg_init(struct agg *a, double bucket_s);
/* Before each file: what its formats offer, how to name its symbols. */
void agg_file(struct agg *a, const bool caps[CAP_MAX], symbol_fn fn,
	      void *arg);
void agg_event(const struct ev *e, void *agg);
void agg_file_done(struct agg *a);
/* agg_free.c: everything agg_init() and the events allocated */
void agg_free(struct agg *a);
/* Time bucket of @ts; fails on a trace longer than MAX_BUCKETS. */
size_t agg_bucket(const struct agg *a, uint64_t ts);
/* agg_pages.c: mm_vmscan_lru_shrink_inactive */
void agg_lru_inactive(struct agg *a, const struct ev *e);
/* agg_kswapd.c: a start of kswapd (task @ps) that may begin or end a pass */
void agg_kswapd(struct agg *a, struct pidstate *ps, const struct ev *e);
/* kswapd's passes that the gentlest priority ended */
static inline int64_t kswapd_ended(const struct agg *a)
{
	return a->kswapd_passes - a->kswapd_deeper;
}

int hbucket(int64_t v);
int64_t hbucket_lo(int b);
int64_t hbucket_hi(int b);	/* -1: open-ended */

#endif
