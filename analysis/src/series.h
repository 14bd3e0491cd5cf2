/* SPDX-License-Identifier: GPL-2.0 */
/* Sums per time bucket for a set of lines (a node, a shrinker). */
#ifndef SS_SERIES_H
#define SS_SERIES_H

#include <stddef.h>
#include <stdint.h>

#include "htab.h"

struct series_key {
	int64_t a;
	int64_t b;
};

struct line {
	int64_t *v;
	size_t cap;
};

struct series {
	struct htab lines;	/* series_key -> struct line */
	size_t nbuckets;	/* longest line, in buckets */
};

void series_init(struct series *s);
void series_add(struct series *s, int64_t a, int64_t b, size_t bucket,
		int64_t v);
/* Value of a line in a bucket, 0 past its end. */
int64_t line_at(const struct line *l, size_t bucket);

#endif
