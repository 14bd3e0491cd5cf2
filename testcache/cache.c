// SPDX-License-Identifier: GPL-2.0
/*
 * The test cache proper: accounted objects on a memcg-aware list_lru,
 * reclaimed by a NUMA- and memcg-aware shrinker. Referenced objects get a
 * second pass, as dentries and inodes do.
 */
#include <linux/list_lru.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/shrinker.h>
#include <linux/slab.h>
#include <linux/version.h>

#include "testcache.h"

/*
 * 6.7 made shrinkers allocated objects (shrinker_alloc(), then
 * shrinker_register() once the lrus exist); 6.8 gave list_lru_add() and
 * list_lru_del() explicit node and memcg arguments, the old forms becoming
 * list_lru_add_obj() and list_lru_del_obj(). The lab builds this module
 * against 6.1 and 6.12.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 7, 0)
#define TC_SHRINKER_ALLOC
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 8, 0)
#define list_lru_add_obj list_lru_add
#define list_lru_del_obj list_lru_del
#endif

static unsigned int seeks = DEFAULT_SEEKS;
module_param(seeks, uint, 0444);
MODULE_PARM_DESC(seeks, "shrinker seeks (cost to recreate an object)");
static unsigned long batch;
module_param(batch, ulong, 0444);
MODULE_PARM_DESC(batch, "shrinker batch size, 0 for SHRINK_BATCH");

static struct kmem_cache *tc_cache;
static struct list_lru tc_lru;
/* a second memcg-aware lru that no shrinker walks, for tc_bench_lru() */
static struct list_lru tc_bench_lru;
#ifdef TC_SHRINKER_ALLOC
static struct shrinker *tc_shrinker;
#else
static struct shrinker tc_shrinker_6_1;
static struct shrinker *tc_shrinker = &tc_shrinker_6_1;
#endif
/*
 * Before 6.7 prealloc_shrinker() is not exported: modules register the
 * shrinker first, to get the id list_lru_init_memcg() needs, and keep it
 * idle until the lru exists. From 6.7 the shrinker is registered last.
 */
static bool tc_ready;

static unsigned long tc_count(struct shrinker *shrink,
			      struct shrink_control *sc)
{
	atomic_long_inc(&tc_count_calls);
	/* pairs with the release in tc_init(): the lru is set up */
	if (!smp_load_acquire(&tc_ready))
		return 0;
	return list_lru_shrink_count(&tc_lru, sc);
}

static enum lru_status tc_isolate(struct list_head *item,
				  struct list_lru_one *list,
				  spinlock_t *lock, void *arg)
{
	struct tc_obj *obj = list_entry(item, struct tc_obj, lru);
	struct tc_node_stats *st = tc_stats(obj->memcg_ino, obj->nid);

	if (st)
		atomic_long_inc(&st->scanned);
	if (obj->referenced) {
		obj->referenced = false;
		if (st)
			atomic_long_inc(&st->rotated);
		return LRU_ROTATE;
	}
	list_lru_isolate_move(list, item, arg);
	return LRU_REMOVED;
}

static unsigned long tc_free_list(struct list_head *dispose)
{
	struct tc_obj *obj, *next;
	unsigned long freed = 0;

	list_for_each_entry_safe(obj, next, dispose, lru) {
		struct tc_node_stats *st = tc_stats(obj->memcg_ino, obj->nid);

		if (st) {
			atomic_long_dec(&st->objects);
			atomic_long_inc(&st->freed);
		}
		list_del(&obj->lru);
		kmem_cache_free(tc_cache, obj);
		freed++;
	}
	return freed;
}

static unsigned long tc_scan(struct shrinker *shrink,
			     struct shrink_control *sc)
{
	LIST_HEAD(dispose);

	atomic_long_inc(&tc_scan_calls);
	list_lru_shrink_walk(&tc_lru, sc, tc_isolate, &dispose);
	return tc_free_list(&dispose);
}

/*
 * Allocate @nr objects on node @nid charged to the writer's memcg, every
 * (100 / @ref_pct)-th one referenced. kmem_cache_alloc_lru() sets up the
 * memcg's list for us but takes no node: the writer's mempolicy
 * (numactl --membind) places new slabs, and objects that come from a CPU
 * slab of another node are set aside until the cache hands out the right
 * node. Returns how many were made, or a negative error.
 */
long tc_populate(unsigned long nr, int nid, unsigned int ref_pct)
{
	u64 ino = tc_current_memcg_ino();
	struct tc_node_stats *st = tc_stats(ino, nid);
	LIST_HEAD(misplaced);
	unsigned long made = 0, misses = 0;
	struct tc_obj *obj, *next;
	long ret = 0;

	if (!st || !node_online(nid) || ref_pct > 100)
		return -EINVAL;
	while (made < nr) {
		obj = kmem_cache_alloc_lru(tc_cache, &tc_lru, GFP_KERNEL);
		if (!obj) {
			ret = -ENOMEM;
			break;
		}
		if (page_to_nid(virt_to_page(obj)) != nid) {
			list_add(&obj->lru, &misplaced);
			if (++misses > 4096) {
				ret = -EXDEV;	/* no mempolicy for @nid */
				break;
			}
			continue;
		}
		INIT_LIST_HEAD(&obj->lru);
		obj->memcg_ino = ino;
		obj->nid = nid;
		obj->referenced = ref_pct && (made * ref_pct) % 100 < ref_pct;
		atomic_long_inc(&st->objects);
		list_lru_add_obj(&tc_lru, &obj->lru);
		made++;
	}
	list_for_each_entry_safe(obj, next, &misplaced, lru)
		kmem_cache_free(tc_cache, obj);
	return made ? made : ret;
}

static enum lru_status tc_isolate_unreferenced(struct list_head *item,
					       struct list_lru_one *list,
					       spinlock_t *lock, void *arg)
{
	struct tc_obj *obj = list_entry(item, struct tc_obj, lru);

	if (obj->referenced)
		return LRU_SKIP;
	list_lru_isolate_move(list, item, arg);
	return LRU_REMOVED;
}

/* Drop @pct percent of @memcg's objects, on every node, skipping referenced ones. */
unsigned long tc_trim_memcg(struct mem_cgroup *memcg, unsigned int pct)
{
	unsigned long freed = 0;
	int nid;

	for_each_node_state(nid, N_NORMAL_MEMORY) {
		unsigned long nr = list_lru_count_one(&tc_lru, nid, memcg);
		LIST_HEAD(dispose);

		nr = nr * pct / 100;
		list_lru_walk_one(&tc_lru, nid, memcg, tc_isolate_unreferenced,
				  &dispose, &nr);
		freed += tc_free_list(&dispose);
	}
	return freed;
}

/*
 * Time @nr list_lru_add() + list_lru_del() pairs of one object charged to
 * the caller's memcg: the cost the list_lru tracepoints add to every cache.
 * Returns nanoseconds, or a negative error.
 */
s64 tc_bench_lru_run(unsigned long nr)
{
	struct tc_obj *obj;
	unsigned long i;
	u64 start;

	obj = kmem_cache_alloc_lru(tc_cache, &tc_bench_lru, GFP_KERNEL);
	if (!obj)
		return -ENOMEM;
	INIT_LIST_HEAD(&obj->lru);
	start = ktime_get_ns();
	for (i = 0; i < nr; i++) {
		list_lru_add_obj(&tc_bench_lru, &obj->lru);
		list_lru_del_obj(&tc_bench_lru, &obj->lru);
	}
	start = ktime_get_ns() - start;
	kmem_cache_free(tc_cache, obj);
	return start;
}

static enum lru_status tc_isolate_all(struct list_head *item,
				      struct list_lru_one *list,
				      spinlock_t *lock, void *arg)
{
	list_lru_isolate_move(list, item, arg);
	return LRU_REMOVED;
}

/* Free every object, whatever memcg and node list it is on. */
unsigned long tc_drop_all(void)
{
	unsigned long freed = 0;
	int nid;

	for_each_node(nid) {
		LIST_HEAD(dispose);
		unsigned long nr = ULONG_MAX;

		list_lru_walk_node(&tc_lru, nid, tc_isolate_all, &dispose, &nr);
		freed += tc_free_list(&dispose);
	}
	return freed;
}

#ifdef TC_SHRINKER_ALLOC
static int tc_shrinker_create(void)
{
	tc_shrinker = shrinker_alloc(SHRINKER_NUMA_AWARE | SHRINKER_MEMCG_AWARE,
				     "shrinkscope-testcache");
	if (!tc_shrinker)
		return -ENOMEM;
	tc_shrinker->count_objects = tc_count;
	tc_shrinker->scan_objects = tc_scan;
	tc_shrinker->seeks = seeks;
	tc_shrinker->batch = batch;
	return 0;
}

/* the lrus exist: from here reclaim may call us */
static int tc_shrinker_start(void)
{
	shrinker_register(tc_shrinker);
	return 0;
}

static void tc_shrinker_destroy(void)
{
	shrinker_free(tc_shrinker);
}
#else
static int tc_shrinker_create(void)
{
	tc_shrinker->count_objects = tc_count;
	tc_shrinker->scan_objects = tc_scan;
	tc_shrinker->seeks = seeks;
	tc_shrinker->batch = batch;
	tc_shrinker->flags = SHRINKER_NUMA_AWARE | SHRINKER_MEMCG_AWARE;
	return register_shrinker(tc_shrinker, "shrinkscope-testcache");
}

static int tc_shrinker_start(void)
{
	return 0;
}

static void tc_shrinker_destroy(void)
{
	unregister_shrinker(tc_shrinker);
}
#endif

static int __init tc_init(void)
{
	int err;

	tc_cache = kmem_cache_create("shrinkscope_testcache",
				     sizeof(struct tc_obj), 0, SLAB_ACCOUNT,
				     NULL);
	if (!tc_cache)
		return -ENOMEM;

	err = tc_shrinker_create();
	if (err)
		goto err_cache;
	err = list_lru_init_memcg(&tc_lru, tc_shrinker);
	if (err)
		goto err_shrinker;
	err = list_lru_init_memcg(&tc_bench_lru, tc_shrinker);
	if (err)
		goto err_bench;
	/* publish the initialised lru to tc_count() */
	smp_store_release(&tc_ready, true);
	err = tc_shrinker_start();
	if (err)
		goto err_lru;
	err = tc_debugfs_init();
	if (err)
		goto err_lru;
	return 0;

err_lru:
	list_lru_destroy(&tc_bench_lru);
err_bench:
	tc_shrinker_destroy();
	list_lru_destroy(&tc_lru);
	goto err_cache;
err_shrinker:
	tc_shrinker_destroy();
err_cache:
	kmem_cache_destroy(tc_cache);
	return err;
}

/*
 * Unload is safe while reclaim runs: once the shrinker is unregistered
 * (unregister_shrinker(), shrinker_free()) no scan is running or can start,
 * and debugfs writers are gone, so the lists are ours alone to empty.
 */
static void __exit tc_exit(void)
{
	tc_debugfs_exit();
	tc_pressure_exit();
	tc_shrinker_destroy();
	tc_drop_all();
	list_lru_destroy(&tc_bench_lru);
	list_lru_destroy(&tc_lru);
	kmem_cache_destroy(tc_cache);
}

module_init(tc_init);
module_exit(tc_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("shrinkscope test cache: a controllable memcg- and NUMA-aware cache");
