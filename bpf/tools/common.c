// SPDX-License-Identifier: GPL-2.0
/* Loading the BPF object, reading its maps, naming shrinkers and cgroups. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "cgpath.h"
#include "common.h"
#include "ksym.h"
#include "shrink.skel.h"

#define TRACEFS "/sys/kernel/tracing/events/vmscan/"

void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", program_invocation_short_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

int arg_positive(const char *arg, const char *what)
{
	char *end;
	long v = strtol(arg, &end, 10);

	if (*end || v <= 0 || v > 1000000)
		die("%s must be a positive number, not '%s'", what, arg);
	return v;
}

int arg_node(const char *arg)
{
	char *end;
	long v = strtol(arg, &end, 10);

	if (*end || v < 0 || v > 1023)
		die("node must be a number from 0, not '%s'", arg);
	return v;
}

static bool exists(const char *path)
{
	return access(path, F_OK) == 0;
}

int probe_caps(struct kernel_caps *caps)
{
	FILE *f;
	char line[256];

	if (!exists(TRACEFS "mm_shrink_slab_start") ||
	    !exists(TRACEFS "mm_shrink_slab_end"))
		return -ENOENT;
	caps->batch_event = exists(TRACEFS "mm_shrink_slab_batch");
	caps->names = false;
	f = fopen(TRACEFS "mm_shrink_slab_end/format", "r");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f))
		if (strstr(line, " name;"))
			caps->names = true;
	fclose(f);
	return 0;
}

void setup_kernel(struct kernel_caps *caps, const char *cgroup, __u64 *memcg)
{
	if (probe_caps(caps))
		die("this kernel has no vmscan:mm_shrink_slab_* tracepoints in tracefs");
	if (!caps->names && cgroup)
		die("this kernel's shrink events carry no memcg: -C needs the shrinkscope series");
	if (cgroup && cgroup_ino_of(cgroup, memcg))
		die("no cgroup %s under /sys/fs/cgroup", cgroup);
}

static int quiet_print(enum libbpf_print_level level, const char *fmt,
		       va_list args)
{
	return level == LIBBPF_WARN ? vfprintf(stderr, fmt, args) : 0;
}

struct shrink_bpf *open_and_attach(const struct kernel_caps *caps, int nid,
				   __u64 memcg)
{
	struct shrink_bpf *obj;
	int err;

	libbpf_set_print(quiet_print);
	obj = shrink_bpf__open();
	if (!obj)
		die("cannot open the BPF object: %s", strerror(errno));
	obj->rodata->filter_nid = nid;
	obj->rodata->filter_memcg = memcg;
	/* a stock kernel has no batch event: leave that program out */
	if (!caps->batch_event)
		bpf_program__set_autoload(obj->progs.handle_batch, false);
	err = shrink_bpf__load(obj);
	if (err)
		die("cannot load the BPF object: %s", strerror(-err));
	err = shrink_bpf__attach(obj);
	if (err)
		die("cannot attach to the vmscan tracepoints: %s", strerror(-err));
	return obj;
}

int read_rows(struct shrink_bpf *obj, struct shrink_row **rows)
{
	int fd = bpf_map__fd(obj->maps.stats), n = 0, cap = 64;
	struct shrink_key key, next, *prev = NULL;
	struct shrink_row *r = malloc(cap * sizeof(*r));

	if (!r)
		return -1;
	while (bpf_map_get_next_key(fd, prev, &next) == 0) {
		if (n == cap) {
			struct shrink_row *bigger;

			cap *= 2;
			bigger = realloc(r, cap * sizeof(*r));
			if (!bigger) {
				free(r);
				return -1;
			}
			r = bigger;
		}
		if (bpf_map_lookup_elem(fd, &next, &r[n].st) == 0) {
			r[n].key = next;
			n++;
		}
		key = next;
		prev = &key;
	}
	*rows = r;
	return n;
}

__u64 dropped_calls(struct shrink_bpf *obj)
{
	return obj->bss->dropped;
}

static struct ksym_cache ksyms = { .path = "/proc/kallsyms" };
static struct cgpath_cache cgroups = { .root = "/sys/fs/cgroup" };

void names_refresh(const struct shrink_row *rows, int n)
{
	cgpath_refresh(&cgroups);
	for (int i = 0; i < n; i++)
		if (!rows[i].st.name[0])
			ksym_want(&ksyms, rows[i].st.shrink_fn);
}

/* The series names shrinkers; a stock kernel leaves us the scan function. */
const char *shrinker_name(const struct shrink_row *row, char *buf, size_t len)
{
	const char *sym;

	if (row->st.name[0]) {
		snprintf(buf, len, "%s", row->st.name);
		return buf;
	}
	sym = ksym_name(&ksyms, row->st.shrink_fn);
	if (sym)
		snprintf(buf, len, "%s", sym);
	else
		snprintf(buf, len, "%llx", (unsigned long long)row->st.shrink_fn);
	return buf;
}

/*
 * A memcg by its cgroup id, the inode number of its directory: 1 is the
 * root, 0 a kernel that does not say (no series), counted as the root too;
 * others are found by walking cgroup2 (cached, cgpath.c).
 */
const char *cgroup_path_of(__u64 ino, char *buf, size_t len)
{
	return cgpath_of(&cgroups, ino, buf, len);
}

int cgroup_ino_of(const char *path, __u64 *ino)
{
	char full[4096];
	struct stat sb;

	if (path[0] != '/')
		return -EINVAL;
	snprintf(full, sizeof(full), "/sys/fs/cgroup%s", path);
	if (stat(full, &sb))
		return -errno;
	*ino = sb.st_ino;
	return 0;
}

void print_log2_hist(FILE *f, const __u64 *slots, int n, const char *unit)
{
	__u64 max = 0;
	int last = -1;

	for (int i = 0; i < n; i++) {
		if (slots[i] > max)
			max = slots[i];
		if (slots[i])
			last = i;
	}
	fprintf(f, "%24s : count    distribution\n", unit);
	for (int i = 0; i <= last; i++) {
		unsigned long long lo = i ? 1ULL << i : 0, hi = (1ULL << (i + 1)) - 1;
		int bar = max ? (int)(slots[i] * 40 / max) : 0;

		fprintf(f, "%10llu -> %-10llu : %-8llu |%-40.*s|\n", lo, hi,
			(unsigned long long)slots[i], bar,
			"****************************************");
	}
}
