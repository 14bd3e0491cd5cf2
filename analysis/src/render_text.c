// SPDX-License-Identifier: GPL-2.0
/* Aligned text tables: strings left, numbers right, "-" for NA. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tab.h"
#include "util.h"

static void cell_text(const struct cell *c, char *buf, size_t n)
{
	switch (c->t) {
	case C_STR:
		snprintf(buf, n, "%s", c->s);
		break;
	case C_INT:
		snprintf(buf, n, "%" PRId64, c->i);
		break;
	case C_REAL:
		snprintf(buf, n, fabs(c->r) < 100 ? "%.3f" : "%.1f", c->r);
		break;
	default:
		snprintf(buf, n, "-");
	}
}

static bool shown(const struct tab *t, int col)
{
	return !(t->cols[col].flags & COL_NOTEXT);
}

static void widths(const struct tab *t, int *w)
{
	char buf[256];
	size_t r;
	int c;

	for (c = 0; c < t->ncols; c++)
		w[c] = strlen(t->cols[c].name);
	for (r = 0; r < t->nrows; r++) {
		for (c = 0; c < t->ncols; c++) {
			int len;

			cell_text(tab_cell(t, r, c), buf, sizeof(buf));
			len = strlen(buf);
			if (len > w[c])
				w[c] = len;
		}
	}
}

static void put(FILE *f, const char *s, int w, bool right, bool last)
{
	if (last && !right)
		fprintf(f, "%s", s);
	else
		fprintf(f, right ? "%*s" : "%-*s", w, s);
	if (!last)
		fputs("  ", f);
}

static int last_shown(const struct tab *t)
{
	int c = t->ncols - 1;

	while (c > 0 && !shown(t, c))
		c--;
	return c;
}

static void print_one(FILE *f, const struct tab *t)
{
	int *w = xcalloc(t->ncols, sizeof(*w));
	int last = last_shown(t);
	char buf[256];
	size_t r;
	int c;

	fprintf(f, "== %s\n", t->title);
	if (t->unavailable) {
		fprintf(f, "(not available: %s)\n\n", t->unavailable);
		free(w);
		return;
	}
	widths(t, w);
	for (c = 0; c <= last; c++)
		if (shown(t, c))
			put(f, t->cols[c].name, w[c], false, c == last);
	fputc('\n', f);
	for (r = 0; r < t->nrows; r++) {
		for (c = 0; c <= last; c++) {
			const struct cell *cl = tab_cell(t, r, c);

			if (!shown(t, c))
				continue;
			cell_text(cl, buf, sizeof(buf));
			put(f, buf, w[c], cl->t != C_STR, c == last);
		}
		fputc('\n', f);
	}
	if (!t->nrows)
		fprintf(f, "(no rows)\n");
	if (t->note)
		fprintf(f, "%s\n", t->note);
	fputc('\n', f);
	free(w);
}

void print_text(FILE *f, struct tab **tabs, int n)
{
	int i;

	for (i = 0; i < n; i++)
		print_one(f, tabs[i]);
}
