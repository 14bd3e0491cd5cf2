/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One decoded trace event: what aggregation consumes. Trace reading fills
 * it from the record by field name; unit tests fill it by hand.
 */
#ifndef SS_EVENT_H
#define SS_EVENT_H

#include <stdbool.h>
#include <stdint.h>

enum ev_kind {
	EV_START,		/* vmscan:mm_shrink_slab_start */
	EV_BATCH,		/* vmscan:mm_shrink_slab_batch */
	EV_END,			/* vmscan:mm_shrink_slab_end */
	EV_REGISTER,		/* vmscan:mm_shrinker_register */
	EV_UNREGISTER,		/* vmscan:mm_shrinker_unregister */
	EV_LRU_WALK,		/* list_lru:list_lru_walk */
	EV_VMPRESSURE,		/* vmpressure:vmpressure_notify */
	EV_RECLAIM_BEGIN,	/* vmscan:mm_vmscan_{direct,memcg,...}_begin */
	EV_RECLAIM_END,		/* ... and their _end with nr_reclaimed */
	EV_LRU_INACTIVE,	/* vmscan:mm_vmscan_lru_shrink_inactive */
	EV_KINDS
};

/* Fields we read, by meaning; several event fields may map to one. */
enum fid {
	F_SHR, F_SHRINK, F_NID, F_MEMCG, F_MEMCG_RECLAIM, F_BATCH,
	F_SHRINKER_ID,
	F_DEFERRED,	/* start.nr_objects_to_shrink, end.unused_scan */
	F_TOTAL_SCAN, F_NEW_SCAN, F_RETVAL,
	F_CACHE_ITEMS,	/* start: freeable objects the shrinker counted */
	F_PRIORITY,	/* start: reclaim priority, 12 (gentle) .. 0 */
	F_STOPPED, F_NR_TO_SCAN, F_NR_SCANNED, F_FREED,
	F_LRU, F_NR_TO_WALK, F_WALKED, F_REMOVED, F_REMOVED_RETRY,
	F_ROTATED, F_SKIPPED, F_RETRIED,
	F_LEVEL, F_SCANNED, F_RECLAIMED, F_ANCESTOR, F_NR_USER, F_NR_KERNEL,
	F_NR_RECLAIMED,
	F_RECLAIM_FLAGS,	/* lru_shrink_inactive: RECLAIM_WB_* */
	F_MAX
};

/* What a trace can tell, from its formats; AND-ed over the files read. */
enum cap {
	CAP_START,		/* start events with total_scan */
	CAP_BATCH,		/* batch events with nr_to_scan, nr_scanned */
	CAP_BATCH_SIZE,		/* ... and the shrinker's batch size */
	CAP_STOPPED,		/* ... and SHRINK_STOP */
	CAP_MEMCG,		/* start/end carry the memcg */
	CAP_MEMCG_RECLAIM,	/* ... and whether reclaim targeted it */
	CAP_NAME,		/* start/end carry the shrinker name */
	CAP_LRU,		/* list_lru_walk */
	CAP_VMPRESSURE,		/* vmpressure_notify */
	CAP_RECLAIM,		/* reclaim begin/end with nr_reclaimed */
	CAP_DEFERRED,		/* start nr_objects_to_shrink */
	CAP_NEW_SCAN,		/* end new_scan */
	CAP_CACHE_ITEMS,	/* start cache_items */
	CAP_PRIORITY,		/* start priority */
	CAP_LRU_INACTIVE,	/* lru_shrink_inactive: nid, pages, flags */
	CAP_END_SCANNED,	/* end carries scanned (the series since v2) */
	CAP_SCANNED,		/* scanned known: from end, else batches */
	CAP_MAX
};

/*
 * What drove a shrinker call: the reclaim window its task was in (begin to
 * end of mm_vmscan_{direct,memcg,memcg_softlimit,node}_reclaim), else a
 * kswapd thread (it has no window), else anything else: drop_caches, the
 * shrinker debugfs scan file, a module.
 */
enum reclaimer {
	RC_OTHER,
	RC_KSWAPD,
	RC_DIRECT,
	RC_MEMCG,		/* memcg or memcg soft-limit reclaim */
	RC_NODE,		/* node_reclaim (zone_reclaim_mode) */
	RC_MAX
};

/* reclaim_flags of 6.1's trace_reclaim_flags(): the file LRU bit */
#define RECLAIM_WB_FILE 0x0002

#define EV_NAME_MAX 128

struct ev {
	enum ev_kind kind;
	uint64_t ts;		/* ns since the file's first event */
	int pid;
	/* begin: the window's kind; start, end: RC_KSWAPD or RC_OTHER */
	enum reclaimer who;
	int64_t v[F_MAX];	/* NA where the trace has no such field */
	bool has_name;		/* the event format has a name field */
	char name[EV_NAME_MAX];
};

void ev_clear(struct ev *e, enum ev_kind kind);

#endif
