/* SPDX-License-Identifier: GPL-2.0 */
/* int64 -> uint64 hash map, open addressing; a failed allocation is false. */
#ifndef SSKS_MAP_H
#define SSKS_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct sk_map {
	int64_t *keys;
	uint64_t *vals;
	uint8_t *used;
	size_t n, cap;
};

void map_init(struct sk_map *m);
void map_free(struct sk_map *m);
/* Pointer to the value of @key, or NULL. */
uint64_t *map_get(const struct sk_map *m, int64_t key);
/* Set @key to @val; false if out of memory. */
bool map_set(struct sk_map *m, int64_t key, uint64_t val);

#endif
