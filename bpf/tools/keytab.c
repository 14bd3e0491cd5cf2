// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "keytab.h"

struct keytab_ent *keytab_find(struct keytab *t, unsigned long long key)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->v[i].key == key)
			return &t->v[i];
	return NULL;
}

struct keytab_ent *keytab_add(struct keytab *t, unsigned long long key)
{
	struct keytab_ent *e = keytab_find(t, key);

	if (e)
		return e;
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 16;
		struct keytab_ent *v = realloc(t->v, cap * sizeof(*v));

		if (!v)
			return NULL;
		t->v = v;
		t->cap = cap;
	}
	e = &t->v[t->n++];
	e->key = key;
	e->val = NULL;
	e->looked = 0;
	return e;
}

int keytab_set(struct keytab_ent *e, const char *val)
{
	char *p = strdup(val);

	if (!p)
		return 0;
	free(e->val);
	e->val = p;
	return 1;
}

void keytab_free(struct keytab *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i].val);
	free(t->v);
	t->v = NULL;
	t->n = t->cap = 0;
}
