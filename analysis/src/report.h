/* SPDX-License-Identifier: GPL-2.0 */
/* Turning an aggregation into the report's tables. */
#ifndef SS_REPORT_H
#define SS_REPORT_H

#include "agg.h"
#include "tab.h"

struct finfo {
	const char *path;
	uint64_t events;
	uint64_t shrink_events;
	double seconds;
	int64_t lost;
	char *uname;		/* NULL: the trace did not store it */
};

struct missing {
	char *what;
	char *effect;
};

struct report_in {
	const struct agg *agg;
	const struct finfo *files;
	int nfiles;
	const struct missing *missing;
	int nmissing;
	double bucket_s;
};

#define REPORT_MAX_TABS 24

/* Sorted view of the rows of an aggregation. */
struct rref {
	const struct row_key *k;
	const struct row *r;
};

struct rref *sorted_rows(const struct agg *a, size_t *n);
const char *level_str(int64_t level);

int report_tables(const struct report_in *in, struct tab **tabs);
/* Parts, one file each. */
struct tab *tab_shrinkers(const struct agg *a, struct rref *rs, size_t n);
struct tab *tab_nodes(const struct agg *a, struct rref *rs, size_t n);
struct tab *tab_batches(const struct agg *a, struct rref *rs, size_t n);
struct tab *tab_batch_hist(const struct agg *a, struct rref *rs, size_t n);
struct tab *tab_memcg(const struct agg *a, struct rref *rs, size_t n);
struct tab *tab_lru(const struct agg *a);
struct tab *tab_vmpressure(const struct agg *a);
struct tab *tab_reclaim(const struct agg *a, struct rref *rs, size_t n);
struct tab *tab_by_node(const struct agg *a, double bucket_s);
struct tab *tab_by_shrinker(const struct agg *a, double bucket_s);
struct tab *tab_deferred(const struct agg *a, struct rref *rs, size_t n);
struct tab *tab_scan_ratios(const struct agg *a, struct rref *rs, size_t n);
struct tab *tab_priority(const struct agg *a);
struct tab *tab_reclaimer(const struct agg *a);
struct tab *tab_slab_vs_file(const struct agg *a, struct rref *rs, size_t n);
struct tab *tab_balance_by_node(const struct agg *a, double bucket_s);
/* rep_kswapd.c, its row shared with compare */
struct tab *tab_kswapd(const struct agg *a);
bool kswapd_known(const bool caps[CAP_MAX]);
void kswapd_row(struct tab *t, const struct agg *a, bool windows);
/* why a kswapd table is empty; what a pass is, under it */
extern const char kswapd_unknown[], kswapd_note[];

#endif
