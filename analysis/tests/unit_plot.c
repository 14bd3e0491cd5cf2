// SPDX-License-Identifier: GPL-2.0
/*
 * compare --plot: one plot per compared metric. The case the plots must
 * show is the aggressiveness regression: the candidate scans twice what it
 * is asked (scanned_per_asked up) while it frees less per call. Rows with
 * one side missing (only in base, n/a) must reach the data as NaN and not
 * break gnuplot, which really runs here.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmp.h"
#include "plot.h"
#include "strtab.h"
#include "tap.h"
#include "util.h"

static const char *const bases[] = {
	"compare-freed-per-call", "compare-scanned-per-asked",
	"compare-freed-per-page",
};
static const char *const exts[] = { "dat", "gp", "png", "svg" };

/* Runs of one row on one side; a NULL array leaves the metric empty. */
static void runs(struct cside *s, const char *name, int64_t nid,
		 const double *fpc, const double *spa, int n)
{
	struct mstat *m;
	struct ckey k;
	int i;

	memset(&k, 0, sizeof(k));
	k.label = str_intern(name);
	k.nid = nid;
	m = htab_put(&s->rows, &k);
	for (i = 0; i < n; i++) {
		if (fpc)
			mstat_add(&m[M_FREED_PER_CALL], fpc[i]);
		if (spa)
			mstat_add(&m[M_SCANNED_PER_ASKED], spa[i]);
	}
}

static char *slurp(const char *dir, const char *base, const char *ext)
{
	char *p = xasprintf("%s/%s.%s", dir, base, ext), *buf = NULL;
	FILE *f = fopen(p, "r");
	size_t len = 0;

	free(p);
	if (!f)
		return NULL;
	if (getdelim(&buf, &len, '\0', f) < 0) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

static bool has(const char *dir, const char *base, const char *ext,
		const char *what)
{
	char *s = slurp(dir, base, ext);
	bool ok = s && strstr(s, what);

	free(s);
	return ok;
}

static bool listed(const struct tab *t, const char *metric, const char *png)
{
	size_t r;

	for (r = 0; r < t->nrows; r++)
		if (!strcmp(tab_cell(t, r, 0)->s, metric) &&
		    !strcmp(tab_cell(t, r, 2)->s, png))
			return true;
	return false;
}

static void clean(const char *dir)
{
	size_t i, j;
	char *p;

	for (i = 0; i < ARRAY_SIZE(bases); i++)
		for (j = 0; j < ARRAY_SIZE(exts); j++) {
			p = xasprintf("%s/%s.%s", dir, bases[i], exts[j]);
			unlink(p);
			free(p);
		}
	rmdir(dir);
}

static void opts_init(struct cmp_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->rule = (struct cmp_rule){ 10, 0.95, 0 };
	cside_init(&o->base.cs);
	cside_init(&o->cand.cs);
}

/* No candidate value in any row: a side with no bar at all. */
static void only_one_side(const char *dir)
{
	const double v[] = { 3, 3, 3 };
	bool on[M_MAX] = { true, true, false };
	int count[V_MAX] = { 0 };
	struct tab *cmp, *list;
	struct cmp_opts o;

	opts_init(&o);
	runs(&o.base.cs, "sb-gone", 0, v, NULL, 3);
	cmp = rows_tab(&o, on, count);
	list = plot_compare(dir, cmp);
	check(list->nrows == 1 &&
	      has(dir, "compare-freed-per-call", "dat",
		  "\"sb-gone@n0\" \"n/a\" 3 3 3 NaN NaN NaN 3 \"\"\n") &&
	      has(dir, "compare-freed-per-call", "png", "PNG"),
	      "plot: drawn when no row has a candidate value");
	tab_free(list);
	tab_free(cmp);
	clean(dir);
}

void test_plot_compare(void)
{
	const double bf[] = { 100, 110, 105 }, bs[] = { 0.50, 0.52, 0.51 };
	const double cf[] = { 60, 62, 61 }, cs[] = { 1, 1, 1 };
	const double lone[] = { 7, 9, 8 }, spa[] = { 0.25, 0.25, 0.25 };
	bool on[M_MAX] = { true, true, false };
	int count[V_MAX] = { 0 };
	char tmp[] = "/tmp/shrinkscope-unit-XXXXXX";
	struct cmp_opts o;
	struct tab *cmp, *list;
	const char *dir = mkdtemp(tmp);

	if (!dir) {
		check(false, "plot: temporary directory");
		return;
	}
	opts_init(&o);
	runs(&o.base.cs, "sb-test", 0, bf, bs, 3);
	runs(&o.cand.cs, "sb-test", 0, cf, cs, 3);
	runs(&o.base.cs, "sb-gone", 1, lone, NULL, 2);	/* only in base */
	runs(&o.base.cs, "sb-stock", 0, lone, spa, 2);	/* cand: no batches */
	runs(&o.cand.cs, "sb-stock", 0, lone, NULL, 3);
	cmp = rows_tab(&o, on, count);
	list = plot_compare(dir, cmp);

	check(has(dir, "compare-scanned-per-asked", "dat",
		  "\"sb-test@n0\" \"more aggressive\" 0.51 0.5 0.52 1 1 1 1 \"x1.96\"\n"),
	      "plot: scanned_per_asked data has the regression, base vs candidate, more aggressive");
	check(has(dir, "compare-freed-per-call", "dat",
		  "\"sb-test@n0\" \"less aggressive\" 105 100 110 61 60 62 110 \"x0.581\"\n"),
	      "plot: freed_per_call data has the same row, less aggressive");
	check(has(dir, "compare-freed-per-call", "dat",
		  "\"sb-gone@n1\" \"n/a\" 8 7 9 NaN NaN NaN 9 \"\"\n"),
	      "plot: a row without candidate runs is NaN on that side");
	check(has(dir, "compare-scanned-per-asked", "dat",
		  "\"sb-stock@n0\" \"n/a\" 0.25 0.25 0.25 NaN NaN NaN 0.25 \"\"\n") &&
	      !has(dir, "compare-scanned-per-asked", "dat", "sb-gone"),
	      "plot: n/a row is NaN, a row without the metric is left out");
	check(has(dir, "compare-scanned-per-asked", "gp",
		  "set title 'scanned_per_asked (objects scanned per object asked)") &&
	      has(dir, "compare-freed-per-call", "gp",
		  "set ylabel 'objects freed per shrinker call'") &&
	      has(dir, "compare-scanned-per-asked", "gp",
		  "strcol(2) eq 'more aggressive'"),
	      "plot: each plot titled with its metric and unit, verdicts marked");
	check(has(dir, "compare-scanned-per-asked", "png", "PNG") &&
	      has(dir, "compare-freed-per-call", "svg", "<svg"),
	      "plot: gnuplot draws both plots with NaN rows in the data");
	check(!has(dir, "compare-freed-per-page", "dat", "") &&
	      list->nrows == 2 &&
	      listed(list, "freed_per_call", "compare-freed-per-call.png") &&
	      listed(list, "scanned_per_asked", "compare-scanned-per-asked.png"),
	      "plot: the plots written are listed, a metric not compared has none");
	tab_free(list);
	tab_free(cmp);
	clean(dir);
	only_one_side(dir);
}
