/* SPDX-License-Identifier: GPL-2.0 */
/* User-space helpers shared by shrinktop and shrinkstat. */
#ifndef __SHRINK_COMMON_H
#define __SHRINK_COMMON_H

#include <stdbool.h>
#include <stdio.h>
#include <linux/types.h>
#include "shrink.h"
#include "rows.h"

struct shrink_bpf;

/* What the running kernel offers: the series' events and fields. */
struct kernel_caps {
	bool batch_event;	/* vmscan:mm_shrink_slab_batch */
	bool names;		/* name and memcg fields in mm_shrink_slab_* */
};

int probe_caps(struct kernel_caps *caps);
/* probe_caps() plus the -C checks both tools share; dies on failure */
void setup_kernel(struct kernel_caps *caps, const char *cgroup, __u64 *memcg);
struct shrink_bpf *open_and_attach(const struct kernel_caps *caps, int nid,
				   __u64 memcg);
/* Read the stats map (running totals, never reset); returns rows or -1. */
int read_rows(struct shrink_bpf *obj, struct shrink_row **rows);
/* Calls the BPF side could not count (a map was full). */
__u64 dropped_calls(struct shrink_bpf *obj);
/*
 * Names and paths are cached; a miss looks again once per refresh.
 * names_refresh() starts a refresh and notes its rows' addresses, so one
 * read of kallsyms names them all.
 */
void names_refresh(const struct shrink_row *rows, int n);
const char *shrinker_name(const struct shrink_row *row, char *buf, size_t len);
const char *cgroup_path_of(__u64 ino, char *buf, size_t len);
int cgroup_ino_of(const char *path, __u64 *ino);
void print_log2_hist(FILE *f, const __u64 *slots, int n, const char *unit);
int arg_positive(const char *arg, const char *what);
int arg_node(const char *arg);
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif
