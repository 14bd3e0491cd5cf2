/* SPDX-License-Identifier: GPL-2.0 */
/* Kernel symbol names of addresses, /proc/kallsyms read only on a miss. */
#ifndef __SHRINK_KSYM_H
#define __SHRINK_KSYM_H

#include <stddef.h>

struct ksym_ent {
	unsigned long long addr;
	char *name;		/* NULL: not in kallsyms when it was read */
	int looked;		/* 0: not looked for yet */
};

struct ksym_cache {
	const char *path;	/* /proc/kallsyms, or a test's file */
	struct ksym_ent *v;
	size_t n, cap;
	unsigned long reads;	/* times the file was read */
};

/*
 * Name of the symbol at @addr, or NULL. An address never asked for reads
 * the file again (a module may have come), and that read names every
 * address noted; one asked for before does not read it.
 */
const char *ksym_name(struct ksym_cache *c, unsigned long long addr);
/* Note @addr for the next read: a refresh notes all its rows' first. */
void ksym_want(struct ksym_cache *c, unsigned long long addr);
void ksym_free(struct ksym_cache *c);

#endif
