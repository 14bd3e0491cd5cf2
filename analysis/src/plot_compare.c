// SPDX-License-Identifier: GPL-2.0
/* compare --plot: freed per call, base vs candidate, with min..max bars. */
#include <string.h>

#include "plot.h"
#include "plotlib.h"
#include "util.h"

/* Columns of the compare table this reads. */
enum {
	K_NAME, K_NODE, K_METRIC, K_BN, K_BMEAN, K_BMIN, K_BMAX, K_BRANGE,
	K_BSD, K_CN, K_CMEAN, K_CMIN, K_CMAX
};

static bool wanted(const struct tab *t, size_t r)
{
	return !strcmp(tab_cell(t, r, K_METRIC)->s, "freed_per_call") &&
	       tab_cell(t, r, K_BMEAN)->t == C_REAL &&
	       tab_cell(t, r, K_CMEAN)->t == C_REAL;
}

/* A gnuplot string label: no double quotes inside. */
static void label(FILE *f, const char *s, int64_t node)
{
	fputc('"', f);
	for (; *s; s++)
		fputc(*s == '"' ? '\'' : *s, f);
	fprintf(f, "@n%lld\"", (long long)node);
}

static void data(FILE *f, const struct tab *t)
{
	size_t r;

	fputs("# shrinker@node base base_min base_max cand cand_min cand_max\n",
	      f);
	for (r = 0; r < t->nrows; r++) {
		if (!wanted(t, r))
			continue;
		label(f, tab_cell(t, r, K_NAME)->s, tab_cell(t, r, K_NODE)->i);
		fprintf(f, " %g %g %g %g %g %g\n",
			tab_cell(t, r, K_BMEAN)->r, tab_cell(t, r, K_BMIN)->r,
			tab_cell(t, r, K_BMAX)->r, tab_cell(t, r, K_CMEAN)->r,
			tab_cell(t, r, K_CMIN)->r, tab_cell(t, r, K_CMAX)->r);
	}
}

void plot_compare(const char *dir, const struct tab *t)
{
	const char *base = "compare-freed-per-call";
	size_t r, n = 0;
	FILE *f;

	plot_begin(dir);
	for (r = 0; r < t->nrows; r++)
		n += wanted(t, r);
	if (!n) {
		plot_skip(base, "no row present on both sides");
		plot_end();
		return;
	}
	f = plot_file("compare-freed-per-call.dat");
	data(f, t);
	plot_close(f, "compare-freed-per-call.dat");
	plot_draw(base, "Objects freed per shrinker call: base vs candidate (bars: min..max over runs)",
		  "set ylabel 'objects freed per call'\n"
		  "set yrange [0:*]\n"
		  "set style data histograms\n"
		  "set style histogram errorbars gap 1 lw 1\n"
		  "set style fill solid 0.6 border -1\n"
		  "set xtics rotate by -30\n"
		  "plot 'compare-freed-per-call.dat' using 2:3:4:xtic(1) title 'base', "
		  "'' using 5:6:7 title 'candidate'\n");
	plot_end();
}
