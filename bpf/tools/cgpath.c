// SPDX-License-Identifier: GPL-2.0
/*
 * Walking /sys/fs/cgroup for each row on each refresh cost as much as
 * kallsyms did. One walk caches every cgroup's path; cgroups made later
 * are found by the next walk, which a miss triggers once per refresh.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cgpath.h"

static void put(struct cgpath_cache *c, unsigned long long ino,
		const char *path)
{
	struct keytab_ent *e = keytab_add(&c->tab, ino);

	if (e)
		keytab_set(e, path);	/* new, or renamed since */
}

/* Cache every directory under @rel (a path below the root, in @rel). */
static void walk(struct cgpath_cache *c, int dfd, char *rel, size_t len,
		 int depth)
{
	struct dirent *d;
	struct stat st;
	DIR *dir;
	int fd;

	dir = fdopendir(dfd);
	if (!dir) {
		close(dfd);
		return;
	}
	while ((d = readdir(dir))) {
		size_t n = strlen(d->d_name);

		if ((d->d_type != DT_DIR && d->d_type != DT_UNKNOWN) ||
		    d->d_name[0] == '.')
			continue;
		if (len + 1 + n >= PATH_MAX || depth > 64)
			continue;
		fd = openat(dirfd(dir), d->d_name,
			    O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (fstat(fd, &st)) {
			close(fd);
			continue;
		}
		rel[len] = '/';
		memcpy(rel + len + 1, d->d_name, n + 1);
		put(c, st.st_ino, rel);
		walk(c, fd, rel, len + 1 + n, depth + 1);
		rel[len] = '\0';
	}
	closedir(dir);
}

void cgpath_refresh(struct cgpath_cache *c)
{
	c->gen++;
}

const char *cgpath_of(struct cgpath_cache *c, unsigned long long ino,
		      char *buf, size_t len)
{
	struct keytab_ent *e;
	char rel[PATH_MAX] = "";
	struct stat st;
	int fd;

	if (ino == 0) {
		snprintf(buf, len, "/");
		return buf;
	}
	e = keytab_find(&c->tab, ino);
	if (!e && c->walked != c->gen + 1) {
		c->walked = c->gen + 1;
		c->walks++;
		fd = open(c->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		/* the root too: the series' memcg_id of the root is 1 */
		if (fd >= 0 && !fstat(fd, &st))
			put(c, st.st_ino, "/");
		if (fd >= 0)
			walk(c, fd, rel, 0, 0);
		e = keytab_find(&c->tab, ino);
	}
	if (e && e->val)
		snprintf(buf, len, "%s", e->val);
	else
		snprintf(buf, len, "ino:%llu", ino);
	return buf;
}

void cgpath_free(struct cgpath_cache *c)
{
	keytab_free(&c->tab);
}
