/* SPDX-License-Identifier: GPL-2.0 */
/* Opening a trace.dat safely and streaming its events. */
#ifndef SS_TRACE_H
#define SS_TRACE_H

#include <stdio.h>
#include <trace-cmd.h>

#include "decode.h"

struct trace {
	const char *path;
	struct tracecmd_input *in;
	struct tep_handle *tep;
	struct decoder dec;
	int64_t lost_stats;	/* overruns and drops in the per-CPU stats */
	int64_t lost_records;	/* counts the ring buffer put on its pages */
	int64_t lost_unknown;	/* pages that lost events without a count */
	bool have_stats;
	uint64_t events;	/* records of any kind */
	uint64_t shrink_events;	/* mm_shrink_slab_{start,batch,end} */
	uint64_t first_ts, last_ts;
	/* per CPU: what the pages hold (verify.c), what the library read */
	int ncpu;
	uint64_t *want, *got, *cpu_ts, *size;
	char why[200];		/* what stopped the reading, if anything */
	uint64_t span_ns;	/* longest trace the reader takes, 0: any */
	bool no_close;		/* its data failed to load: never close it */
};

typedef void (*ev_fn)(const struct ev *e, void *arg);

/*
 * Both fail (exit 2, one line on stderr) on input we cannot trust: the
 * file's layout and every page of its data are checked (tdat.c,
 * verify.c) before libtracecmd reads it, and what the library then reads
 * must be every event those pages hold, in time order on each CPU.
 */
struct trace *trace_open(const char *path);
void trace_read(struct trace *t, ev_fn fn, void *arg);
/* The library's handle and the per-CPU counts; @t stays readable. */
void trace_close(struct trace *t);
/* trace_close(), then @t itself. */
void trace_free(struct trace *t);
/*
 * After a fail() that did not exit (the fuzzer's hook jumps out): free
 * the trace being opened or read, closing it unless that could crash.
 * It lives on the heap, not in a frame the jump has left.
 */
void trace_abandon(void);

/*
 * The headers are parsed once in a child process before the library
 * parses them here (a crash in the library is then one error line): the
 * child calls trace_probe_setup(), then exits with trace_probe(), a
 * status trace_probe_status() turns into NULL (fine) or the error. A
 * process whose fork() is slow (the fuzzer's) may probe elsewhere: @fn
 * replaces the fork, NULL restores it.
 */
void trace_probe_setup(void);
int trace_probe(const char *path);
const char *trace_probe_status(int status);
void trace_set_prober(const char *(*fn)(const char *path));

/* Lost events: 0 none, > 0 a lower bound of how many. */
int64_t trace_lost(const struct trace *t);
/* `uname -a` of the traced machine as trace-cmd stored it, or NULL. */
const char *trace_uname(const struct trace *t);
/* Symbol of a kernel text address, or NULL. */
const char *trace_symbol(const struct trace *t, uint64_t addr);

/* Parse "overrun: N" etc. from the stats text trace-cmd stores. */
int64_t cpustats_lost(const char *stats);

#endif
