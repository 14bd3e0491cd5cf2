// SPDX-License-Identifier: GPL-2.0
/*
 * The test cache as a vmpressure listener (patches/: in-kernel
 * notifications): on each notification for a memcg it drops a share of
 * that memcg's unreferenced objects that grows with the level, the use the
 * 2013 series had in mind for caches that only want to hear of pressure.
 */
#include <linux/memcontrol.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/vmpressure.h>

#include "testcache.h"

#define TC_MAX_LISTENERS 16

struct tc_listener {
	struct vmpressure_listener *handle;	/* NULL once unregistered */
	/* valid while the callback can run: the listener holds the memcg */
	struct mem_cgroup *memcg;
	u64 ino;
	int level, mode, group;
	bool trim;
	atomic_long_t notified[VMPRESSURE_NUM_LEVELS];
	atomic_long_t dropped;
};

static struct tc_listener tc_listeners[TC_MAX_LISTENERS];
static int tc_nr_listeners;
static DEFINE_MUTEX(tc_listeners_lock);

/* percent of a memcg's objects dropped per notification, by level */
static const unsigned int tc_trim_pct[VMPRESSURE_NUM_LEVELS] = { 10, 25, 50 };

static void tc_pressure_notify(enum vmpressure_levels level, void *data)
{
	struct tc_listener *l = data;

	atomic_long_inc(&l->notified[level]);
	if (l->trim)
		atomic_long_add(tc_trim_memcg(l->memcg, tc_trim_pct[level]),
				&l->dropped);
}

/*
 * The same, as another user would register it: vmpressure tells users
 * apart by their callback, so group 1 listeners are independent of
 * group 0 ones.
 */
static void tc_pressure_notify_other(enum vmpressure_levels level,
				     void *data)
{
	tc_pressure_notify(level, data);
}

/*
 * Listen on the writer's memcg; returns the listener id or an error. The
 * test cache keeps no reference of its own on the memcg, so that tests see
 * what vmpressure's reference does when the memcg is removed.
 */
int tc_pressure_listen(int level, int mode, bool trim, int group)
{
	struct vmpressure_listener *handle;
	struct mem_cgroup *memcg;
	struct tc_listener *l;
	int id;

	mutex_lock(&tc_listeners_lock);
	id = tc_nr_listeners;
	if (id == TC_MAX_LISTENERS) {
		mutex_unlock(&tc_listeners_lock);
		return -ENOSPC;
	}
	l = &tc_listeners[id];
	/* NULL without the memory controller: vmpressure then refuses */
	memcg = get_mem_cgroup_from_mm(current->mm);
	l->memcg = memcg;
	l->ino = memcg ? cgroup_ino(memcg->css.cgroup) : 0;
	l->level = level;
	l->mode = mode;
	l->group = group;
	l->trim = trim;
	handle = vmpressure_register_kernel(memcg, level, mode,
					    group ? tc_pressure_notify_other :
						    tc_pressure_notify, l);
	mem_cgroup_put(memcg);
	if (IS_ERR(handle)) {
		mutex_unlock(&tc_listeners_lock);
		return PTR_ERR(handle);
	}
	l->handle = handle;
	tc_nr_listeners++;
	mutex_unlock(&tc_listeners_lock);
	return id;
}

int tc_pressure_unlisten(int id)
{
	struct tc_listener *l;

	mutex_lock(&tc_listeners_lock);
	if (id < 0 || id >= tc_nr_listeners || !tc_listeners[id].handle) {
		mutex_unlock(&tc_listeners_lock);
		return -ENOENT;
	}
	l = &tc_listeners[id];
	vmpressure_unregister_kernel(l->handle);
	l->handle = NULL;
	mutex_unlock(&tc_listeners_lock);
	return 0;
}

void tc_pressure_show(struct seq_file *m)
{
	int id;

	seq_puts(m, "id memcg level mode active low medium critical dropped group\n");
	mutex_lock(&tc_listeners_lock);
	for (id = 0; id < tc_nr_listeners; id++) {
		struct tc_listener *l = &tc_listeners[id];

		seq_printf(m, "%d %llu %d %d %d %ld %ld %ld %ld %d\n", id, l->ino,
			   l->level, l->mode, !!l->handle,
			   atomic_long_read(&l->notified[VMPRESSURE_LOW]),
			   atomic_long_read(&l->notified[VMPRESSURE_MEDIUM]),
			   atomic_long_read(&l->notified[VMPRESSURE_CRITICAL]),
			   atomic_long_read(&l->dropped), l->group);
	}
	mutex_unlock(&tc_listeners_lock);
}

void tc_pressure_exit(void)
{
	int id;

	for (id = 0; id < tc_nr_listeners; id++)
		tc_pressure_unlisten(id);
}
