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

static void put_cell(FILE *f, const struct cell *c)
{
	switch (c->t) {
	case C_INT:
		fprintf(f, "%" PRId64, c->i);
		break;
	case C_REAL:
		fprintf(f, "%g", c->r);
		break;
	case C_STR:
		fprintf(f, "\"%s\"", c->s);
		break;
	default:
		fputs("NaN", f);
	}
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
	f = plot_file("freed-per-node.gp");
	plot_header(f, base, "Objects freed by shrinkers per node");
	xmax = tab_cell(t, t->nrows - 1, 0)->r;
	/* one bucket: give gnuplot a range rather than let it warn */
	if (xmax > 0)
		fprintf(f, "set xrange [0:%g]\n", xmax);
	else
		fputs("set xrange [-1:1]\n", f);
	fprintf(f, "set xlabel 'seconds from the first event (bucket start)'\n"
		"set ylabel 'objects freed'\n"
		"set style data linespoints\n"
		"plot for [i=2:%d] 'freed-per-node.dat' using 1:i "
		"title columnheader(i)\n", t->ncols);
	plot_footer(f, base);
	plot_close(f, "freed-per-node.gp");
	plot_run(base);
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
	f = plot_file("batch-sizes.gp");
	plot_header(f, base, "Scan batch sizes (nr_to_scan, log2 buckets)");
	fputs("set xlabel 'nr_to_scan'\n"
	      "set ylabel 'batches'\n"
	      "set style fill solid 0.6 border -1\n"
	      "set boxwidth 0.8\n"
	      "set yrange [0:*]\n"
	      "set xtics rotate by -30\n"
	      "plot 'batch-sizes.dat' using 0:2:xtic(1) with boxes notitle\n", f);
	plot_footer(f, base);
	plot_close(f, "batch-sizes.gp");
	plot_run(base);
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
	f = plot_file("memcg-freed.gp");
	plot_header(f, base, "Objects freed per memcg: global vs memcg-targeted reclaim");
	fputs("set key inside top left\n"
	      "set xlabel 'memcg (cgroup inode, 0 = root)'\n"
	      "set ylabel 'objects freed'\n"
	      "set yrange [0:*]\n"
	      "set style data histograms\n"
	      "set style histogram clustered gap 1\n"
	      "set style fill solid 0.7 border -1\n"
	      "plot 'memcg-freed.dat' using 2:xtic(1) title 'global (memcg_reclaim=0)', "
	      "'' using 3 title 'memcg-targeted (memcg_reclaim=1)'\n", f);
	plot_footer(f, base);
	plot_close(f, "memcg-freed.gp");
	plot_run(base);
}

void plot_report(const char *dir, struct tab **tabs, int n)
{
	plot_begin(dir);
	freed_per_node(find(tabs, n, "freed_by_node"));
	batch_sizes(find(tabs, n, "batch_hist"));
	memcg_bars(find(tabs, n, "memcg"));
	plot_end();
}
