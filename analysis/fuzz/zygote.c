// SPDX-License-Identifier: GPL-2.0
/*
 * The analyser parses a trace's headers in a child first (trace.c), and
 * fork() of a fuzzer that has grown to hundreds of MB under ASan, plus a
 * fresh child's allocator, costs more than the rest of an input. So a
 * small helper process, forked at start-up, does the header checks one
 * after another and writes back each status; one that crashes or hangs
 * in the library dies, its death is the input's status, and a new helper
 * is forked. Headers already found sound are not checked again (a hash
 * of every byte outside the CPU data: a mutation there cannot change
 * what the library reads while opening).
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tdat.h"
#include "trace.h"
#include "zygote.h"

#define NSEEN 4096
/* the helper leaks what the libraries leak: start afresh now and then */
#define MAX_CHECKS 20000

static int to_z = -1, from_z = -1;
static pid_t zpid = -1;
static int checks;
static uint64_t seen[NSEEN];

static void serve(int in, int out)
{
	char path[PATH_MAX];
	ssize_t n;
	int st;

	trace_probe_setup();
	while ((n = read(in, path, sizeof(path) - 1)) > 0) {
		path[n] = '\0';
		st = W_EXITCODE(trace_probe(path), 0);
		if (write(out, &st, sizeof(st)) != sizeof(st))
			break;
	}
	_exit(0);
}

static void stop(void)
{
	int st;

	close(to_z);
	close(from_z);
	while (waitpid(zpid, &st, 0) < 0 && errno == EINTR)
		;
	zpid = -1;
}

static void start(void)
{
	int a[2], b[2];

	if (pipe(a) || pipe(b))
		abort();
	zpid = fork();
	if (zpid < 0)
		abort();
	if (!zpid) {
		close(a[1]);
		close(b[0]);
		serve(a[0], b[1]);
	}
	close(a[0]);
	close(b[1]);
	to_z = a[1];
	from_z = b[0];
	checks = 0;
}

/* FNV-1a of the file outside its CPU data, 0 if it cannot be read. */
static uint64_t head_hash(const char *path)
{
	uint64_t h = 14695981039346656037ULL, lo, hi = 0;
	struct tdat t;
	size_t i;
	int c;

	if (tdat_open(&t, path)) {
		tdat_close(&t);
		return 0;
	}
	for (i = 0; i < t.len; i++) {
		for (c = 0; c < t.ncpu; c++) {
			lo = t.cpu[c].offset;
			hi = lo + t.cpu[c].size + 4 * t.data_compressed;
			if (t.cpu[c].size && i >= lo && i < hi)
				break;
		}
		if (c < t.ncpu) {
			i = hi - 1;
			continue;
		}
		h = (h ^ t.map[i]) * 1099511628211ULL;
	}
	tdat_close(&t);
	return h ? h : 1;
}

static const char *probe(const char *path)
{
	uint64_t h = head_hash(path);
	size_t n = strlen(path);
	const char *why;
	ssize_t r;
	int st;

	if (h && seen[h % NSEEN] == h)
		return NULL;
	if (n >= PATH_MAX || write(to_z, path, n) != (ssize_t)n)
		abort();
	/* libFuzzer's alarm ticks every second while the helper works */
	while ((r = read(from_z, &st, sizeof(st))) < 0 && errno == EINTR)
		;
	if (r != sizeof(st)) {
		/* it died on this input: its death is the status */
		close(to_z);
		close(from_z);
		while (waitpid(zpid, &st, 0) < 0 && errno == EINTR)
			;
		start();
	} else if (++checks >= MAX_CHECKS) {
		stop();
		start();
	}
	why = trace_probe_status(st);
	if (!why && h)
		seen[h % NSEEN] = h;
	return why;
}

void zygote_start(void)
{
	start();
	trace_set_prober(probe);
}
