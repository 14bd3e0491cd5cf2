// SPDX-License-Identifier: GPL-2.0
/* Per memcg x node counters of the test cache, and their debugfs views. */
#include <linux/cgroup.h>
#include <linux/memcontrol.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>

#include "testcache.h"

static struct tc_memcg_stats tc_memcgs[TC_MAX_MEMCGS];
static DEFINE_SPINLOCK(tc_memcgs_lock);
atomic_long_t tc_scan_calls;
atomic_long_t tc_count_calls;

/* The counters of (memcg ino, node); a slot is claimed on first use. */
struct tc_node_stats *tc_stats(u64 ino, int nid)
{
	struct tc_memcg_stats *free = NULL;
	int i;

	if (nid < 0 || nid >= TC_MAX_NODES)
		return NULL;
	for (i = 0; i < TC_MAX_MEMCGS; i++) {
		if (READ_ONCE(tc_memcgs[i].ino) == ino)
			return &tc_memcgs[i].node[nid];
	}
	spin_lock(&tc_memcgs_lock);
	for (i = 0; i < TC_MAX_MEMCGS; i++) {
		if (tc_memcgs[i].ino == ino)
			break;
		if (!tc_memcgs[i].ino && !free)
			free = &tc_memcgs[i];
	}
	if (i == TC_MAX_MEMCGS && free) {
		WRITE_ONCE(free->ino, ino);
		i = free - tc_memcgs;
	}
	spin_unlock(&tc_memcgs_lock);
	return i < TC_MAX_MEMCGS ? &tc_memcgs[i].node[nid] : NULL;
}

/* The cgroup inode number of the current task's memcg (1 for the root). */
u64 tc_current_memcg_ino(void)
{
	struct cgroup_subsys_state *css;
	u64 ino;

	rcu_read_lock();
	css = task_css(current, memory_cgrp_id);
	ino = cgroup_ino(css->cgroup);
	rcu_read_unlock();
	return ino;
}

/* Same layout as /sys/kernel/debug/shrinker/<name>/count: ino n0 n1 ... */
void tc_show_counts(struct seq_file *m)
{
	int i, nid;

	for (i = 0; i < TC_MAX_MEMCGS; i++) {
		struct tc_memcg_stats *s = &tc_memcgs[i];
		long total = 0;

		if (!s->ino)
			continue;
		for_each_node(nid)
			if (nid < TC_MAX_NODES)
				total += atomic_long_read(&s->node[nid].objects);
		if (!total)
			continue;
		seq_printf(m, "%llu", s->ino);
		for_each_node(nid)
			seq_printf(m, " %ld", nid < TC_MAX_NODES ?
				   atomic_long_read(&s->node[nid].objects) : 0);
		seq_putc(m, '\n');
	}
}

/* One line per memcg and node that saw anything. */
void tc_show_stats(struct seq_file *m)
{
	int i, nid;

	seq_puts(m, "memcg nid objects scanned freed rotated\n");
	for (i = 0; i < TC_MAX_MEMCGS; i++) {
		struct tc_memcg_stats *s = &tc_memcgs[i];

		if (!s->ino)
			continue;
		for (nid = 0; nid < TC_MAX_NODES && nid < nr_node_ids; nid++) {
			struct tc_node_stats *n = &s->node[nid];

			seq_printf(m, "%llu %d %ld %ld %ld %ld\n", s->ino, nid,
				   atomic_long_read(&n->objects),
				   atomic_long_read(&n->scanned),
				   atomic_long_read(&n->freed),
				   atomic_long_read(&n->rotated));
		}
	}
}
