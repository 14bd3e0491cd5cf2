// SPDX-License-Identifier: GPL-2.0
/*
 * Everything is made in a temporary directory inside DIR and renamed into
 * DIR only once gnuplot has succeeded for every plot. $SHRINKSCOPE_GNUPLOT
 * overrides the gnuplot binary (tests use it to make gnuplot fail).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "plot.h"
#include "plotlib.h"
#include "util.h"

static struct plotdir pd;

static void cleanup(void)
{
	size_t i;
	char *p;

	if (!pd.tmp)
		return;
	for (i = 0; i < pd.nfiles; i++) {
		p = xasprintf("%s/%s", pd.tmp, pd.files[i]);
		unlink(p);
		free(p);
	}
	rmdir(pd.tmp);
	pd.tmp = NULL;
}

void plot_begin(const char *dir)
{
	memset(&pd, 0, sizeof(pd));
	if (mkdir(dir, 0755) && errno != EEXIST)
		fail(dir, "cannot create plot directory: %s", strerror(errno));
	pd.dir = dir;
	pd.tmp = xasprintf("%s/.shrinkscope-plot-XXXXXX", dir);
	if (!mkdtemp(pd.tmp))
		fail(dir, "cannot create a temporary directory: %s",
		     strerror(errno));
	on_fail(cleanup);
}

FILE *plot_file(const char *name)
{
	char *p = xasprintf("%s/%s", pd.tmp, name);
	FILE *f = fopen(p, "w");

	if (!f)
		fail(p, "cannot create: %s", strerror(errno));
	free(p);
	pd.files = grow(pd.files, &pd.cap, pd.nfiles + 1, sizeof(*pd.files));
	pd.files[pd.nfiles++] = xstrdup(name);
	return f;
}

void plot_close(FILE *f, const char *name)
{
	if (ferror(f) | fclose(f))
		fail(name, "write failed in %s", pd.tmp);
}

static void expect(const char *name)
{
	char *p = xasprintf("%s/%s", pd.tmp, name);
	struct stat st;

	if (stat(p, &st) || st.st_size == 0)
		fail(pd.dir, "gnuplot made no %s", name);
	free(p);
	pd.files = grow(pd.files, &pd.cap, pd.nfiles + 1, sizeof(*pd.files));
	pd.files[pd.nfiles++] = xstrdup(name);
}

/* Run gnuplot on @base.gp; it must write @base.png and @base.svg. */
void plot_run(const char *base)
{
	const char *gp = getenv("SHRINKSCOPE_GNUPLOT");
	char *script = xasprintf("%s.gp", base);
	char *out;
	int status;
	pid_t pid;

	if (!gp || !*gp)
		gp = "gnuplot";
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		fail(NULL, "fork: %s", strerror(errno));
	if (!pid) {
		if (chdir(pd.tmp))
			_exit(126);
		execlp(gp, gp, script, (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		fail(script, "gnuplot failed (%s %d); no plots written",
		     WIFEXITED(status) ? "exit status" : "signal",
		     WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
	out = xasprintf("%s.png", base);
	expect(out);
	free(out);
	out = xasprintf("%s.svg", base);
	expect(out);
	free(out);
	free(script);
}

/* All plots made: move them into DIR. */
void plot_end(void)
{
	char *from, *to;
	size_t i;

	for (i = 0; i < pd.nfiles; i++) {
		from = xasprintf("%s/%s", pd.tmp, pd.files[i]);
		to = xasprintf("%s/%s", pd.dir, pd.files[i]);
		if (rename(from, to))
			fail(to, "cannot rename into place: %s",
			     strerror(errno));
		free(from);
		free(to);
	}
	pd.nfiles = 0;
	cleanup();
	on_fail(NULL);
}

void plot_skip(const char *what, const char *why)
{
	note(pd.dir, "%s not plotted: %s", what, why);
}

/*
 * Write BASE.gp, drawing the plot of @title with the gnuplot commands of
 * @fmt, to PNG and then SVG; then run it.
 */
void plot_draw(const char *base, const char *title, const char *fmt, ...)
{
	char *name = xasprintf("%s.gp", base);
	FILE *f = plot_file(name);
	va_list ap;

	fprintf(f, "# %s: made by shrinkscope-report; run: gnuplot %s.gp\n",
		title, base);
	fprintf(f, "set terminal pngcairo size 960,540 noenhanced\n"
		"set output '%s.png'\n"
		"set title '%s'\n"
		"set grid ytics\n"
		"set key outside right top\n", base, title);
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fprintf(f, "set terminal svg size 960,540 noenhanced\n"
		"set output '%s.svg'\n"
		"replot\n"
		"unset output\n", base);
	plot_close(f, name);
	free(name);
	plot_run(base);
}
