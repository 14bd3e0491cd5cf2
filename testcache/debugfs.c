// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/debug/shrinkscope_testcache/:
 *   populate    write "N NID [REF_PCT]": N objects on node NID, charged to
 *               the writer's memcg, REF_PCT percent of them referenced
 *   drop        write anything: free every object
 *   counts      objects per memcg and node, laid out like the shrinker's
 *               own debugfs count file: "ino n0 n1 ..."
 *   stats       objects, scanned, freed and rotated per memcg and node
 *   scan_calls  how many times the shrinker's scan_objects ran
 *   count_calls how many times its count_objects ran
 *   bench_lru   write N: time N list_lru_add + list_lru_del pairs;
 *               read: "N NANOSECONDS" of the last run
 * and, on kernels with in-kernel vmpressure notifications:
 *   listen      write "LEVEL MODE [TRIM [GROUP]]": listen on the writer's
 *               memcg; GROUP 1 uses a second callback, an independent user
 *               (levels 0-2 low..critical, modes 0-2 default, hierarchy,
 *               local); TRIM 1 drops objects on each notification
 *   unlisten    write ID: unregister that listener
 *   listeners   per listener: notifications per level, objects dropped
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>

#include "testcache.h"

static struct dentry *tc_dir;
static unsigned long tc_bench_nr;
static s64 tc_bench_ns;

static ssize_t tc_populate_write(struct file *file, const char __user *ubuf,
				 size_t len, loff_t *pos)
{
	unsigned int ref_pct = 0;
	unsigned long nr;
	char buf[64];
	long ret;
	int nid;

	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = '\0';
	if (sscanf(buf, "%lu %d %u", &nr, &nid, &ref_pct) < 2)
		return -EINVAL;
	ret = tc_populate(nr, nid, ref_pct);
	if (ret < 0)
		return ret;
	return ret == nr ? len : -ENOMEM;
}

static ssize_t tc_drop_write(struct file *file, const char __user *ubuf,
			     size_t len, loff_t *pos)
{
	tc_drop_all();
	return len;
}

static ssize_t tc_bench_write(struct file *file, const char __user *ubuf,
			      size_t len, loff_t *pos)
{
	unsigned long nr;
	s64 ns;
	int err;

	err = kstrtoul_from_user(ubuf, len, 10, &nr);
	if (err)
		return err;
	ns = tc_bench_lru_run(nr);
	if (ns < 0)
		return ns;
	tc_bench_nr = nr;
	tc_bench_ns = ns;
	return len;
}

static int tc_bench_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%lu %lld\n", tc_bench_nr, tc_bench_ns);
	return 0;
}

static int tc_bench_open(struct inode *inode, struct file *file)
{
	return single_open(file, tc_bench_show, NULL);
}

static const struct file_operations tc_bench_fops = {
	.owner = THIS_MODULE,
	.open = tc_bench_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
	.write = tc_bench_write,
};

#ifdef TC_VMPRESSURE
static ssize_t tc_listen_write(struct file *file, const char __user *ubuf,
			       size_t len, loff_t *pos)
{
	int level, mode, trim = 0, group = 0, ret;
	char buf[32];

	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = '\0';
	if (sscanf(buf, "%d %d %d %d", &level, &mode, &trim, &group) < 2)
		return -EINVAL;
	ret = tc_pressure_listen(level, mode, trim, group);
	return ret < 0 ? ret : len;
}

static ssize_t tc_unlisten_write(struct file *file, const char __user *ubuf,
				 size_t len, loff_t *pos)
{
	int id, err;

	err = kstrtoint_from_user(ubuf, len, 10, &id);
	if (err)
		return err;
	err = tc_pressure_unlisten(id);
	return err ? err : len;
}

static int tc_listeners_show(struct seq_file *m, void *v)
{
	tc_pressure_show(m);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(tc_listeners);

static const struct file_operations tc_listen_fops = {
	.owner = THIS_MODULE,
	.write = tc_listen_write,
};

static const struct file_operations tc_unlisten_fops = {
	.owner = THIS_MODULE,
	.write = tc_unlisten_write,
};

static void tc_debugfs_pressure(void)
{
	debugfs_create_file("listen", 0200, tc_dir, NULL, &tc_listen_fops);
	debugfs_create_file("unlisten", 0200, tc_dir, NULL, &tc_unlisten_fops);
	debugfs_create_file("listeners", 0444, tc_dir, NULL,
			    &tc_listeners_fops);
}
#else
static void tc_debugfs_pressure(void) { }
#endif

static int tc_counts_show(struct seq_file *m, void *v)
{
	tc_show_counts(m);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(tc_counts);

static int tc_stats_show(struct seq_file *m, void *v)
{
	tc_show_stats(m);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(tc_stats);

static int tc_calls_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%ld\n", atomic_long_read(&tc_scan_calls));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(tc_calls);

static int tc_count_calls_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%ld\n", atomic_long_read(&tc_count_calls));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(tc_count_calls);

static const struct file_operations tc_populate_fops = {
	.owner = THIS_MODULE,
	.write = tc_populate_write,
};

static const struct file_operations tc_drop_fops = {
	.owner = THIS_MODULE,
	.write = tc_drop_write,
};

int tc_debugfs_init(void)
{
	tc_dir = debugfs_create_dir("shrinkscope_testcache", NULL);
	if (IS_ERR(tc_dir))
		return PTR_ERR(tc_dir);
	debugfs_create_file("populate", 0200, tc_dir, NULL, &tc_populate_fops);
	debugfs_create_file("drop", 0200, tc_dir, NULL, &tc_drop_fops);
	debugfs_create_file("counts", 0444, tc_dir, NULL, &tc_counts_fops);
	debugfs_create_file("stats", 0444, tc_dir, NULL, &tc_stats_fops);
	debugfs_create_file("scan_calls", 0444, tc_dir, NULL, &tc_calls_fops);
	debugfs_create_file("count_calls", 0444, tc_dir, NULL,
			    &tc_count_calls_fops);
	debugfs_create_file("bench_lru", 0600, tc_dir, NULL, &tc_bench_fops);
	tc_debugfs_pressure();
	return 0;
}

void tc_debugfs_exit(void)
{
	debugfs_remove_recursive(tc_dir);
}
