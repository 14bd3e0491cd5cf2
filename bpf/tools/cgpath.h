/* SPDX-License-Identifier: GPL-2.0 */
/* cgroup paths of memcg inode numbers, the tree walked only on a miss. */
#ifndef __SHRINK_CGPATH_H
#define __SHRINK_CGPATH_H

#include <stddef.h>

#include "keytab.h"

struct cgpath_cache {
	const char *root;	/* /sys/fs/cgroup, or a test's tree */
	/* inode -> path relative to the root, starting with '/' */
	struct keytab tab;
	unsigned long gen;	/* bumped by cgpath_refresh() */
	unsigned long walked;	/* gen of the last walk, 0 never */
	unsigned long walks;	/* times the tree was walked */
};

/* A new refresh: the next miss may walk the tree again. */
void cgpath_refresh(struct cgpath_cache *c);
/*
 * Path of the cgroup with inode @ino ("/" for 0, a kernel without memcgs
 * in its events, and for the root's own inode), else "ino:N". A miss
 * walks the whole tree at most once per refresh, caching every cgroup.
 */
const char *cgpath_of(struct cgpath_cache *c, unsigned long long ino,
		      char *buf, size_t len);
void cgpath_free(struct cgpath_cache *c);

#endif
