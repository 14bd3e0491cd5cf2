/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compare: per shrinker (name, else scan function symbol) and node, a few
 * rates per trace file; mean and spread per side; a verdict per row.
 */
#ifndef SS_COMPARE_H
#define SS_COMPARE_H

#include "agg.h"
#include "htab.h"
#include "stats.h"

enum metric {
	M_FREED_PER_CALL,	/* sum retval / calls */
	M_SCANNED_PER_ASKED,	/* sum nr_scanned / sum total_scan */
	M_FREED_PER_PAGE,	/* freed in reclaim windows / nr_reclaimed */
	M_FREED_PER_RUN,	/* sum retval over one trace ("frees 15% more") */
	M_SCANNED_PER_RUN,	/* sum batch nr_scanned over one trace */
	M_DEFERRED_PER_CALL,	/* sum nr_objects_to_shrink / starts */
	M_ASKED_PER_FREEABLE,	/* sum total_scan / sum cache_items */
	M_FREED_PER_SCANNED,	/* sum retval / sum nr_scanned */
	M_FREED_PER_FILE_PAGE,	/* sum retval / file pages reclaimed, node */
	M_MAX
};

/*
 * V_UNCHANGED: the ratio's interval lies within +-threshold; V_MORE/LESS:
 * beyond it at the stated confidence, corrected for the rows tested; V_INCONCLUSIVE: neither;
 * V_NO_VERDICT: fewer than MIN_RUNS runs on a side; V_FEW_OBJECTS: the
 * shrinker moved too few objects on this node for a rate to mean much;
 * V_NA: a side has no value (nothing asked, no calls).
 */
enum verdict {
	V_UNCHANGED, V_MORE, V_LESS, V_INCONCLUSIVE, V_NO_VERDICT,
	V_FEW_OBJECTS, V_NA, V_MAX
};

#define MIN_RUNS 3

struct cmp_rule {
	double threshold;	/* percent of the base mean */
	double conf;		/* e.g. 0.95 */
	double min_objects;	/* per run, freed or scanned, on either side */
};

struct judgement {
	const struct mstat *b, *c;	/* the row's two sides */
	enum verdict v;
	bool tested;		/* took part in the multiple-testing family */
	bool up;		/* the candidate's mean is the higher */
	double pct;		/* change of the mean, % of the base mean */
	bool geometric;		/* ratio of geometric means (logs), else of means */
	double ratio, lo, hi;	/* cand/base, its interval */
	double p_change;	/* beyond the threshold either way, raw */
	double p_equiv;		/* within the threshold, raw */
	double p_adj;		/* p_change, Benjamini-Hochberg over the family */
	int runs_needed;	/* inconclusive: runs a side to decide; -1 many */
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

/*
 * One row on its own: its figures, and its raw p-values when it can be
 * tested; @volume is the key's objects per run (freed or scanned).
 */
void judge_row(const struct mstat *b, const struct mstat *c,
	       const struct cmp_rule *r, double volume, struct judgement *j);
/* The verdicts of all rows tested together (Benjamini-Hochberg, @n rows). */
void judge_family(struct judgement *const *j, size_t n,
		  const struct cmp_rule *r);
const char *verdict_str(enum verdict v);
const char *metric_str(enum metric m);
/* What a metric counts, for plot titles and axes. */
const char *metric_unit(enum metric m);

void cside_init(struct cside *s);
/* Collect the keys of one file into @keys (ckey -> nothing). */
void ckeys_add(struct htab *keys, const struct agg *a, bool by_name);
/*
 * Fold in one file's aggregation for every key of @keys; @on says which
 * metrics to take. A key the file lacks counts as zero calls there: zero
 * objects per run, no per-call value.
 */
void cside_add(struct cside *s, const struct agg *a, bool by_name,
	       const bool on[M_MAX], const struct htab *keys);

#endif
