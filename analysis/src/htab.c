// SPDX-License-Identifier: GPL-2.0
/*
 * Keys are compared as bytes, so callers zero their key structs before
 * filling them (padding included).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "htab.h"
#include "util.h"

/* Slot layout: [used][pad][key][pad][value], key and value 8-aligned. */
#define KOFF 8
#define ALIGN8(n) (((n) + 7) & ~(size_t)7)

static uint64_t hash(const void *key, size_t n)
{
	const unsigned char *p = key;
	uint64_t h = 0xcbf29ce484222325ULL;

	while (n--)
		h = (h ^ *p++) * 0x100000001b3ULL;
	return h ^ (h >> 29);
}

void htab_init(struct htab *h, size_t ksz, size_t vsz)
{
	memset(h, 0, sizeof(*h));
	h->ksz = ksz;
	h->vsz = vsz;
	h->voff = KOFF + ALIGN8(ksz);
	h->esz = h->voff + ALIGN8(vsz);
}

void htab_free(struct htab *h)
{
	free(h->tab);
	h->tab = NULL;
	h->cap = h->n = 0;
}

static unsigned char *slot(const struct htab *h, size_t i)
{
	return h->tab + i * h->esz;
}


static unsigned char *find(const struct htab *h, const void *key)
{
	size_t i = hash(key, h->ksz) & (h->cap - 1);
	unsigned char *e;

	for (;; i = (i + 1) & (h->cap - 1)) {
		e = slot(h, i);
		if (!e[0] || !memcmp(e + KOFF, key, h->ksz))
			return e;
	}
}

static void rehash(struct htab *h)
{
	struct htab old = *h;
	size_t i;

	h->cap = old.cap ? old.cap * 2 : 64;
	h->tab = xcalloc(h->cap, h->esz);
	for (i = 0; i < old.cap; i++) {
		unsigned char *e = slot(&old, i);

		if (e[0])
			memcpy(find(h, e + KOFF), e, h->esz);
	}
	free(old.tab);
}

void *htab_get(const struct htab *h, const void *key)
{
	unsigned char *e;

	if (!h->cap)
		return NULL;
	e = find(h, key);
	return e[0] ? e + h->voff : NULL;
}

void *htab_put(struct htab *h, const void *key)
{
	unsigned char *e;

	if (2 * (h->n + 1) > h->cap)
		rehash(h);
	e = find(h, key);
	if (!e[0]) {
		e[0] = 1;
		memcpy(e + KOFF, key, h->ksz);
		h->n++;
	}
	return e + h->voff;
}

void *htab_next(const struct htab *h, size_t *it, const void **key)
{
	while (*it < h->cap) {
		unsigned char *e = slot(h, (*it)++);

		if (e[0]) {
			if (key)
				*key = e + KOFF;
			return e + h->voff;
		}
	}
	return NULL;
}
