/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Result tables: every report section is built once as a table of typed
 * cells, then printed as text, CSV or JSON, so the three always agree.
 */
#ifndef SS_TAB_H
#define SS_TAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "util.h"

enum cell_type { C_NA, C_STR, C_INT, C_REAL };

struct cell {
	enum cell_type t;
	union {
		char *s;
		int64_t i;
		double r;
	};
};

/* Column flags: shown only in one kind of output. */
#define COL_NOTEXT 1
#define COL_TEXTONLY 2

struct col {
	const char *name;
	int flags;
};

struct tab {
	const char *id;		/* JSON key, CSV first column */
	const char *title;	/* text heading */
	const struct col *cols;
	int ncols;
	struct cell *cells;
	size_t nrows;
	size_t ncells_cap;	/* cells allocated */
	int fill;		/* cells of the last row filled so far */
	char *unavailable;	/* why the trace cannot fill it, or NULL */
	char *note;		/* printed under the text table */
	bool own_cols;		/* cols and their names are freed with it */
};

struct tab *tab_new(const char *id, const char *title, const struct col *cols,
		    int ncols);
void tab_free(struct tab *t);
void tab_unavailable(struct tab *t, const char *fmt, ...)
	__printf(2, 3);
void tab_note(struct tab *t, const char *fmt, ...)
	__printf(2, 3);
/* Start a row, then fill it left to right. */
void tab_row(struct tab *t);
void tab_str(struct tab *t, const char *s);
void tab_int(struct tab *t, int64_t v);		/* NA prints "-" / null */
void tab_real(struct tab *t, double v);		/* NaN prints "-" / null */
void tab_hex(struct tab *t, int64_t v);
void tab_na(struct tab *t);
/* a / b, NA if either is NA or b is 0. */
void tab_ratio(struct tab *t, int64_t a, int64_t b);

const struct cell *tab_cell(const struct tab *t, size_t row, int col);
/* Column index of @name; a missing column is a bug, fatal. */
int tab_col(const struct tab *t, const char *name);
const struct cell *tab_get(const struct tab *t, size_t row, const char *col);
/*
 * Print a cell for a machine-read format: strings through @put_str, numbers
 * as they are, a cell the trace cannot fill as @missing.
 */
void tab_put_cell(FILE *f, const struct cell *c,
		  void (*put_str)(FILE *f, const char *s), const char *missing);

void print_text(FILE *f, struct tab **tabs, int n);
void print_csv(FILE *f, struct tab **tabs, int n);
void print_json(FILE *f, const char *command, struct tab **tabs, int n);

#endif
