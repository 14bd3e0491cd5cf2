// SPDX-License-Identifier: GPL-2.0
/*
 * Messages go to a private copy of stderr, taken at start: whatever a
 * library does with fd 2, our one line reaches the user.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

static int err_fd = 2;
static void (*fail_hook)(void);

void util_init(void)
{
	int fd = fcntl(2, F_DUPFD_CLOEXEC, 3);

	if (fd >= 0)
		err_fd = fd;
}

static void vsay(const char *what, const char *pfx, const char *fmt,
		 va_list ap)
{
	char msg[1024];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (what)
		dprintf(err_fd, "%s: %s: %s%s\n", PROG, what, pfx, msg);
	else
		dprintf(err_fd, "%s: %s%s\n", PROG, pfx, msg);
}

void on_fail(void (*fn)(void))
{
	fail_hook = fn;
}

void fail(const char *what, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(what, "", fmt, ap);
	va_end(ap);
	if (fail_hook)
		fail_hook();
	exit(EXIT_ERR);
}

void warn(const char *what, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(what, "WARNING: ", fmt, ap);
	va_end(ap);
}

void note(const char *what, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(what, "note: ", fmt, ap);
	va_end(ap);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		fail(NULL, "out of memory");
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		fail(NULL, "out of memory");
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		fail(NULL, "out of memory");
	return p;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		fail(NULL, "out of memory");
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&p, fmt, ap);
	va_end(ap);
	if (n < 0)
		fail(NULL, "out of memory");
	return p;
}

/* Make room for @need elements, zeroing the new ones. */
void *grow(void *arr, size_t *cap, size_t need, size_t size)
{
	size_t ncap = *cap ? *cap : 8;

	if (need <= *cap)
		return arr;
	while (ncap < need)
		ncap *= 2;
	arr = xrealloc(arr, ncap * size);
	memset((char *)arr + *cap * size, 0, (ncap - *cap) * size);
	*cap = ncap;
	return arr;
}

void out_open(struct outfile *o, const char *path)
{
	int fd;

	o->path = xstrdup(path);
	o->tmp = xasprintf("%s.tmp-XXXXXX", path);
	fd = mkstemp(o->tmp);
	if (fd < 0)
		fail(path, "cannot create: %s", strerror(errno));
	fchmod(fd, 0644);
	o->f = fdopen(fd, "w");
	if (!o->f)
		fail(path, "cannot open: %s", strerror(errno));
}

void out_commit(struct outfile *o)
{
	int bad = ferror(o->f);

	if (fclose(o->f) || bad) {
		unlink(o->tmp);
		fail(o->path, "write failed: %s", strerror(errno));
	}
	if (rename(o->tmp, o->path)) {
		unlink(o->tmp);
		fail(o->path, "cannot rename into place: %s", strerror(errno));
	}
	free(o->tmp);
	free(o->path);
	o->f = NULL;
}

void out_abort(struct outfile *o)
{
	if (!o->f)
		return;
	fclose(o->f);
	unlink(o->tmp);
	o->f = NULL;
}
