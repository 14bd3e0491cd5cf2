// SPDX-License-Identifier: GPL-2.0
/*
 * compare --format=mail: the report as it would go to linux-mm, plain text
 * within 80 columns. What was compared (kernels, scenario, runs), the
 * verdict, each changed row with its interval and p-value, the deferred
 * work and reclaim balance of the shrinkers that changed, and the command
 * that reproduces it all. Rows take two lines each so that no table is
 * wider than a mail.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cmp.h"
#include "util.h"

#define WIDTH 78

/*
 * @text from column @col on, wrapped at spaces: a continuation line ends
 * the line with @cont and starts at @indent.
 */
static void wrap(FILE *f, int col, int indent, const char *cont,
		 const char *text)
{
	const char *w = text;
	bool first = true;	/* of its line: no space before it */

	while (*w) {
		size_t len = strcspn(w, " ");

		if (!first && col + 1 + (int)len > WIDTH - (int)strlen(cont)) {
			fprintf(f, "%s\n%*s", cont, indent, "");
			col = indent;
		} else if (!first) {
			fputc(' ', f);
			col++;
		}
		col += fprintf(f, "%.*s", (int)len, w);
		first = false;
		w += len;
		w += strspn(w, " ");
	}
	fputc('\n', f);
}

/* "Label:    text", @text wrapped under the label's indent. */
static void field(FILE *f, const char *label, const char *text)
{
	wrap(f, fprintf(f, "%-12s", label), 12, "", text);
}

/* A shell command, broken at spaces with backslashes to fit the width. */
static void command(FILE *f, const char *cmd)
{
	wrap(f, fprintf(f, "  "), 6, " \\", cmd);
}

static const char *str_or(const struct tab *t, size_t r, const char *col,
			  const char *none)
{
	const struct cell *c = tab_get(t, r, col);

	return c->t == C_STR ? c->s : none;
}

static double real(const struct tab *t, size_t r, const char *col)
{
	const struct cell *c = tab_get(t, r, col);

	return c->t == C_REAL ? c->r : c->t == C_INT ? (double)c->i : NAN;
}

static void kernel(FILE *f, const char *label, const struct side *s)
{
	const char *uname = s->n && s->fi[0].uname ? s->fi[0].uname :
			    "(uname not in the trace)";
	char *text = xasprintf("%s%s%s", s->name ? s->name : "",
			       s->name ? "; " : "", uname);

	field(f, label, text);
	free(text);
}

static void counts_line(FILE *f, const struct cmp_opts *o, const int *count,
			int status)
{
	static const char *const head[] = {
		[0] = "unchanged", [EXIT_CHANGED] = "CHANGED",
		[EXIT_INCONCLUSIVE] = "inconclusive",
	};
	char *text;

	text = xasprintf("%s: %d rows more aggressive, %d less, %d unchanged, "
			 "%d inconclusive, %d without a verdict (under %d "
			 "runs), %d with too few objects (threshold %g%%, "
			 "confidence %g%%, Benjamini-Hochberg over the rows tested)",
			 head[status], count[V_MORE], count[V_LESS],
			 count[V_UNCHANGED], count[V_INCONCLUSIVE],
			 count[V_NO_VERDICT], MIN_RUNS, count[V_FEW_OBJECTS],
			 o->rule.threshold, o->rule.conf * 100);
	field(f, "Verdict:", text);
	free(text);
}

static bool changed(const struct tab *t, size_t r)
{
	const char *v = str_or(t, r, "verdict", "");

	return !strcmp(v, verdict_str(V_MORE)) ||
	       !strcmp(v, verdict_str(V_LESS));
}

static void row_lines(FILE *f, const struct tab *t, size_t r)
{
	double p = real(t, r, "p");

	fprintf(f, "  %s node %lld, %s\n", str_or(t, r, "shrinker", "?"),
		(long long)tab_get(t, r, "node")->i,
		str_or(t, r, "metric", "?"));
	fprintf(f, "      base %s, candidate %s\n", str_or(t, r, "base", "-"),
		str_or(t, r, "cand", "-"));
	fprintf(f, "      ratio %s", str_or(t, r, "ratio_ci", "-"));
	if (!isnan(p))
		fprintf(f, ", p %.2g", p);
	fprintf(f, ": %s\n", str_or(t, r, "verdict", "?"));
}

/* Same shrinker and node as a changed row. */
static bool key_changed(const struct tab *t, size_t r)
{
	const char *name = str_or(t, r, "shrinker", "");
	int64_t node = tab_get(t, r, "node")->i;
	size_t i;

	for (i = 0; i < t->nrows; i++)
		if (changed(t, i) && tab_get(t, i, "node")->i == node &&
		    !strcmp(str_or(t, i, "shrinker", ""), name))
			return true;
	return false;
}

/*
 * The figures real reports argued with, for the shrinkers that changed:
 * deferred work carried into calls, and slab objects freed per page-cache
 * page reclaimed (the balance).
 */
static bool context_metric(const char *m)
{
	static const char *const ctx[] = {
		"deferred_per_call", "freed_per_file_page", "freed_per_page",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ctx); i++)
		if (!strcmp(m, ctx[i]))
			return true;
	return false;
}

void print_mail(FILE *f, const struct cmp_opts *o, struct tab **tabs,
		const int *count)
{
	const struct tab *t = tabs[2];
	int status = compare_status(count);
	size_t r, nchanged = 0, nctx = 0;
	char *runs, *subject;

	subject = xasprintf("shrinker aggressiveness, %s against %s%s%s: %s",
			    o->cand.name ? o->cand.name : "candidate",
			    o->base.name ? o->base.name : "base",
			    o->scenario ? ", " : "",
			    o->scenario ? o->scenario : "",
			    status == EXIT_CHANGED ? "CHANGED" :
			    status ? "inconclusive" : "unchanged");
	field(f, "Subject:", subject);
	free(subject);
	fputc('\n', f);
	kernel(f, "Base:", &o->base);
	kernel(f, "Candidate:", &o->cand);
	if (o->scenario)
		field(f, "Scenario:", o->scenario);
	runs = xasprintf("%d base, %d candidate (one trace per run)",
			 o->base.n, o->cand.n);
	field(f, "Runs:", runs);
	free(runs);
	counts_line(f, o, count, status);
	fprintf(f, "\nChanged rows (candidate/base ratio [%g%% interval], "
		"adjusted p):\n\n", o->rule.conf * 100);
	for (r = 0; r < t->nrows; r++)
		if (changed(t, r)) {
			row_lines(f, t, r);
			nchanged++;
		}
	if (!nchanged)
		fprintf(f, "  none\n");
	fprintf(f, "\nDeferred work (objects per call) and slab/page-cache balance "
		"(objects freed\nper page reclaimed) of those shrinkers, where "
		"not listed above:\n\n");
	for (r = 0; r < t->nrows; r++)
		if (!changed(t, r) && key_changed(t, r) &&
		    context_metric(str_or(t, r, "metric", ""))) {
			row_lines(f, t, r);
			nctx++;
		}
	if (!nctx)
		fprintf(f, "  %s\n", nchanged ? "no such figures in the traces" :
			"no shrinker changed");
	if (o->reproduce) {
		fprintf(f, "\nTo reproduce:\n\n");
		command(f, o->reproduce);
	}
	fprintf(f, "\nMethod: per row, two one-sided Welch tests of the "
		"candidate/base ratio at\n+-%g%% (on logs, a ratio of geometric "
		"means, when every run is above zero;\nelse of means, with "
		"Fieller's interval); p adjusted by Benjamini-Hochberg over\n"
		"the rows tested. From shrinkscope-report compare.\n",
		o->rule.threshold);
}
