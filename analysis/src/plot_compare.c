// SPDX-License-Identifier: GPL-2.0
/*
 * compare --plot: one plot per compared metric, compare-METRIC (METRIC with
 * '-' for '_': compare-freed-per-call, compare-scanned-per-asked,
 * compare-freed-per-page), base vs candidate per shrinker@node with
 * min..max bars over runs; a row more (less) aggressive has a triangle up
 * (down) over its bars, a side without a value (only in base/candidate,
 * n/a) a cross where its bar would be, and candidate/base is written over
 * each pair (bars of 0.4 and 200 share no readable scale). The data file
 * has every verdict.
 *
 * A side without a value is NaN in the data. The bars are boxes at explicit
 * x, not a gnuplot histogram: a histogram series with no valid point at all
 * (every row only in base) is an error, a boxes series just draws nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "plot.h"
#include "plotlib.h"
#include "util.h"

/* A row of @metric with a value on at least one side. */
static bool wanted(const struct tab *t, size_t r, const char *metric)
{
	return !strcmp(tab_get(t, r, "metric")->s, metric) &&
	       (tab_get(t, r, "base_mean")->t == C_REAL ||
		tab_get(t, r, "cand_mean")->t == C_REAL);
}

/* A gnuplot string: no double quotes inside. */
static void gp_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++)
		fputc(*s == '"' ? '\'' : *s, f);
	fputc('"', f);
}

static void label(FILE *f, const char *name, int64_t node)
{
	char *s = xasprintf("%s@n%lld", name, (long long)node);

	gp_str(f, s);
	fputc(' ', f);
	free(s);
}

static void num(FILE *f, const struct tab *t, size_t r, const char *col)
{
	fputc(' ', f);
	tab_put_cell(f, tab_get(t, r, col), gp_str, "NaN");
}

/* A real cell's value, or @none. */
static double real_or(const struct tab *t, size_t r, const char *col,
		      double none)
{
	const struct cell *c = tab_get(t, r, col);

	return c->t == C_REAL ? c->r : none;
}

/*
 * Where the candidate/base label of a row goes (over its higher bar) and
 * what it says ("" without both means): computed here, because gnuplot
 * 5.4 crashes on NaN arithmetic in a labels series.
 */
static void ratio_label(FILE *f, const struct tab *t, size_t r)
{
	double b = real_or(t, r, "base_mean", -1), c = real_or(t, r, "cand_mean", -1);
	double y = real_or(t, r, "base_max", 0), cy = real_or(t, r, "cand_max", 0);
	char *s;

	fprintf(f, " %g ", y > cy ? y : cy);
	if (b <= 0 || c < 0) {
		gp_str(f, "");
		return;
	}
	s = xasprintf("x%.3g", c / b);
	gp_str(f, s);
	free(s);
}

static void data(FILE *f, const struct tab *t, const char *metric)
{
	static const char *const cols[] = {
		"base_mean", "base_min", "base_max", "cand_mean", "cand_min", "cand_max"
	};
	size_t r, i;

	fprintf(f, "# %s: shrinker@node verdict base base_min base_max "
		"cand cand_min cand_max label_y label (NaN: no value)\n",
		metric);
	for (r = 0; r < t->nrows; r++) {
		if (!wanted(t, r, metric))
			continue;
		label(f, tab_get(t, r, "shrinker")->s, tab_get(t, r, "node")->i);
		gp_str(f, tab_get(t, r, "verdict")->s);
		for (i = 0; i < ARRAY_SIZE(cols); i++)
			num(f, t, r, cols[i]);
		ratio_label(f, t, r);
		fputc('\n', f);
	}
}

static void one_metric(const struct tab *t, enum metric m, struct tab *list)
{
	const char *metric = metric_str(m);
	char *base, *dat, *title, *p;
	size_t r, n = 0;
	FILE *f;

	base = xasprintf("compare-%s", metric);
	for (p = base; *p; p++)
		if (*p == '_')
			*p = '-';
	for (r = 0; r < t->nrows; r++)
		n += wanted(t, r, metric);
	if (!n) {
		plot_skip(base, "not compared, or no row has a value for it");
		free(base);
		return;
	}
	dat = xasprintf("%s.dat", base);
	f = plot_file(dat);
	data(f, t, metric);
	plot_close(f, dat);
	title = xasprintf("%s (%s)", metric, metric_unit(m));
	plot_draw(base, title,
		  "set xlabel 'shrinker@node (box: mean over runs, bar: min..max)'\n"
		  "set ylabel '%s'\n"
		  "set yrange [0:*]\n"
		  "set offsets 0.5, 0.5, graph 0.05, 0\n"
		  "set style fill solid 0.6 border -1\n"
		  "set xtics rotate by -30\n"
		  "top(a, b) = a > b ? a : b\n"
		  "plot '%s' using ($0-0.2):3:4:5:(0.4) with boxerrorbars lc 1 title 'base', "
		  "'' using ($0+0.2):6:7:8:(0.4) with boxerrorbars lc 2 title 'candidate', "
		  "'' using 0:(NaN):xtic(1) with points notitle, "
		  "'' using ($0-0.2):(strcol(3) eq 'NaN' ? 0 : NaN) with points pt 2 ps 1.5 lc black title 'no value', "
		  "'' using ($0+0.2):(strcol(6) eq 'NaN' ? 0 : NaN) with points pt 2 ps 1.5 lc black notitle, "
		  "'' using 0:(strcol(2) eq '%s' ? top($5, $8) : NaN) with points pt 9 ps 2 lc black title '%s', "
		  "'' using 0:(strcol(2) eq '%s' ? top($5, $8) : NaN) with points pt 11 ps 2 lc black title '%s', "
		  "'' using 0:9:10 with labels offset 0, 1.6 font ',9' notitle\n",
		  metric_unit(m), dat, verdict_str(V_MORE), verdict_str(V_MORE),
		  verdict_str(V_LESS), verdict_str(V_LESS));
	tab_row(list);
	tab_str(list, metric);
	tab_int(list, n);
	p = xasprintf("%s.png", base);
	tab_str(list, p);
	free(p);
	free(title);
	free(dat);
	free(base);
}

static const struct col list_cols[] = {
	{ "metric", 0 }, { "rows", 0 }, { "plot", 0 },
};

struct tab *plot_compare(const char *dir, const struct tab *t)
{
	struct tab *list = tab_new("plots", "Plots", list_cols,
				   ARRAY_SIZE(list_cols));
	int m;

	plot_begin(dir);
	for (m = 0; m < M_MAX; m++)
		one_metric(t, m, list);
	plot_end();
	tab_note(list, "in %s; each also as .svg, its data as .dat and its "
		 "gnuplot script as .gp", dir);
	return list;
}
