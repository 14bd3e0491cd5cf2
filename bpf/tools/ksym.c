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

/* One pass over the file: name every entry not looked for yet. */
static void read_file(struct ksym_cache *c)
{
	char *line = NULL, *end, *name;
	unsigned long long addr;
	struct keytab_ent *e;
	size_t cap = 0;
	FILE *f;

	c->reads++;
	f = fopen(c->path, "r");
	while (f && getline(&line, &cap, f) > 0) {
		addr = strtoull(line, &end, 16);
		if (end == line || *end != ' ' || !end[1] || end[2] != ' ')
			continue;
		e = keytab_find(&c->tab, addr);
		if (!e || e->looked || e->val)
			continue;
		name = end + 3;
		name[strcspn(name, " \t\n")] = '\0';
		keytab_set(e, name);
	}
	free(line);
	if (f)
		fclose(f);
	for (size_t i = 0; i < c->tab.n; i++)
		c->tab.v[i].looked = 1;
}

void ksym_want(struct ksym_cache *c, unsigned long long addr)
{
	keytab_add(&c->tab, addr);
}

const char *ksym_name(struct ksym_cache *c, unsigned long long addr)
{
	struct keytab_ent *e = keytab_add(&c->tab, addr);

	if (!e)
		return NULL;
	if (!e->looked) {
		read_file(c);
		e = keytab_find(&c->tab, addr);
	}
	return e->val;
}

void ksym_free(struct ksym_cache *c)
{
	keytab_free(&c->tab);
}
