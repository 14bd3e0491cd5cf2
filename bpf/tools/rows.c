// SPDX-License-Identifier: GPL-2.0
/*
 * The BPF side never deletes a row, so an interval is the difference of
 * two reads: nothing is lost between reading a row and resetting it, as
 * it was when shrinktop deleted the rows it had read.
 */
#include <stdlib.h>
#include <string.h>

#include "rows.h"

static int key_cmp(const struct shrink_key *a, const struct shrink_key *b)
{
	if (a->shr != b->shr)
		return a->shr < b->shr ? -1 : 1;
	if (a->memcg != b->memcg)
		return a->memcg < b->memcg ? -1 : 1;
	if (a->nid != b->nid)
		return a->nid < b->nid ? -1 : 1;
	return 0;
}

static int row_cmp(const void *a, const void *b)
{
	return key_cmp(&((const struct shrink_row *)a)->key,
		       &((const struct shrink_row *)b)->key);
}

void rows_sort(struct shrink_row *rows, int n)
{
	qsort(rows, n, sizeof(*rows), row_cmp);
}

static void sub(struct shrink_stats *d, const struct shrink_stats *p)
{
	d->calls -= p->calls;
	d->asked -= p->asked;
	d->scanned -= p->scanned;
	d->freed -= p->freed;
	d->batches -= p->batches;
	d->stopped -= p->stopped;
	d->memcg_reclaim_freed -= p->memcg_reclaim_freed;
	d->lat_ns -= p->lat_ns;
}

/*
 * A read may catch a call half added (calls counted, freed not yet): the
 * rest shows in the next interval, so a row counts if anything moved.
 */
static int changed(const struct shrink_stats *d)
{
	return d->calls || d->asked || d->scanned || d->freed ||
	       d->batches || d->stopped || d->memcg_reclaim_freed ||
	       d->lat_ns;
}

int rows_delta(const struct shrink_row *prev, int nprev,
	       const struct shrink_row *cur, int n, struct shrink_row *out)
{
	int i, j = 0, m = 0;

	for (i = 0; i < n; i++) {
		while (j < nprev && key_cmp(&prev[j].key, &cur[i].key) < 0)
			j++;
		out[m] = cur[i];
		if (j < nprev && !key_cmp(&prev[j].key, &cur[i].key))
			sub(&out[m].st, &prev[j].st);
		if (changed(&out[m].st))
			m++;
	}
	return m;
}
