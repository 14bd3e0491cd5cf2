// SPDX-License-Identifier: GPL-2.0
/* report: aggregate every file given into one set of tables. */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "input.h"
#include "plot.h"
#include "util.h"

struct report_opts {
	enum fmt fmt;
	double bucket_s;
	const char *plot_dir;
	const char *out;
	bool allow_lost;
	char **files;
	int nfiles;
};

static void parse(int argc, char **argv, struct report_opts *o)
{
	int i;

	memset(o, 0, sizeof(*o));
	o->bucket_s = 1;
	o->files = xcalloc(argc, sizeof(*o->files));
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (parse_out_opt(argc, argv, &i, &o->fmt, &o->plot_dir,
				  &o->out, &o->allow_lost))
			continue;
		if (!strcmp(a, "--bucket"))
			o->bucket_s = parse_num(a, i + 1 < argc ? argv[++i] :
						NULL, 1e-6);
		else if (a[0] == '-' && a[1])
			fail(NULL, "report: unknown or incomplete option '%s'", a);
		else
			o->files[o->nfiles++] = argv[i];
	}
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
		read_trace(o.files[i], &a, o.allow_lost, &fi[i], &ms, caps);
	memset(&in, 0, sizeof(in));
	in.agg = &a;
	in.files = fi;
	in.nfiles = o.nfiles;
	in.missing = ms.v;
	in.nmissing = ms.n;
	in.bucket_s = o.bucket_s;
	n = report_tables(&in, tabs);
	buf = render(o.fmt, "report", tabs, n, &len);
	if (o.plot_dir)
		plot_report(o.plot_dir, tabs, n);
	emit(o.out, buf, len);
	free(buf);
	for (i = 0; i < n; i++)
		tab_free(tabs[i]);
	return 0;
}
