// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "tab.h"
#include "util.h"

struct tab *tab_new(const char *id, const char *title, const struct col *cols,
		    int ncols)
{
	struct tab *t = xcalloc(1, sizeof(*t));

	t->id = id;
	t->title = title;
	t->cols = cols;
	t->ncols = ncols;
	return t;
}

void tab_free(struct tab *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->nrows * t->ncols; i++)
		if (t->cells[i].t == C_STR)
			free(t->cells[i].s);
	free(t->cells);
	free(t->unavailable);
	free(t->note);
	for (i = 0; t->own_cols && i < (size_t)t->ncols; i++)
		free((char *)t->cols[i].name);
	if (t->own_cols)
		free((struct col *)t->cols);
	free(t);
}

static char *vfmt(const char *fmt, va_list ap)
{
	char *p;

	if (vasprintf(&p, fmt, ap) < 0)
		fail(NULL, "out of memory");
	return p;
}

void tab_unavailable(struct tab *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	free(t->unavailable);
	t->unavailable = vfmt(fmt, ap);
	va_end(ap);
}

void tab_note(struct tab *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	free(t->note);
	t->note = vfmt(fmt, ap);
	va_end(ap);
}

/* Cells are appended; a row is complete when ncols cells follow it. */
void tab_row(struct tab *t)
{
	t->cells = grow(t->cells, &t->ncells_cap, (t->nrows + 1) * t->ncols,
			sizeof(*t->cells));
	t->nrows++;
	t->fill = 0;
}

static struct cell *next(struct tab *t)
{
	if (!t->nrows || t->fill >= t->ncols)
		fail(NULL, "internal error: table %s row overflow", t->id);
	return &t->cells[(t->nrows - 1) * t->ncols + t->fill++];
}

void tab_str(struct tab *t, const char *s)
{
	struct cell *c = next(t);

	c->t = C_STR;
	c->s = xstrdup(s);
}

void tab_int(struct tab *t, int64_t v)
{
	struct cell *c = next(t);

	c->t = v == NA ? C_NA : C_INT;
	c->i = v;
}

void tab_real(struct tab *t, double v)
{
	struct cell *c = next(t);

	c->t = isfinite(v) ? C_REAL : C_NA;
	c->r = v;
}

void tab_hex(struct tab *t, int64_t v)
{
	char buf[32];

	if (v == NA) {
		tab_na(t);
		return;
	}
	snprintf(buf, sizeof(buf), "0x%" PRIx64, (uint64_t)v);
	tab_str(t, buf);
}

void tab_na(struct tab *t)
{
	next(t)->t = C_NA;
}

void tab_ratio(struct tab *t, int64_t a, int64_t b)
{
	if (a == NA || b == NA || b == 0)
		tab_na(t);
	else
		tab_real(t, (double)a / (double)b);
}

const struct cell *tab_cell(const struct tab *t, size_t row, int col)
{
	return &t->cells[row * t->ncols + col];
}

int tab_col(const struct tab *t, const char *name)
{
	int i;

	for (i = 0; i < t->ncols; i++)
		if (!strcmp(t->cols[i].name, name))
			return i;
	fail(NULL, "internal: table %s has no column %s", t->id, name);
}

const struct cell *tab_get(const struct tab *t, size_t row, const char *col)
{
	return tab_cell(t, row, tab_col(t, col));
}

void tab_put_cell(FILE *f, const struct cell *c,
		  void (*put_str)(FILE *f, const char *s), const char *missing)
{
	switch (c->t) {
	case C_STR:
		put_str(f, c->s);
		break;
	case C_INT:
		fprintf(f, "%" PRId64, c->i);
		break;
	case C_REAL:
		fprintf(f, "%.15g", c->r);	/* machine-read: all a double says */
		break;
	default:
		fputs(missing, f);
	}
}
