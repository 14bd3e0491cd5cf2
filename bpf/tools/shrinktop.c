// SPDX-License-Identifier: GPL-2.0
/*
 * shrinktop - a live table of shrinker activity, per shrinker x node x memcg.
 *
 * USAGE: shrinktop [-i SECONDS] [-c COUNT] [-n NAME] [-N NODE] [-C CGROUP]
 *                  [-s calls|asked|scanned|freed|lat]
 *
 * Every interval: calls, objects asked, scanned and freed, freed/scanned,
 * mean batch, mean time per call. Columns a stock kernel cannot fill (no
 * batch event) print "-".
 */
#include <argp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common.h"
#include "shrink.skel.h"

static struct env {
	int interval, count, nid;
	const char *name, *cgroup, *sort;
	__u64 memcg;
} env = { .interval = 1, .count = -1, .nid = -1, .sort = "freed",
	  .memcg = (__u64)-1 };

static const struct argp_option opts[] = {
	{ "interval", 'i', "SECONDS", 0, "refresh every SECONDS (default 1)", 0 },
	{ "count", 'c', "COUNT", 0, "stop after COUNT refreshes", 0 },
	{ "name", 'n', "NAME", 0, "only shrinkers whose name contains NAME", 0 },
	{ "node", 'N', "NODE", 0, "only this NUMA node", 0 },
	{ "cgroup", 'C', "PATH", 0, "only this memcg (path under /sys/fs/cgroup)", 0 },
	{ "sort", 's', "FIELD", 0, "calls, asked, scanned, freed (default) or lat", 0 },
	{},
};

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	(void)state;
	switch (key) {
	case 'i': env.interval = arg_positive(arg, "interval"); break;
	case 'c': env.count = arg_positive(arg, "count"); break;
	case 'n': env.name = arg; break;
	case 'N': env.nid = arg_node(arg); break;
	case 'C': env.cgroup = arg; break;
	case 's':
		if (strcmp(arg, "calls") && strcmp(arg, "asked") &&
		    strcmp(arg, "scanned") && strcmp(arg, "freed") &&
		    strcmp(arg, "lat"))
			die("unknown sort field '%s'", arg);
		env.sort = arg;
		break;
	case ARGP_KEY_ARG:
		die("unexpected argument '%s' (see --help)", arg);
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static __u64 sort_value(const struct shrink_row *r)
{
	if (!strcmp(env.sort, "calls"))
		return r->st.calls;
	if (!strcmp(env.sort, "asked"))
		return r->st.asked;
	if (!strcmp(env.sort, "scanned"))
		return r->st.scanned;
	if (!strcmp(env.sort, "lat"))
		return r->st.calls ? r->st.lat_ns / r->st.calls : 0;
	return r->st.freed;
}

static int by_sort(const void *a, const void *b)
{
	__u64 x = sort_value(a), y = sort_value(b);

	return x < y ? 1 : x > y ? -1 : 0;
}

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static void print_table(struct shrink_row *rows, int n, bool batch_event)
{
	char name[64], cg[256], ratio[16], batch[16];
	time_t now = time(NULL);

	names_refresh(rows, n);
	qsort(rows, n, sizeof(*rows), by_sort);
	printf("\n%.8s  sorted by %s\n", ctime(&now) + 11, env.sort);
	printf("%-24s %4s %-16s %7s %9s %9s %9s %6s %7s %9s\n", "SHRINKER", "NODE",
	       "MEMCG", "CALLS", "ASKED", "SCANNED", "FREED", "F/S", "BATCH",
	       "LAT(us)");
	for (int i = 0; i < n; i++) {
		struct shrink_row *r = &rows[i];

		shrinker_name(r, name, sizeof(name));
		if (env.name && !strstr(name, env.name))
			continue;
		if (batch_event && r->st.scanned)
			snprintf(ratio, sizeof(ratio), "%.2f",
				 (double)r->st.freed / r->st.scanned);
		else
			snprintf(ratio, sizeof(ratio), "-");
		if (batch_event && r->st.batches)
			snprintf(batch, sizeof(batch), "%llu",
				 (unsigned long long)(r->st.scanned / r->st.batches));
		else
			snprintf(batch, sizeof(batch), "-");
		printf("%-24.24s %4d %-16.16s %7llu %9llu ", name, r->key.nid,
		       cgroup_path_of(r->key.memcg, cg, sizeof(cg)),
		       (unsigned long long)r->st.calls,
		       (unsigned long long)r->st.asked);
		if (batch_event)
			printf("%9llu ", (unsigned long long)r->st.scanned);
		else
			printf("%9s ", "-");
		printf("%9llu %6s %7s ", (unsigned long long)r->st.freed,
		       ratio, batch);
		/* a read can catch a call's figures before its count */
		if (r->st.calls)
			printf("%9llu\n", (unsigned long long)
			       (r->st.lat_ns / r->st.calls / 1000));
		else
			printf("%9s\n", "-");
	}
	fflush(stdout);
}

/*
 * One interval: the map holds running totals (the BPF side never resets
 * them), so print this read minus the last one, then keep this one.
 */
static int refresh(struct shrink_bpf *obj, struct shrink_row **prev,
		   int *nprev, bool batch_event)
{
	struct shrink_row *cur, *delta;
	static __u64 dropped;
	int n, m;

	n = read_rows(obj, &cur);
	if (n < 0)
		return -1;
	rows_sort(cur, n);
	delta = malloc((n + 1) * sizeof(*delta));
	if (!delta) {
		free(cur);
		return -1;
	}
	m = rows_delta(*prev, *nprev, cur, n, delta);
	print_table(delta, m, batch_event);
	if (dropped_calls(obj) != dropped) {
		dropped = dropped_calls(obj);
		fprintf(stderr, "shrinktop: %llu calls not counted so far (a BPF map was full)\n",
			(unsigned long long)dropped);
	}
	free(delta);
	free(*prev);
	*prev = cur;
	*nprev = n;
	return 0;
}

int main(int argc, char **argv)
{
	static const struct argp argp = {
		.options = opts, .parser = parse_arg,
		.doc = "Live per-shrinker, per-node, per-memcg reclaim table.",
	};
	struct shrink_row *prev = NULL;
	struct kernel_caps caps;
	struct shrink_bpf *obj;
	int nprev = 0;

	if (argp_parse(&argp, argc, argv, 0, NULL, NULL))
		return 1;
	setup_kernel(&caps, env.cgroup, &env.memcg);
	if (!caps.batch_event)
		fprintf(stderr, "shrinktop: no vmscan:mm_shrink_slab_batch (not a shrinkscope kernel): SCANNED, F/S and BATCH are not measured\n");
	obj = open_and_attach(&caps, env.nid, env.memcg);
	/* before saying so: whoever waits for "attached" may then send SIGINT */
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	fprintf(stderr, "shrinktop: attached, refreshing every %d s\n", env.interval);
	while (!stop && env.count != 0) {
		sleep(env.interval);
		if (refresh(obj, &prev, &nprev, caps.batch_event))
			die("cannot read the stats map");
		if (env.count > 0)
			env.count--;
	}
	free(prev);
	shrink_bpf__destroy(obj);
	return 0;
}
