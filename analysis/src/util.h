/* SPDX-License-Identifier: GPL-2.0 */
/* Error reporting, allocation and all-or-nothing output files. */
#ifndef SS_UTIL_H
#define SS_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define PROG "shrinkscope-report"

#define __printf(a, b) __attribute__((format(printf, a, b)))
#define __noreturn __attribute__((noreturn))

/* A value the trace cannot give: printed "-" or null, never 0. */
#define NA INT64_MIN

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/*
 * Exit status: 1 is compare's "a row changed", 2 any error, 3 compare's
 * "no change found, but some rows could not be decided".
 */
enum { EXIT_CHANGED = 1, EXIT_ERR = 2, EXIT_INCONCLUSIVE = 3 };

void util_init(void);
void fail(const char *what, const char *fmt, ...)
	__printf(2, 3) __noreturn;
void warn(const char *what, const char *fmt, ...)
	__printf(2, 3);
void note(const char *what, const char *fmt, ...)
	__printf(2, 3);
void on_fail(void (*fn)(void));

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xasprintf(const char *fmt, ...) __printf(1, 2);
void *grow(void *arr, size_t *cap, size_t need, size_t size);

/* Written under a temporary name, renamed over @path on commit. */
struct outfile {
	char *path;
	char *tmp;
	FILE *f;
};

void out_open(struct outfile *o, const char *path);
void out_commit(struct outfile *o);
void out_abort(struct outfile *o);

#endif
