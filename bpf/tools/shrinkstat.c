// SPDX-License-Identifier: GPL-2.0
/*
 * shrinkstat - a fixed-duration summary of shrinker activity.
 *
 * USAGE: shrinkstat [-d SECONDS] [-N NODE] [-C CGROUP] [--json]
 *
 * After SECONDS (default 10, or Ctrl-C): objects freed per node and per
 * memcg (memcg-targeted reclaim shown apart), per shrinker, and log2
 * histograms of objects asked per batch and of time per shrink_slab call.
 */
#include <argp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>

#include "common.h"
#include "jsonstr.h"
#include "shrink.skel.h"

static struct env {
	int duration, nid;
	bool json;
	const char *cgroup;
	__u64 memcg;
} env = { .duration = 10, .nid = -1, .memcg = (__u64)-1 };

static const struct argp_option opts[] = {
	{ "duration", 'd', "SECONDS", 0, "measure for SECONDS (default 10)", 0 },
	{ "node", 'N', "NODE", 0, "only this NUMA node", 0 },
	{ "cgroup", 'C', "PATH", 0, "only this memcg (path under /sys/fs/cgroup)", 0 },
	{ "json", 'j', NULL, 0, "print JSON", 0 },
	{},
};

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	(void)state;
	switch (key) {
	case 'd': env.duration = arg_positive(arg, "duration"); break;
	case 'N': env.nid = arg_node(arg); break;
	case 'C': env.cgroup = arg; break;
	case 'j': env.json = true; break;
	case ARGP_KEY_ARG: die("unexpected argument '%s' (see --help)", arg);
	default: return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

struct total {
	__u64 id, freed, memcg_freed, calls;
};

/* Accumulate @v into the slot of @id (a node or a memcg) in @t. */
static void add(struct total *t, int *n, __u64 id, const struct shrink_stats *st)
{
	int i;

	for (i = 0; i < *n && t[i].id != id; i++)
		;
	if (i == *n) {
		memset(&t[i], 0, sizeof(t[i]));
		t[i].id = id;
		(*n)++;
	}
	t[i].freed += st->freed;
	t[i].memcg_freed += st->memcg_reclaim_freed;
	t[i].calls += st->calls;
}

/* A value the kernel could not give us is null, never 0. */
static void json_u64_or_null(__u64 v, bool measured)
{
	if (measured)
		printf("%llu", (unsigned long long)v);
	else
		printf("null");
}

static void print_hist_json(const char *name, const __u64 *s)
{
	printf("  \"%s\": [", name);
	for (int i = 0; i < HIST_SLOTS; i++)
		printf("%s%llu", i ? ", " : "", (unsigned long long)s[i]);
	printf("]");
}

static void report(struct shrink_row *rows, int n, const struct shrink_hists *h,
		   const struct kernel_caps *caps)
{
	struct total *nodes = calloc(n + 1, sizeof(*nodes));
	struct total *memcgs = calloc(n + 1, sizeof(*memcgs));
	int nn = 0, nm = 0;
	char name[64], cg[4096];

	if (!nodes || !memcgs)
		die("out of memory");
	names_refresh(rows, n);
	for (int i = 0; i < n; i++) {
		add(nodes, &nn, rows[i].key.nid, &rows[i].st);
		add(memcgs, &nm, rows[i].key.memcg, &rows[i].st);
	}
	if (env.json) {
		printf("{\n  \"duration_s\": %d,\n  \"batch_event\": %s,\n", env.duration,
		       caps->batch_event ? "true" : "false");
		printf("  \"nodes\": [");
		for (int i = 0; i < nn; i++)
			printf("%s{\"nid\": %llu, \"calls\": %llu, \"freed\": %llu}", i ? ", " : "",
			       (unsigned long long)nodes[i].id, (unsigned long long)nodes[i].calls,
			       (unsigned long long)nodes[i].freed);
		printf("],\n  \"memcgs\": [");
		for (int i = 0; i < nm; i++) {
			printf("%s{\"memcg\": %llu, \"path\": ", i ? ", " : "",
			       (unsigned long long)memcgs[i].id);
			json_str(stdout, cgroup_path_of(memcgs[i].id, cg, sizeof(cg)));
			printf(", \"freed\": %llu, \"memcg_reclaim_freed\": ",
			       (unsigned long long)memcgs[i].freed);
			json_u64_or_null(memcgs[i].memcg_freed, caps->names);
			printf("}");
		}
		printf("],\n  \"shrinkers\": [");
		for (int i = 0; i < n; i++) {
			printf("%s{\"name\": ", i ? ", " : "");
			json_str(stdout, shrinker_name(&rows[i], name, sizeof(name)));
			printf(", \"nid\": %d, \"memcg\": %llu, \"calls\": %llu, \"asked\": %llu, \"scanned\": ",
			       rows[i].key.nid, (unsigned long long)rows[i].key.memcg,
			       (unsigned long long)rows[i].st.calls,
			       (unsigned long long)rows[i].st.asked);
			json_u64_or_null(rows[i].st.scanned, caps->batch_event);
			printf(", \"freed\": %llu}", (unsigned long long)rows[i].st.freed);
		}
		printf("],\n");
		if (caps->batch_event)
			print_hist_json("batch_log2", h->batch);
		else
			printf("  \"batch_log2\": null");
		printf(",\n");
		print_hist_json("latency_us_log2", h->lat_us);
		printf("\n}\n");
	} else {
		printf("objects freed in %d s\n\n%-6s %8s %10s\n", env.duration, "NODE",
		       "CALLS", "FREED");
		for (int i = 0; i < nn; i++)
			printf("%-6llu %8llu %10llu\n", (unsigned long long)nodes[i].id,
			       (unsigned long long)nodes[i].calls, (unsigned long long)nodes[i].freed);
		printf("\n%-32s %10s %14s\n", "MEMCG", "FREED", "BY MEMCG RECL");
		for (int i = 0; i < nm; i++)
			printf("%-32.32s %10llu %14llu\n",
			       cgroup_path_of(memcgs[i].id, cg, sizeof(cg)),
			       (unsigned long long)memcgs[i].freed,
			       (unsigned long long)memcgs[i].memcg_freed);
		printf("\n%-24s %4s %10s\n", "SHRINKER", "NODE", "FREED");
		for (int i = 0; i < n; i++)
			printf("%-24.24s %4d %10llu\n", shrinker_name(&rows[i], name, sizeof(name)),
			       rows[i].key.nid, (unsigned long long)rows[i].st.freed);
		if (caps->batch_event) {
			printf("\nobjects asked per batch\n");
			print_log2_hist(stdout, h->batch, HIST_SLOTS, "objects");
		} else {
			printf("\nobjects asked per batch: not measured (no mm_shrink_slab_batch)\n");
		}
		printf("\ntime per shrink_slab call\n");
		print_log2_hist(stdout, h->lat_us, HIST_SLOTS, "usecs");
	}
	free(nodes);
	free(memcgs);
}

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

int main(int argc, char **argv)
{
	static const struct argp argp = {
		.options = opts, .parser = parse_arg,
		.doc = "Summary of shrinker activity over a fixed duration.",
	};
	struct shrink_hists h = {};
	struct kernel_caps caps;
	struct shrink_bpf *obj;
	struct shrink_row *rows;
	__u32 zero = 0;
	int n, s;

	if (argp_parse(&argp, argc, argv, 0, NULL, NULL))
		return 1;
	setup_kernel(&caps, env.cgroup, &env.memcg);
	obj = open_and_attach(&caps, env.nid, env.memcg);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	fprintf(stderr, "shrinkstat: measuring for %d s\n", env.duration);
	for (s = 0; s < env.duration && !stop; s++)
		sleep(1);
	env.duration = s;	/* Ctrl-C: report the time actually measured */
	n = read_rows(obj, &rows);
	if (n < 0 || bpf_map_lookup_elem(bpf_map__fd(obj->maps.hists), &zero, &h))
		die("cannot read the BPF maps");
	report(rows, n, &h, &caps);
	if (dropped_calls(obj))
		fprintf(stderr, "shrinkstat: %llu calls not counted (a BPF map was full)\n",
			(unsigned long long)dropped_calls(obj));
	free(rows);
	shrink_bpf__destroy(obj);
	return 0;
}
