/* SPDX-License-Identifier: GPL-2.0 */
/* Reading one trace file into an aggregation, with the lost-event policy. */
#ifndef SS_INPUT_H
#define SS_INPUT_H

#include "agg.h"
#include "report.h"

struct missing_set {
	struct missing *v;
	size_t n, cap;
};

/*
 * Lost events fail the run (exit 2) unless @allow_lost; then they are a
 * warning on stderr and a column in the files table.
 */
void read_trace(const char *path, struct agg *a, bool allow_lost,
		struct finfo *fi, struct missing_set *ms, bool caps[CAP_MAX]);

#endif
