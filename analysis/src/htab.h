/* SPDX-License-Identifier: GPL-2.0 */
/* Open-addressing hash table with fixed-size keys and values, inline. */
#ifndef SS_HTAB_H
#define SS_HTAB_H

#include <stdbool.h>
#include <stddef.h>

struct htab {
	size_t ksz;
	size_t vsz;
	size_t voff;
	size_t esz;
	size_t cap;
	size_t n;
	unsigned char *tab;
};

void htab_init(struct htab *h, size_t ksz, size_t vsz);
void htab_free(struct htab *h);
/* Value of @key, or NULL. Pointers die on the next htab_put(). */
void *htab_get(const struct htab *h, const void *key);
/* Value of @key, added zeroed if absent. */
void *htab_put(struct htab *h, const void *key);
/* Walk: *it starts at 0; returns the value and sets *key, NULL at the end. */
void *htab_next(const struct htab *h, size_t *it, const void **key);

#endif
