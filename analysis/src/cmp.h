/* SPDX-License-Identifier: GPL-2.0 */
/* compare's inputs and the tables it prints. */
#ifndef SS_CMP_H
#define SS_CMP_H

#include "cmd.h"
#include "compare.h"
#include "report.h"

struct side {
	const char *label;
	const char *name;	/* --base-name/--cand-name: the kernel */
	char **files;
	int n;
	struct agg *aggs;
	struct finfo *fi;
	bool (*caps)[CAP_MAX];
	struct cside cs;
};

struct cmp_opts {
	struct cmp_rule rule;
	const char *only;	/* --shrinker REGEX: compare only these */
	struct out_opts out;
	/* for --format=mail: what was compared and how to get it again */
	const char *scenario;
	const char *reproduce;
	struct side base, cand;
};

struct tab *not_compared(struct cmp_opts *o, bool *by_name, bool on[M_MAX]);
struct tab *inputs_tab(const struct cmp_opts *o, bool by_name);
struct tab *rows_tab(const struct cmp_opts *o, const bool on[M_MAX],
		     int *count);
struct tab *verdicts_tab(const int *count);
/* cmp_kswapd.c: kswapd's passes per run, and the rank-sum tests */
struct tab *kswapd_runs_tab(const struct cmp_opts *o);
struct tab *kswapd_tests_tab(const struct cmp_opts *o);
/* Exit status of a compare with these verdict counts. */
int compare_status(const int *count);
/* The report to mail: plain text within 80 columns. */
void print_mail(FILE *f, const struct cmp_opts *o, struct tab **tabs,
		const int *count);

#endif
