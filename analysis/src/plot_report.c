// SPDX-License-Identifier: GPL-2.0
/*
 * report --plot: freed per node over time, the batch-size histogram and
 * per-memcg bars, each drawn from the table the text report prints.
 */
#include <inttypes.h>
#include <string.h>

#include "plot.h"
#include "plotlib.h"
#include "util.h"

static const struct tab *find(struct tab **tabs, int n, const char *id)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(tabs[i]->id, id))
			return tabs[i];
	return NULL;
}

static void gp_str(FILE *f, const char *s)
{
	fprintf(f, "\"%s\"", s);
}

/* A data file cell: gnuplot skips NaN points. */
static void put_cell(FILE *f, const struct cell *c)
{
	tab_put_cell(f, c, gp_str, "NaN");
}

static void freed_per_node(const struct tab *t)
{
	const char *base = "freed-per-node";
	double xmax;
	size_t r;
	FILE *f;
	int c;

	if (!t || !t->nrows || t->ncols < 2) {
		plot_skip(base, "no shrinker calls ended in the trace");
		return;
	}
	f = plot_file("freed-per-node.dat");
	for (c = 0; c < t->ncols; c++)
		fprintf(f, "%s%s", c ? " " : "", t->cols[c].name);
	fputc('\n', f);
	for (r = 0; r < t->nrows; r++) {
		for (c = 0; c < t->ncols; c++) {
			fputs(c ? " " : "", f);
			put_cell(f, tab_cell(t, r, c));
		}
		fputc('\n', f);
	}
	plot_close(f, "freed-per-node.dat");
	xmax = tab_cell(t, t->nrows - 1, 0)->r;
	/* one bucket: give gnuplot a range rather than let it warn */
	plot_draw(base, "Objects freed by shrinkers per node",
		  "set xrange [%g:%g]\n"
		  "set xlabel 'seconds from the first event (bucket start)'\n"
		  "set ylabel 'objects freed'\n"
		  "set style data linespoints\n"
		  "plot for [i=2:%d] 'freed-per-node.dat' using 1:i "
		  "title columnheader(i)\n",
		  xmax > 0 ? 0.0 : -1.0, xmax > 0 ? xmax : 1.0, t->ncols);
}

static void batch_sizes(const struct tab *t)
{
	const char *base = "batch-sizes";
	size_t r;
	FILE *f;

	if (!t || t->unavailable || !t->nrows) {
		plot_skip(base, t && t->unavailable ? t->unavailable :
			  "no scan batches in the trace");
		return;
	}
	f = plot_file("batch-sizes.dat");
	fputs("# nr_to_scan batches (all shrinkers)\n", f);
	for (r = 0; r < t->nrows; r++) {
		if (strcmp(tab_cell(t, r, 0)->s, "(all)"))
			continue;
		put_cell(f, tab_cell(t, r, 2));
		fputc(' ', f);
		put_cell(f, tab_cell(t, r, 5));
		fputc('\n', f);
	}
	plot_close(f, "batch-sizes.dat");
	plot_draw(base, "Scan batch sizes (nr_to_scan, log2 buckets)",
		  "set xlabel 'nr_to_scan'\n"
		  "set ylabel 'batches'\n"
		  "set style fill solid 0.6 border -1\n"
		  "set boxwidth 0.8\n"
		  "set yrange [0:*]\n"
		  "set xtics rotate by -30\n"
		  "plot 'batch-sizes.dat' using 0:2:xtic(1) with boxes notitle\n");
}

static void memcg_bars(const struct tab *t)
{
	const char *base = "memcg-freed";
	size_t r;
	FILE *f;

	if (!t || t->unavailable || !t->nrows) {
		plot_skip(base, t && t->unavailable ? t->unavailable :
			  "no memcg rows");
		return;
	}
	f = plot_file("memcg-freed.dat");
	fputs("# memcg freed_global freed_memcg_reclaim\n", f);
	for (r = 0; r < t->nrows; r++) {
		fprintf(f, "\"%" PRId64 "\" ", tab_cell(t, r, 0)->i);
		put_cell(f, tab_cell(t, r, 2));
		fputc(' ', f);
		put_cell(f, tab_cell(t, r, 4));
		fputc('\n', f);
	}
	plot_close(f, "memcg-freed.dat");
	plot_draw(base, "Objects freed per memcg: global vs memcg-targeted reclaim",
		  "set key inside top left\n"
		  "set xlabel 'memcg (cgroup inode, 0 = root)'\n"
		  "set ylabel 'objects freed'\n"
		  "set yrange [0:*]\n"
		  "set style data histograms\n"
		  "set style histogram clustered gap 1\n"
		  "set style fill solid 0.7 border -1\n"
		  "plot 'memcg-freed.dat' using 2:xtic(1) title 'global (memcg_reclaim=0)', "
		  "'' using 3 title 'memcg-targeted (memcg_reclaim=1)'\n");
}

void plot_report(const char *dir, struct tab **tabs, int n)
{
	plot_begin(dir);
	freed_per_node(find(tabs, n, "freed_by_node"));
	batch_sizes(find(tabs, n, "batch_hist"));
	memcg_bars(find(tabs, n, "memcg"));
	plot_end();
}
