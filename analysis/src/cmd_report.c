// SPDX-License-Identifier: GPL-2.0
/* report: aggregate every file given into one set of tables. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "input.h"
#include "plot.h"
#include "util.h"

struct report_opts {
	struct out_opts out;
	double bucket_s;
	char **files;
	int nfiles;
};

enum { OPT_BUCKET = OPT_CMD };

static const struct option long_opts[] = {
	COMMON_LONG_OPTS,
	{ "bucket", required_argument, NULL, OPT_BUCKET },
	{ NULL, 0, NULL, 0 },
};

static void parse(int argc, char **argv, struct report_opts *o)
{
	int c;

	memset(o, 0, sizeof(*o));
	o->bucket_s = 1;
	o->files = xcalloc(argc, sizeof(*o->files));
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:h", long_opts, NULL)) != -1) {
		if (common_opt("report", c, optarg, &o->out, false))
			continue;
		if (c == OPT_BUCKET)
			o->bucket_s = parse_num("--bucket", optarg, 1e-6);
		else
			bad_opt("report", c, argv);
	}
	while (optind < argc)
		o->files[o->nfiles++] = argv[optind++];
	if (!o->nfiles)
		fail(NULL, "report: no trace file given (try --help)");
}

int cmd_report(int argc, char **argv)
{
	struct tab *tabs[REPORT_MAX_TABS];
	struct missing_set ms = { 0 };
	struct report_opts o;
	struct report_in in;
	struct finfo *fi;
	bool caps[CAP_MAX];
	struct agg a;
	size_t len;
	char *buf;
	int i, n;

	parse(argc, argv, &o);
	agg_init(&a, o.bucket_s);
	fi = xcalloc(o.nfiles, sizeof(*fi));
	for (i = 0; i < o.nfiles; i++)
		read_trace(o.files[i], &a, o.out.allow_lost, &fi[i], &ms, caps);
	memset(&in, 0, sizeof(in));
	in.agg = &a;
	in.files = fi;
	in.nfiles = o.nfiles;
	in.missing = ms.v;
	in.nmissing = ms.n;
	in.bucket_s = o.bucket_s;
	n = report_tables(&in, tabs);
	buf = render(o.out.fmt, "report", tabs, n, &len);
	if (o.out.plot_dir)
		plot_report(o.out.plot_dir, tabs, n);
	emit(o.out.out, buf, len);
	free(buf);
	for (i = 0; i < n; i++)
		tab_free(tabs[i]);
	/* for a sanitizer build's leak check at exit */
	agg_free(&a);
	for (i = 0; i < o.nfiles; i++)
		free(fi[i].uname);
	for (i = 0; i < (int)ms.n; i++) {
		free(ms.v[i].what);
		free(ms.v[i].effect);
	}
	free(ms.v);
	free(fi);
	free(o.files);
	return 0;
}
