// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness over the command line: an input is NUL-separated
 * arguments after "shrinkscope-report", run as main() runs them, output
 * to /dev/null. "@N" stands for seed trace N (SHRINKSCOPE_FUZZ_TRACES, a
 * directory of small traces), so report and compare get real files.
 * What would write files, start gnuplot or exit (-o, --plot, --help) is
 * left out. fail() jumps back here; the command's own allocations are
 * then left behind, as exit() would leave them, so this harness runs
 * without leak detection (fuzz/run.sh).
 */
#include <dirent.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "trace.h"
#include "util.h"
#include "scrub.h"
#include "zygote.h"

#define MAX_ARGS 32
#define MAX_TRACES 16

static sigjmp_buf env;
static volatile int armed;
static char *traces[MAX_TRACES];
static int ntraces;

static void jump(void)
{
	if (armed)
		siglongjmp(env, 1);
}

static int by_name(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

static void load_traces(void)
{
	const char *dir = getenv("SHRINKSCOPE_FUZZ_TRACES");
	struct dirent *d;
	DIR *dp;

	if (!dir || !(dp = opendir(dir)))
		return;
	while ((d = readdir(dp)) && ntraces < MAX_TRACES)
		if (strstr(d->d_name, ".dat"))
			traces[ntraces++] = xasprintf("%s/%s", dir, d->d_name);
	closedir(dp);
	qsort(traces, ntraces, sizeof(*traces), by_name);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int null = open("/dev/null", O_WRONLY), saved = dup(2);

	(void)argc;
	(void)argv;
	dup2(null, 1);		/* the reports */
	dup2(null, 2);		/* our one-line errors, via util_init() */
	util_init();
	dup2(saved, 2);
	close(saved);
	close(null);
	on_fail(jump);
	zygote_start();
	load_traces();
	return 0;
}

/* Options that would write files, run gnuplot or exit(0). */
static bool unsafe(const char *s)
{
	size_t n = strcspn(s, "=");

	if (s[0] != '-' || !s[1])
		return false;
	if (s[1] != '-')	/* short options, clustered: -h, -o */
		return strchr(s, 'h') || strchr(s, 'o');
	return n > 2 && (!strncmp(s, "--output", n) || !strncmp(s, "--plot", n) ||
			 !strncmp(s, "--help", n));
}

static int split(const uint8_t *data, size_t size, char *buf, char **argv)
{
	int argc = 1;
	size_t i = 0, n;

	memcpy(buf, data, size);
	buf[size] = '\0';
	argv[0] = "shrinkscope-report";
	while (i <= size && argc < MAX_ARGS) {
		char *s = buf + i;

		n = strlen(s);
		i += n + 1;
		if (unsafe(s))
			continue;
		if (s[0] == '@' && ntraces)
			s = traces[strtoul(s + 1, NULL, 10) % ntraces];
		argv[argc++] = s;
	}
	argv[argc] = NULL;
	return argc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *argv[MAX_ARGS + 1];
	char *buf;
	int argc;

	if (size > 4096)
		return 0;
	buf = malloc(size + 1);
	argc = split(data, size, buf, argv);
	armed = 1;
	if (!sigsetjmp(env, 0) && argc > 1) {
		if (!strcmp(argv[1], "report"))
			cmd_report(argc - 1, argv + 1);
		else if (!strcmp(argv[1], "compare"))
			cmd_compare(argc - 1, argv + 1);
	} else {
		scrub_stack();
		trace_abandon();
	}
	armed = 0;
	free(buf);
	return 0;
}
