/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compare: per shrinker (name, else scan function symbol) and node, a few
 * rates per trace file; mean and spread per side; a verdict per row.
 */
#ifndef SS_COMPARE_H
#define SS_COMPARE_H

#include "agg.h"
#include "htab.h"

enum metric {
	M_FREED_PER_CALL,	/* sum retval / calls */
	M_SCANNED_PER_ASKED,	/* sum nr_scanned / sum total_scan */
	M_FREED_PER_PAGE,	/* freed in reclaim windows / nr_reclaimed */
	M_FREED_PER_RUN,	/* sum retval over one trace ("frees 15% more") */
	M_DEFERRED_PER_CALL,	/* sum nr_objects_to_shrink / starts */
	M_ASKED_PER_FREEABLE,	/* sum total_scan / sum cache_items */
	M_FREED_PER_SCANNED,	/* sum retval / sum nr_scanned */
	M_FREED_PER_FILE_PAGE,	/* sum retval / file pages reclaimed, node */
	M_MAX
};

enum verdict {
	V_UNCHANGED, V_MORE, V_LESS, V_NA, V_ONLY_BASE, V_ONLY_CAND, V_MAX
};

struct mstat {
	int n;
	double sum, sumsq, min, max;
};

struct ckey {
	uint32_t label;
	uint32_t zero;
	int64_t nid;
};

/* One side: per ckey, one mstat per metric over its files. */
struct cside {
	struct htab rows;	/* ckey -> struct mstat[M_MAX] */
	int nfiles;
};

void mstat_add(struct mstat *s, double v);
double mstat_mean(const struct mstat *s);
double mstat_sd(const struct mstat *s);

/* Smallest change of a metric's mean that can be a change at all. */
double metric_floor(enum metric m);
/* Verdict for one metric; *pct is the change of the mean in percent. */
enum verdict verdict(const struct mstat *b, const struct mstat *c,
		     double threshold, double floor, double *pct);
const char *verdict_str(enum verdict v);
const char *metric_str(enum metric m);
/* What a metric counts, for plot titles and axes. */
const char *metric_unit(enum metric m);

void cside_init(struct cside *s);
/* Fold in one file's aggregation; @on says which metrics to take. */
void cside_add(struct cside *s, const struct agg *a, bool by_name,
	       const bool on[M_MAX]);

#endif
