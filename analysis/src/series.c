// SPDX-License-Identifier: GPL-2.0
/*
 * Memory grows with trace duration / bucket and the number of lines, never
 * with the number of events.
 */
#include <string.h>

#include "series.h"
#include "util.h"

void series_init(struct series *s)
{
	memset(s, 0, sizeof(*s));
	htab_init(&s->lines, sizeof(struct series_key), sizeof(struct line));
}

void series_add(struct series *s, int64_t a, int64_t b, size_t bucket,
		int64_t v)
{
	struct series_key k;
	struct line *l;

	memset(&k, 0, sizeof(k));
	k.a = a;
	k.b = b;
	l = htab_put(&s->lines, &k);
	l->v = grow(l->v, &l->cap, bucket + 1, sizeof(*l->v));
	l->v[bucket] += v;
	if (bucket + 1 > s->nbuckets)
		s->nbuckets = bucket + 1;
}

int64_t line_at(const struct line *l, size_t bucket)
{
	return bucket < l->cap ? l->v[bucket] : 0;
}
