// SPDX-License-Identifier: GPL-2.0
/*
 * Freeing an aggregation: the command line tool exits right after its
 * report, but the fuzzer aggregates a trace per input, and a sanitizer
 * build must end without leaks.
 */
#include <stdlib.h>
#include <string.h>

#include "agg.h"

static void series_free(struct series *s)
{
	const void *key;
	struct line *l;
	size_t it = 0;

	while ((l = htab_next(&s->lines, &it, &key)))
		free(l->v);
	htab_free(&s->lines);
}

void agg_free(struct agg *a)
{
	htab_free(&a->rows);
	htab_free(&a->lrus);
	htab_free(&a->vmp);
	htab_free(&a->pids);
	htab_free(&a->prios);
	htab_free(&a->whos);
	htab_free(&a->pages);
	htab_free(&a->names.by_shr);
	htab_free(&a->names.by_id);
	htab_free(&a->names.syms);
	series_free(&a->by_node);
	series_free(&a->by_shr);
	series_free(&a->file_by_node);
	memset(a, 0, sizeof(*a));
}
