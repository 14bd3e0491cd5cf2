/* SPDX-License-Identifier: GPL-2.0 */
/* Kernel symbol names of addresses, /proc/kallsyms read only on a miss. */
#ifndef __SHRINK_KSYM_H
#define __SHRINK_KSYM_H

#include "keytab.h"

struct ksym_cache {
	const char *path;	/* /proc/kallsyms, or a test's file */
	/* address -> name; NULL if not in kallsyms when last read */
	struct keytab tab;
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
