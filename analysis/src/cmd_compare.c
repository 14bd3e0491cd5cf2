// SPDX-License-Identifier: GPL-2.0
/* compare: base traces against candidate traces, row by row. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmp.h"
#include "input.h"
#include "plot.h"
#include "util.h"

enum {
	OPT_BASE = OPT_CMD, OPT_CAND, OPT_THRESHOLD, OPT_CONFIDENCE,
	OPT_MIN_OBJECTS, OPT_SHRINKER, OPT_BASE_NAME, OPT_CAND_NAME,
	OPT_SCENARIO, OPT_REPRODUCE,
};

static const struct option long_opts[] = {
	COMMON_LONG_OPTS,
	{ "base", no_argument, NULL, OPT_BASE },
	{ "cand", no_argument, NULL, OPT_CAND },
	{ "candidate", no_argument, NULL, OPT_CAND },
	{ "threshold", required_argument, NULL, OPT_THRESHOLD },
	{ "confidence", required_argument, NULL, OPT_CONFIDENCE },
	{ "min-objects", required_argument, NULL, OPT_MIN_OBJECTS },
	{ "shrinker", required_argument, NULL, OPT_SHRINKER },
	{ "base-name", required_argument, NULL, OPT_BASE_NAME },
	{ "cand-name", required_argument, NULL, OPT_CAND_NAME },
	{ "scenario", required_argument, NULL, OPT_SCENARIO },
	{ "reproduce", required_argument, NULL, OPT_REPRODUCE },
	{ NULL, 0, NULL, 0 },
};

static void compare_opt(struct cmp_opts *o, int c, char **argv,
			struct side **cur)
{
	switch (c) {
	case OPT_BASE:
		*cur = &o->base;
		break;
	case OPT_CAND:
		*cur = &o->cand;
		break;
	case OPT_THRESHOLD:
		o->rule.threshold = parse_num("--threshold", optarg, 0);
		if (o->rule.threshold >= 100)
			fail(NULL, "compare: --threshold must be under 100 (percent)");
		break;
	case OPT_CONFIDENCE:
		o->rule.conf = parse_num("--confidence", optarg, 50) / 100;
		if (o->rule.conf >= 1)
			fail(NULL, "compare: --confidence must be under 100 (percent)");
		break;
	case OPT_MIN_OBJECTS:
		o->rule.min_objects = parse_num("--min-objects", optarg, 0);
		break;
	case OPT_SHRINKER:
		o->only = optarg;
		break;
	case OPT_BASE_NAME:
		o->base.name = optarg;
		break;
	case OPT_CAND_NAME:
		o->cand.name = optarg;
		break;
	case OPT_SCENARIO:
		o->scenario = optarg;
		break;
	case OPT_REPRODUCE:
		o->reproduce = optarg;
		break;
	case 1:		/* a file: '-' first in optstring keeps the order */
		if (!*cur)
			fail(NULL, "compare: '%s' comes before --base/--cand",
			     optarg);
		(*cur)->files[(*cur)->n++] = optarg;
		break;
	default:
		bad_opt("compare", c, argv);
	}
}

static void parse(int argc, char **argv, struct cmp_opts *o)
{
	struct side *cur = NULL;
	int c;

	memset(o, 0, sizeof(*o));
	o->rule.threshold = 10;
	o->rule.conf = 0.95;
	o->rule.min_objects = 100;
	o->base.label = "base";
	o->cand.label = "candidate";
	o->base.files = xcalloc(argc, sizeof(char *));
	o->cand.files = xcalloc(argc, sizeof(char *));
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "-:o:h", long_opts, NULL)) != -1)
		if (!common_opt("compare", c, optarg, &o->out, true))
			compare_opt(o, c, argv, &cur);
	if (!o->base.n || !o->cand.n)
		fail(NULL, "compare: needs --base FILE... and --cand FILE... (a side has no runs)");
	if (o->out.fmt == FMT_MAIL && o->out.plot_dir)
		fail(NULL, "compare: --plot cannot go with --format=mail");
}

/* Every trace of a side must come from one kernel. */
static void same_kernel(const struct side *s)
{
	const char *first = NULL, *ff = NULL;
	int i;

	for (i = 0; i < s->n; i++) {
		if (!s->fi[i].uname)
			continue;
		if (!first) {
			first = s->fi[i].uname;
			ff = s->files[i];
		} else if (strcmp(first, s->fi[i].uname)) {
			fail(s->files[i], "%s traces come from different kernels: '%s' (%s) against '%s'",
			     s->label, s->fi[i].uname, ff, first);
		}
	}
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
	same_kernel(s);
	cside_init(&s->cs);
}

/* Keys of every file of a side. */
static void side_keys(const struct side *s, bool by_name, struct htab *keys)
{
	int i;

	htab_init(keys, sizeof(struct ckey), 0);
	for (i = 0; i < s->n; i++)
		ckeys_add(keys, &s->aggs[i], by_name);
}

/*
 * Both sides get every key of every file (absent means zero calls), once
 * the sides are known to share a shrinker at all: two kernels with no
 * shrinker in common have nothing to compare.
 */
static void fill_sides(struct cmp_opts *o, bool by_name, const bool *on)
{
	struct htab kb, kc;
	const void *kp;
	size_t it = 0;
	bool common = false;
	int i;

	side_keys(&o->base, by_name, &kb);
	side_keys(&o->cand, by_name, &kc);
	while (htab_next(&kc, &it, &kp)) {
		common |= htab_get(&kb, kp) != NULL;
		htab_put(&kb, kp);
	}
	if (!common)
		fail(NULL, "compare: the base and candidate traces have no shrinker (and node) in common");
	for (i = 0; i < o->base.n; i++)
		cside_add(&o->base.cs, &o->base.aggs[i], by_name, on, &kb);
	for (i = 0; i < o->cand.n; i++)
		cside_add(&o->cand.cs, &o->cand.aggs[i], by_name, on, &kb);
	htab_free(&kb);
	htab_free(&kc);
}

/* For a sanitizer build's leak check at exit. */
static void side_free(struct side *s)
{
	int i;

	for (i = 0; i < s->n; i++) {
		agg_free(&s->aggs[i]);
		free(s->fi[i].uname);
	}
	htab_free(&s->cs.rows);
	free(s->aggs);
	free(s->fi);
	free(s->caps);
	free(s->files);
}

int cmd_compare(int argc, char **argv)
{
	int count[V_MAX] = { 0 };
	struct tab *tabs[7];
	struct cmp_opts o;
	bool on[M_MAX], by_name;
	int i, n = 6;
	size_t len;
	char *buf = NULL;
	FILE *m;

	parse(argc, argv, &o);
	read_side(&o.base, o.out.allow_lost);
	read_side(&o.cand, o.out.allow_lost);
	tabs[1] = not_compared(&o, &by_name, on);
	fill_sides(&o, by_name, on);
	tabs[0] = inputs_tab(&o, by_name);
	tabs[2] = rows_tab(&o, on, count);
	tabs[3] = verdicts_tab(count);
	tabs[4] = kswapd_runs_tab(&o);
	tabs[5] = kswapd_tests_tab(&o);
	if (o.out.plot_dir)
		tabs[n++] = plot_compare(o.out.plot_dir, tabs[2]);
	if (o.out.fmt == FMT_MAIL) {
		m = open_memstream(&buf, &len);
		if (!m)
			fail(NULL, "out of memory");
		print_mail(m, &o, tabs, count);
		if (fclose(m))
			fail(NULL, "out of memory");
	} else {
		buf = render(o.out.fmt, "compare", tabs, n, &len);
	}
	emit(o.out.out, buf, len);
	free(buf);
	for (i = 0; i < n; i++)
		tab_free(tabs[i]);
	side_free(&o.base);
	side_free(&o.cand);
	return compare_status(count);
}
