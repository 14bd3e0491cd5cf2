// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <string.h>

#include "input.h"
#include "trace.h"
#include "util.h"

static const char *symbol(uint64_t addr, void *arg)
{
	return trace_symbol(arg, addr);
}

static void add_missing(const char *what, const char *effect, void *arg)
{
	struct missing_set *ms = arg;
	size_t i;

	for (i = 0; i < ms->n; i++)
		if (!strcmp(ms->v[i].what, what))
			return;
	ms->v = grow(ms->v, &ms->cap, ms->n + 1, sizeof(*ms->v));
	ms->v[ms->n].what = xstrdup(what);
	ms->v[ms->n++].effect = xstrdup(effect);
}

static void check_lost(const char *path, int64_t lost, bool allow)
{
	if (!lost)
		return;
	if (!allow)
		fail(path, "LOST EVENTS: %" PRId64 " or more events lost to "
		     "ring-buffer overruns, every number would be too low; "
		     "record with a bigger buffer (trace-cmd record -b) or "
		     "pass --allow-lost", lost);
	warn(path, "LOST EVENTS: %" PRId64 " or more events lost to "
	     "ring-buffer overruns; numbers from this file are lower bounds",
	     lost);
}

void read_trace(const char *path, struct agg *a, bool allow_lost,
		struct finfo *fi, struct missing_set *ms, bool caps[CAP_MAX])
{
	struct trace *t;
	int64_t lost;

	t = trace_open(path);
	t->span_ns = a->bucket_ns * (uint64_t)MAX_BUCKETS;
	dec_caps(&t->dec, caps);
	agg_file(a, caps, symbol, t);
	if (ms)
		dec_missing(&t->dec, add_missing, ms);
	trace_read(t, agg_event, a);
	agg_file_done(a);
	lost = trace_lost(t);
	memset(fi, 0, sizeof(*fi));
	fi->path = path;
	fi->events = t->events;
	fi->shrink_events = t->shrink_events;
	fi->seconds = (t->last_ts - t->first_ts) / 1e9;
	fi->lost = lost;
	if (trace_uname(t))
		fi->uname = xstrdup(trace_uname(t));
	trace_free(t);
	check_lost(path, lost, allow_lost);
}
