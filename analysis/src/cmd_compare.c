// SPDX-License-Identifier: GPL-2.0
/* compare: base traces against candidate traces, row by row. */
#include <stdlib.h>
#include <string.h>

#include "cmp.h"
#include "input.h"
#include "plot.h"
#include "util.h"

static void parse(int argc, char **argv, struct cmp_opts *o)
{
	struct side *cur = NULL;
	int i;

	memset(o, 0, sizeof(*o));
	o->threshold = 10;
	o->base.label = "base";
	o->cand.label = "candidate";
	o->base.files = xcalloc(argc, sizeof(char *));
	o->cand.files = xcalloc(argc, sizeof(char *));
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (parse_out_opt(argc, argv, &i, &o->fmt, &o->plot_dir,
				  &o->out, &o->allow_lost))
			continue;
		if (!strcmp(a, "--base"))
			cur = &o->base;
		else if (!strcmp(a, "--cand") || !strcmp(a, "--candidate"))
			cur = &o->cand;
		else if (!strcmp(a, "--threshold"))
			o->threshold = parse_num(a, i + 1 < argc ? argv[++i] :
						 NULL, 0);
		else if (!strcmp(a, "--shrinker") && i + 1 < argc)
			o->only = argv[++i];
		else if (a[0] == '-' && a[1])
			fail(NULL, "compare: unknown or incomplete option '%s'", a);
		else if (!cur)
			fail(NULL, "compare: '%s' comes before --base/--cand", a);
		else
			cur->files[cur->n++] = argv[i];
	}
	if (!o->base.n || !o->cand.n)
		fail(NULL, "compare: needs --base FILE... and --cand FILE...");
}

static void read_side(struct side *s, bool allow_lost)
{
	int i;

	s->aggs = xcalloc(s->n, sizeof(*s->aggs));
	s->fi = xcalloc(s->n, sizeof(*s->fi));
	s->caps = xcalloc(s->n, sizeof(*s->caps));
	for (i = 0; i < s->n; i++) {
		agg_init(&s->aggs[i], 1);
		read_trace(s->files[i], &s->aggs[i], allow_lost, &s->fi[i],
			   NULL, s->caps[i]);
	}
	cside_init(&s->cs);
}

int cmd_compare(int argc, char **argv)
{
	int count[V_MAX] = { 0 };
	struct tab *tabs[5];
	struct cmp_opts o;
	bool on[M_MAX], by_name;
	int i, n = 4;
	size_t len;
	char *buf;

	parse(argc, argv, &o);
	read_side(&o.base, o.allow_lost);
	read_side(&o.cand, o.allow_lost);
	tabs[1] = not_compared(&o, &by_name, on);
	for (i = 0; i < o.base.n; i++)
		cside_add(&o.base.cs, &o.base.aggs[i], by_name, on);
	for (i = 0; i < o.cand.n; i++)
		cside_add(&o.cand.cs, &o.cand.aggs[i], by_name, on);
	tabs[0] = inputs_tab(&o, by_name);
	tabs[2] = rows_tab(&o, on, count);
	tabs[3] = verdicts_tab(count);
	if (o.plot_dir)
		tabs[n++] = plot_compare(o.plot_dir, tabs[2]);
	buf = render(o.fmt, "compare", tabs, n, &len);
	emit(o.out, buf, len);
	free(buf);
	for (i = 0; i < n; i++)
		tab_free(tabs[i]);
	return count[V_MORE] || count[V_LESS] ? EXIT_CHANGED : 0;
}
