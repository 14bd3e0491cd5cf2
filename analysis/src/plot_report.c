// SPDX-License-Identifier: GPL-2.0
/*
 * report --plot: freed per node over time, the batch-size histogram,
 * per-memcg bars and slab objects freed per file page over time, each
 * drawn from the table the text report prints.
 */
#include <inttypes.h>
#include <stdlib.h>
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

/* balance_by_node columns */
enum { B_T, B_NODE, B_FILE, B_SLAB, B_RATIO };

/*
 * Rows come bucket by bucket, every node in each: the nodes are the
 * first rows up to the first repeat. One gnuplot data block per node.
 */
static size_t balance_data(FILE *f, const struct tab *t)
{
	size_t nn, r;

	for (nn = 0; nn < t->nrows && tab_cell(t, nn, B_T)->r == 0; nn++)
		;
	fputs("# t_start_s file_pages slab_freed objects_per_file_page, "
	      "one block (gnuplot index) per node\n", f);
	for (r = 0; r < nn; r++) {
		size_t i;

		fprintf(f, "# node %" PRId64 "\n", tab_cell(t, r, B_NODE)->i);
		for (i = r; i < t->nrows; i += nn) {
			put_cell(f, tab_cell(t, i, B_T));
			fputc(' ', f);
			put_cell(f, tab_cell(t, i, B_FILE));
			fputc(' ', f);
			put_cell(f, tab_cell(t, i, B_SLAB));
			fputc(' ', f);
			put_cell(f, tab_cell(t, i, B_RATIO));
			fputc('\n', f);
		}
		fputs("\n\n", f);
	}
	return nn;
}

/* "plot 'F' index 0 ... title 'node 0', '' index 1 ..." */
static char *balance_cmd(const struct tab *t, size_t nn)
{
	char *cmd = xstrdup("plot"), *p;
	size_t i;

	for (i = 0; i < nn; i++) {
		p = xasprintf("%s%s '%s' index %zu using 1:4 title 'node %"
			      PRId64 "'", cmd, i ? "," : "",
			      i ? "" : "slab-vs-file.dat", i,
			      tab_cell(t, i, B_NODE)->i);
		free(cmd);
		cmd = p;
	}
	return cmd;
}

static void slab_vs_file(const struct tab *t)
{
	const char *base = "slab-vs-file";
	size_t r, nn, ratios = 0;
	double xmax;
	char *cmd;
	FILE *f;

	if (!t || t->unavailable) {
		plot_skip(base, t && t->unavailable ? t->unavailable :
			  "no balance table");
		return;
	}
	for (r = 0; r < t->nrows; r++)
		ratios += tab_cell(t, r, B_RATIO)->t == C_REAL;
	if (!ratios) {
		plot_skip(base, "no file pages reclaimed in the trace");
		return;
	}
	f = plot_file("slab-vs-file.dat");
	nn = balance_data(f, t);
	plot_close(f, "slab-vs-file.dat");
	cmd = balance_cmd(t, nn);
	xmax = tab_cell(t, t->nrows - 1, B_T)->r;
	plot_draw(base, "Slab objects freed per page-cache page reclaimed",
		  "set xrange [%g:%g]\n"
		  "set xlabel 'seconds from the first event (bucket start)'\n"
		  "set ylabel 'slab objects freed / file pages reclaimed'\n"
		  "set yrange [0:*]\n"
		  "set style data linespoints\n"
		  "%s\n",
		  xmax > 0 ? 0.0 : -1.0, xmax > 0 ? xmax : 1.0, cmd);
	free(cmd);
}

void plot_report(const char *dir, struct tab **tabs, int n)
{
	plot_begin(dir);
	freed_per_node(find(tabs, n, "freed_by_node"));
	batch_sizes(find(tabs, n, "batch_hist"));
	memcg_bars(find(tabs, n, "memcg"));
	slab_vs_file(find(tabs, n, "balance_by_node"));
	plot_end();
}
