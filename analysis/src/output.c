// SPDX-License-Identifier: GPL-2.0
/* Rendering to memory and writing the result in one piece. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "util.h"

char *render(enum fmt fmt, const char *command, struct tab **tabs, int n,
	     size_t *len)
{
	char *buf = NULL;
	FILE *m = open_memstream(&buf, len);

	if (!m)
		fail(NULL, "out of memory");
	if (fmt == FMT_JSON)
		print_json(m, command, tabs, n);
	else if (fmt == FMT_CSV)
		print_csv(m, tabs, n);
	else
		print_text(m, tabs, n);
	if (fclose(m))
		fail(NULL, "out of memory");
	return buf;
}

void emit(const char *path, const char *buf, size_t len)
{
	struct outfile o;

	if (!path) {
		if (fwrite(buf, 1, len, stdout) != len || fflush(stdout))
			fail("stdout", "write failed: %s", strerror(errno));
		return;
	}
	out_open(&o, path);
	fwrite(buf, 1, len, o.f);
	out_commit(&o);
}

double parse_num(const char *opt, const char *s, double min)
{
	char *end;
	double v;

	if (!s)
		fail(NULL, "%s needs a value", opt);
	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v >= min))
		fail(NULL, "%s: bad value '%s'", opt, s);
	return v;
}

bool common_opt(const char *cmd, int c, const char *arg, struct out_opts *o,
		bool mail_ok)
{
	switch (c) {
	case OPT_JSON:
		o->fmt = FMT_JSON;
		break;
	case OPT_CSV:
		o->fmt = FMT_CSV;
		break;
	case OPT_FORMAT:
		if (!strcmp(arg, "text"))
			o->fmt = FMT_TEXT;
		else if (!strcmp(arg, "json"))
			o->fmt = FMT_JSON;
		else if (!strcmp(arg, "csv"))
			o->fmt = FMT_CSV;
		else if (!strcmp(arg, "mail") && mail_ok)
			o->fmt = FMT_MAIL;
		else
			fail(NULL, "%s: --format: '%s' is not one of text, json, csv%s",
			     cmd, arg, mail_ok ? ", mail" : "");
		break;
	case OPT_PLOT:
		o->plot_dir = arg;
		break;
	case OPT_OUTPUT:
		o->out = arg;
		break;
	case OPT_ALLOW_LOST:
		o->allow_lost = true;
		break;
	case OPT_HELP:
		usage(stdout);
		exit(0);
	default:
		return false;
	}
	return true;
}

void bad_opt(const char *cmd, int c, char **argv)
{
	const char *a = argv[optind - 1];

	if (c == ':')
		fail(NULL, "%s: option '%s' needs a value (try --help)", cmd, a);
	if (optopt && optopt < 0x100 && a[0] == '-' && a[1] != '-')
		fail(NULL, "%s: unknown option '-%c' (try --help)", cmd, optopt);
	fail(NULL, "%s: unknown option '%s' (try --help)", cmd, a);
}
