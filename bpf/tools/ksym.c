// SPDX-License-Identifier: GPL-2.0
/*
 * shrinktop names every row on every refresh: reading /proc/kallsyms
 * (tens of thousands of lines) per row made a refresh cost more than the
 * reclaim it shows. Names are kept per address; the file is read again
 * only for an address never seen, and then names every address noted
 * (ksym_want): one read for all the rows of a refresh.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ksym.h"

static struct ksym_ent *find(struct ksym_cache *c, unsigned long long addr)
{
	for (size_t i = 0; i < c->n; i++)
		if (c->v[i].addr == addr)
			return &c->v[i];
	return NULL;
}

/* One pass over the file: name every entry not looked for yet. */
static void read_file(struct ksym_cache *c)
{
	char *line = NULL, *end, *name;
	unsigned long long addr;
	struct ksym_ent *e;
	size_t cap = 0;
	FILE *f;

	c->reads++;
	f = fopen(c->path, "r");
	while (f && getline(&line, &cap, f) > 0) {
		addr = strtoull(line, &end, 16);
		if (end == line || *end != ' ' || !end[1] || end[2] != ' ')
			continue;
		e = find(c, addr);
		if (!e || e->looked || e->name)
			continue;
		name = end + 3;
		name[strcspn(name, " \t\n")] = '\0';
		e->name = strdup(name);
	}
	free(line);
	if (f)
		fclose(f);
	for (size_t i = 0; i < c->n; i++)
		c->v[i].looked = 1;
}

static struct ksym_ent *add(struct ksym_cache *c, unsigned long long addr)
{
	struct ksym_ent *e = find(c, addr);

	if (e)
		return e;
	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 16;
		struct ksym_ent *v = realloc(c->v, cap * sizeof(*v));

		if (!v)
			return NULL;
		c->v = v;
		c->cap = cap;
	}
	e = &c->v[c->n++];
	e->addr = addr;
	e->name = NULL;
	e->looked = 0;
	return e;
}

void ksym_want(struct ksym_cache *c, unsigned long long addr)
{
	add(c, addr);
}

const char *ksym_name(struct ksym_cache *c, unsigned long long addr)
{
	struct ksym_ent *e = add(c, addr);

	if (!e)
		return NULL;
	if (!e->looked) {
		read_file(c);
		e = find(c, addr);
	}
	return e->name;
}

void ksym_free(struct ksym_cache *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->v[i].name);
	free(c->v);
	c->v = NULL;
	c->n = c->cap = 0;
}
