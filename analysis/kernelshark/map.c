// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "map.h"

void map_init(struct sk_map *m)
{
	memset(m, 0, sizeof(*m));
}

void map_free(struct sk_map *m)
{
	free(m->keys);
	free(m->vals);
	free(m->used);
	map_init(m);
}

static size_t slot(int64_t key, size_t cap)
{
	uint64_t h = (uint64_t)key * 0x9e3779b97f4a7c15ULL;

	return (h ^ (h >> 29)) & (cap - 1);
}

uint64_t *map_get(const struct sk_map *m, int64_t key)
{
	size_t i;

	if (!m->cap)
		return NULL;
	for (i = slot(key, m->cap); m->used[i]; i = (i + 1) & (m->cap - 1))
		if (m->keys[i] == key)
			return &m->vals[i];
	return NULL;
}

static bool grow(struct sk_map *m)
{
	struct sk_map b;
	size_t i;

	b.cap = m->cap ? 2 * m->cap : 64;
	b.n = 0;
	b.keys = malloc(b.cap * sizeof(*b.keys));
	b.vals = malloc(b.cap * sizeof(*b.vals));
	b.used = calloc(b.cap, 1);
	if (!b.keys || !b.vals || !b.used) {
		map_free(&b);
		return false;
	}
	for (i = 0; i < m->cap; i++)
		if (m->used[i])
			map_set(&b, m->keys[i], m->vals[i]);
	map_free(m);
	*m = b;
	return true;
}

bool map_set(struct sk_map *m, int64_t key, uint64_t val)
{
	uint64_t *v = map_get(m, key);
	size_t i;

	if (v) {
		*v = val;
		return true;
	}
	/* at most half full */
	if (2 * (m->n + 1) > m->cap && !grow(m))
		return false;
	for (i = slot(key, m->cap); m->used[i]; i = (i + 1) & (m->cap - 1))
		;
	m->used[i] = 1;
	m->keys[i] = key;
	m->vals[i] = val;
	m->n++;
	return true;
}
