/* SPDX-License-Identifier: GPL-2.0 */
/* compare's inputs and the tables it prints. */
#ifndef SS_CMP_H
#define SS_CMP_H

#include "cmd.h"
#include "compare.h"
#include "report.h"

struct side {
	const char *label;
	char **files;
	int n;
	struct agg *aggs;
	struct finfo *fi;
	bool (*caps)[CAP_MAX];
	struct cside cs;
};

struct cmp_opts {
	double threshold;
	const char *only;	/* --shrinker REGEX: compare only these */
	enum fmt fmt;
	const char *plot_dir;
	const char *out;
	bool allow_lost;
	struct side base, cand;
};

struct tab *not_compared(struct cmp_opts *o, bool *by_name, bool on[M_MAX]);
struct tab *inputs_tab(const struct cmp_opts *o, bool by_name);
struct tab *rows_tab(const struct cmp_opts *o, const bool on[M_MAX],
		     int *count);
struct tab *verdicts_tab(const int *count);

#endif
