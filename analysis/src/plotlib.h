/* SPDX-License-Identifier: GPL-2.0 */
/* Internals shared by the plot makers. */
#ifndef SS_PLOTLIB_H
#define SS_PLOTLIB_H

#include <stdio.h>

struct plotdir {
	const char *dir;
	char *tmp;
	char **files;		/* made so far, in tmp */
	size_t nfiles, cap;
};

void plot_begin(const char *dir);
FILE *plot_file(const char *name);
void plot_close(FILE *f, const char *name);
void plot_run(const char *base);
void plot_end(void);
void plot_skip(const char *what, const char *why);
void plot_draw(const char *base, const char *title, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
