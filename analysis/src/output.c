// SPDX-License-Identifier: GPL-2.0
/* Rendering to memory and writing the result in one piece. */
#include <errno.h>
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

bool parse_out_opt(int argc, char **argv, int *i, enum fmt *fmt,
		   const char **plot_dir, const char **out, bool *allow_lost)
{
	const char *a = argv[*i];

	if (!strcmp(a, "--json"))
		*fmt = FMT_JSON;
	else if (!strcmp(a, "--csv"))
		*fmt = FMT_CSV;
	else if (!strcmp(a, "--plot") && *i + 1 < argc)
		*plot_dir = argv[++*i];
	else if (!strcmp(a, "-o") && *i + 1 < argc)
		*out = argv[++*i];
	else if (!strcmp(a, "--allow-lost"))
		*allow_lost = true;
	else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
		usage(stdout);
		exit(0);
	} else
		return false;
	return true;
}
