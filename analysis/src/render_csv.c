// SPDX-License-Identifier: GPL-2.0
/*
 * One CSV block per table, blocks separated by an empty line. Every line
 * starts with the table id, so `grep ^shrinkers,` gives one table.
 */
#include <string.h>

#include "tab.h"

static void csv_str(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\n\r")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void print_one(FILE *f, const struct tab *t)
{
	size_t r;
	int c;

	fputs("table", f);
	for (c = 0; c < t->ncols; c++) {
		if (t->cols[c].flags & COL_TEXTONLY)
			continue;
		fputc(',', f);
		csv_str(f, t->cols[c].name);
	}
	fputc('\n', f);
	for (r = 0; r < t->nrows && !t->unavailable; r++) {
		fputs(t->id, f);
		for (c = 0; c < t->ncols; c++) {
			if (t->cols[c].flags & COL_TEXTONLY)
				continue;
			fputc(',', f);
			tab_put_cell(f, tab_cell(t, r, c), csv_str, "-");
		}
		fputc('\n', f);
	}
}

void print_csv(FILE *f, struct tab **tabs, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (i)
			fputc('\n', f);
		print_one(f, tabs[i]);
	}
}
