// SPDX-License-Identifier: GPL-2.0
/*
 * One table for the whole run, so ids from different trace files mean the
 * same string and rows of several files merge by id.
 */
#include <stdlib.h>
#include <string.h>

#include "strtab.h"
#include "util.h"

static char **strs;		/* id -> string, strs[0] unused */
static size_t nstrs, cap_strs;
static uint32_t *slots;		/* open addressing over ids */
static size_t cap_slots;

static uint64_t shash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ULL;
	return h;
}

static uint32_t *lookup(const char *s)
{
	size_t i = shash(s) & (cap_slots - 1);

	while (slots[i] && strcmp(strs[slots[i]], s))
		i = (i + 1) & (cap_slots - 1);
	return &slots[i];
}

static void rehash(void)
{
	size_t i;

	free(slots);
	cap_slots = cap_slots ? cap_slots * 2 : 256;
	slots = xcalloc(cap_slots, sizeof(*slots));
	for (i = 1; i < nstrs; i++)
		*lookup(strs[i]) = i;
}

uint32_t str_intern(const char *s)
{
	uint32_t *p;

	if (!nstrs)
		nstrs = 1;
	if (2 * (nstrs + 1) > cap_slots)
		rehash();
	p = lookup(s);
	if (*p)
		return *p;
	strs = grow(strs, &cap_strs, nstrs + 1, sizeof(*strs));
	strs[nstrs] = xstrdup(s);
	*p = nstrs;
	return nstrs++;
}

const char *str_get(uint32_t id)
{
	return id && id < nstrs ? strs[id] : "";
}
