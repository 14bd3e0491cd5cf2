// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness: each input is a trace.dat, read the way `report`
 * reads it (layout and page checks, libtracecmd, the decoder, the
 * aggregation) and rendered as text, JSON and CSV into memory. fail()
 * jumps back here instead of exiting; everything is freed either way, so
 * LeakSanitizer sees our leaks, not the harness's.
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cmd.h"
#include "input.h"
#include "report.h"
#include "trace.h"
#include "util.h"
#include "scrub.h"
#include "zygote.h"

static sigjmp_buf env;
static volatile int armed;
static char path[64];
static int fd = -1;
/* static: sigsetjmp() keeps no locals modified after it */
static struct agg a;
static struct finfo fi;
static struct missing_set ms;
static bool caps[CAP_MAX];

static void jump(void)
{
	if (armed)
		siglongjmp(env, 1);
}

/* Our one-line errors to /dev/null; a sanitizer's reports stay on fd 2. */
static void mute_messages(void)
{
	int null = open("/dev/null", O_WRONLY), saved = dup(2);

	dup2(null, 2);
	util_init();
	dup2(saved, 2);
	close(saved);
	close(null);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	mute_messages();
	on_fail(jump);
	zygote_start();
	fd = memfd_create("trace.dat", 0);
	if (fd < 0)
		abort();
	/* by pid: the zygote opens it too */
	snprintf(path, sizeof(path), "/proc/%d/fd/%d", (int)getpid(), fd);
	return 0;
}

static void report(void)
{
	struct tab *tabs[REPORT_MAX_TABS];
	struct report_in in = {
		.agg = &a, .files = &fi, .nfiles = 1, .missing = ms.v,
		.nmissing = ms.n, .bucket_s = 1,
	};
	enum fmt f;
	size_t len;
	int i, n;

	n = report_tables(&in, tabs);
	for (f = FMT_TEXT; f <= FMT_CSV; f++)
		free(render(f, "report", tabs, n, &len));
	for (i = 0; i < n; i++)
		tab_free(tabs[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t i;

	if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();
	agg_init(&a, 1);
	armed = 1;
	if (!sigsetjmp(env, 0)) {
		read_trace(path, &a, true, &fi, &ms, caps);
		report();
	} else {
		scrub_stack();
		trace_abandon();
	}
	armed = 0;
	agg_free(&a);
	free(fi.uname);
	for (i = 0; i < ms.n; i++) {
		free(ms.v[i].what);
		free(ms.v[i].effect);
	}
	free(ms.v);
	memset(&fi, 0, sizeof(fi));
	memset(&ms, 0, sizeof(ms));
	return 0;
}
