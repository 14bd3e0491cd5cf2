/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small table of strings keyed by a 64-bit number (an address, an
 * inode), for the name caches of ksym.c and cgpath.c: a refresh has tens
 * of rows, so a linear search beats anything cleverer.
 */
#ifndef __SHRINK_KEYTAB_H
#define __SHRINK_KEYTAB_H

#include <stddef.h>

struct keytab_ent {
	unsigned long long key;
	char *val;		/* owned; NULL: none (yet) */
	int looked;		/* the caller's mark: its source was read */
};

struct keytab {
	struct keytab_ent *v;
	size_t n, cap;
};

struct keytab_ent *keytab_find(struct keytab *t, unsigned long long key);
/* The entry of @key, made (val NULL, looked 0) if new; NULL if no memory. */
struct keytab_ent *keytab_add(struct keytab *t, unsigned long long key);
/* Replace @e's value by a copy of @val; false (value kept) if no memory. */
int keytab_set(struct keytab_ent *e, const char *val);
void keytab_free(struct keytab *t);

#endif
