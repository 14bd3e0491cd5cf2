/* SPDX-License-Identifier: GPL-2.0 */
/* Intervals from cumulative rows: what each row gained since a read. */
#ifndef __SHRINK_ROWS_H
#define __SHRINK_ROWS_H

#include <linux/types.h>
#include "shrink.h"

struct shrink_row {
	struct shrink_key key;
	struct shrink_stats st;
};

/* Sort rows by key, for rows_delta(). */
void rows_sort(struct shrink_row *rows, int n);
/*
 * Into @out (room for @n): each row of @cur (sorted) minus the same key
 * in @prev (sorted), keeping the rows where anything moved; calls may be
 * 0 in one of them. Returns how many. A row missing from @prev is new.
 */
int rows_delta(const struct shrink_row *prev, int nprev,
	       const struct shrink_row *cur, int n, struct shrink_row *out);

#endif
