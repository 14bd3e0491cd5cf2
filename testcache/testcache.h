/* SPDX-License-Identifier: GPL-2.0 */
/*
 * shrinkscope test cache: a cache whose contents the tests control exactly,
 * built the way the 2013 shrinker series intends (accounted slab objects on
 * a memcg-aware list_lru, a NUMA- and memcg-aware count/scan shrinker).
 */
#ifndef _SHRINKSCOPE_TESTCACHE_H
#define _SHRINKSCOPE_TESTCACHE_H

#include <linux/atomic.h>
#include <linux/list.h>
#include <linux/types.h>

#define TC_MAX_MEMCGS	32
#define TC_MAX_NODES	8

struct tc_obj {
	struct list_head lru;
	u64 memcg_ino;		/* cgroup inode of the writer that made it */
	int nid;		/* node of its page: the list it lives on */
	bool referenced;	/* gets one more pass (LRU_ROTATE) */
	char payload[200];
};

/* What happened to the objects of one memcg on one node. */
struct tc_node_stats {
	atomic_long_t objects;
	atomic_long_t scanned;
	atomic_long_t freed;
	atomic_long_t rotated;
};

struct tc_memcg_stats {
	u64 ino;		/* 0: free slot */
	struct tc_node_stats node[TC_MAX_NODES];
};

extern atomic_long_t tc_scan_calls;
/* count_objects calls: what a cache that only wants a signal is asked */
extern atomic_long_t tc_count_calls;

struct tc_node_stats *tc_stats(u64 ino, int nid);
u64 tc_current_memcg_ino(void);
long tc_populate(unsigned long nr, int nid, unsigned int ref_pct);
void tc_show_counts(struct seq_file *m);
void tc_show_stats(struct seq_file *m);
unsigned long tc_drop_all(void);
s64 tc_bench_lru_run(unsigned long nr);

struct mem_cgroup;
unsigned long tc_trim_memcg(struct mem_cgroup *memcg, unsigned int pct);

#ifdef TC_VMPRESSURE
int tc_pressure_listen(int level, int mode, bool trim, int group);
int tc_pressure_unlisten(int id);
void tc_pressure_show(struct seq_file *m);
void tc_pressure_exit(void);
#else
static inline void tc_pressure_exit(void) { }
#endif

int tc_debugfs_init(void);
void tc_debugfs_exit(void);

#endif
