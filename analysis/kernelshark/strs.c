// SPDX-License-Identifier: GPL-2.0
/* Interned strings: shrinker names are few, events naming them many. */
#include <stdlib.h>
#include <string.h>

#include "pair.h"

static uint64_t hash(const char *p, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	while (len--)
		h = (h ^ (uint8_t)*p++) * 0x100000001b3ULL;
	return h;
}

/* Slots hold string id + 1; a table at most half full. */
static bool rehash(struct sk_strs *t, size_t nslot)
{
	uint32_t *slot = calloc(nslot, sizeof(*slot));
	size_t i, j;

	if (!slot)
		return false;
	for (i = 1; i < t->n; i++) {
		j = hash(t->s[i], strlen(t->s[i])) & (nslot - 1);
		while (slot[j])
			j = (j + 1) & (nslot - 1);
		slot[j] = i + 1;
	}
	free(t->slot);
	t->slot = slot;
	t->nslot = nslot;
	return true;
}

static bool room(struct sk_strs *t)
{
	char **s;

	if (!t->cap) {
		t->s = calloc(16, sizeof(*t->s));
		if (!t->s)
			return false;
		t->s[0] = (char *)"";
		t->n = 1;
		t->cap = 16;
	}
	if (t->n == t->cap) {
		s = realloc(t->s, 2 * t->cap * sizeof(*s));
		if (!s)
			return false;
		t->s = s;
		t->cap *= 2;
	}
	if (2 * (t->n + 1) > t->nslot)
		return rehash(t, t->nslot ? 2 * t->nslot : 64);
	return true;
}

uint32_t sk_str(struct sk_set *set, const char *p, size_t len)
{
	struct sk_strs *t = &set->strs;
	size_t j;
	char *c;

	len = strnlen(p, len);
	if (!len || !room(t)) {
		set->oom |= len > 0;
		return 0;
	}
	j = hash(p, len) & (t->nslot - 1);
	for (; t->slot[j]; j = (j + 1) & (t->nslot - 1)) {
		c = t->s[t->slot[j] - 1];
		if (!strncmp(c, p, len) && !c[len])
			return t->slot[j] - 1;
	}
	c = strndup(p, len);
	if (!c) {
		set->oom = true;
		return 0;
	}
	t->s[t->n] = c;
	t->slot[j] = ++t->n;
	return t->n - 1;
}

const char *sk_strget(const struct sk_set *set, uint32_t id)
{
	return id < set->strs.n ? set->strs.s[id] : "";
}

void sk_strs_free(struct sk_strs *t)
{
	size_t i;

	for (i = 1; i < t->n; i++)
		free(t->s[i]);
	free(t->s);
	free(t->slot);
	memset(t, 0, sizeof(*t));
}
