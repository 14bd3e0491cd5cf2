/* SPDX-License-Identifier: GPL-2.0 */
/* Shared between shrink.bpf.c and the user-space tools shrinktop, shrinkstat. */
#ifndef __SHRINK_H
#define __SHRINK_H

#define NAME_LEN	32
#define HIST_SLOTS	24
#define MAX_ENTRIES	16384

/* One shrinker on one node for one memcg. */
struct shrink_key {
	__u64 shr;
	__u64 memcg;
	__s32 nid;
	__u32 pad;
};

struct shrink_stats {
	__u64 calls;
	__u64 asked;		/* total_scan at mm_shrink_slab_start */
	__u64 scanned;		/* sum of batch nr_scanned */
	__u64 freed;		/* sum of mm_shrink_slab_end retval */
	__u64 batches;
	__u64 stopped;		/* batches that returned SHRINK_STOP */
	__u64 memcg_reclaim_freed;
	__u64 lat_ns;		/* time in do_shrink_slab(), start to end */
	__u64 shrink_fn;	/* scan_objects, for naming on stock kernels */
	char name[NAME_LEN];
};

/* log2 histograms: objects asked per batch, and call latency in usecs */
struct shrink_hists {
	__u64 batch[HIST_SLOTS];
	__u64 lat_us[HIST_SLOTS];
};

#endif
