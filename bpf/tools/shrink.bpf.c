// SPDX-License-Identifier: GPL-2.0
/*
 * Aggregates the shrink_slab tracepoints in kernel maps: per shrinker,
 * node and memcg totals, and log2 histograms of batch sizes and call
 * latency. Nothing is streamed to user space. Fields that only the
 * shrinkscope series has (memcg, name, the batch event) are read only when
 * the running kernel's BTF has them (CO-RE), so a stock kernel still works.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include "shrink.h"

const volatile __s32 filter_nid = -1;
const volatile __u64 filter_memcg = (__u64)-1;

struct inflight {
	struct shrink_key key;
	__u64 start_ns;
	__u64 asked;
	__u64 scanned;
	__u64 batches;
	__u64 stopped;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, __u32);
	__type(value, struct inflight);
} calls SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, MAX_ENTRIES);
	__type(key, struct shrink_key);
	__type(value, struct shrink_stats);
} stats SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct shrink_hists);
} hists SEC(".maps");

static __always_inline __u32 log2_slot(__u64 v)
{
	__u32 slot = 0;

	while (v > 1 && slot < HIST_SLOTS - 1) {
		v >>= 1;
		slot++;
	}
	return slot;
}

/*
 * The memcg's cgroup id (1 for the root) exists only with the series; 0
 * (no memcg known) otherwise.
 */
static __always_inline __u64 start_memcg(struct trace_event_raw_mm_shrink_slab_start *ctx)
{
	if (bpf_core_field_exists(ctx->memcg_id))
		return BPF_CORE_READ(ctx, memcg_id);
	return 0;
}

SEC("tp/vmscan/mm_shrink_slab_start")
int handle_start(struct trace_event_raw_mm_shrink_slab_start *ctx)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	struct inflight in = {};

	in.key.shr = (__u64)BPF_CORE_READ(ctx, shr);
	in.key.nid = BPF_CORE_READ(ctx, nid);
	in.key.memcg = start_memcg(ctx);
	if (filter_nid >= 0 && in.key.nid != filter_nid)
		return 0;
	if (filter_memcg != (__u64)-1 && in.key.memcg != filter_memcg)
		return 0;
	in.start_ns = bpf_ktime_get_ns();
	in.asked = BPF_CORE_READ(ctx, total_scan);
	bpf_map_update_elem(&calls, &tid, &in, BPF_ANY);
	return 0;
}

SEC("tp/vmscan/mm_shrink_slab_batch")
int handle_batch(struct trace_event_raw_mm_shrink_slab_batch *ctx)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid(), zero = 0;
	struct shrink_hists *h;
	struct inflight *in;

	in = bpf_map_lookup_elem(&calls, &tid);
	if (!in)
		return 0;
	in->batches++;
	in->scanned += BPF_CORE_READ(ctx, nr_scanned);
	if (BPF_CORE_READ(ctx, stopped))
		in->stopped++;
	h = bpf_map_lookup_elem(&hists, &zero);
	if (h) {
		__u32 slot = log2_slot(BPF_CORE_READ(ctx, nr_to_scan));

		if (slot < HIST_SLOTS)
			__sync_fetch_and_add(&h->batch[slot], 1);
	}
	return 0;
}

SEC("tp/vmscan/mm_shrink_slab_end")
int handle_end(struct trace_event_raw_mm_shrink_slab_end *ctx)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid(), zero = 0;
	struct shrink_stats *st, init = {};
	struct shrink_hists *h;
	struct inflight *in;
	__u64 freed, lat;

	in = bpf_map_lookup_elem(&calls, &tid);
	if (!in)
		return 0;
	st = bpf_map_lookup_elem(&stats, &in->key);
	if (!st) {
		init.shrink_fn = (__u64)BPF_CORE_READ(ctx, shrink);
		if (bpf_core_field_exists(ctx->__data_loc_name)) {
			__u32 loc = BPF_CORE_READ(ctx, __data_loc_name);

			bpf_probe_read_kernel_str(init.name, sizeof(init.name),
						  (void *)ctx + (loc & 0xffff));
		}
		bpf_map_update_elem(&stats, &in->key, &init, BPF_NOEXIST);
		st = bpf_map_lookup_elem(&stats, &in->key);
		if (!st)
			goto out;
	}
	freed = (__u32)BPF_CORE_READ(ctx, retval);
	lat = bpf_ktime_get_ns() - in->start_ns;
	__sync_fetch_and_add(&st->calls, 1);
	__sync_fetch_and_add(&st->asked, in->asked);
	__sync_fetch_and_add(&st->scanned, in->scanned);
	__sync_fetch_and_add(&st->freed, freed);
	__sync_fetch_and_add(&st->batches, in->batches);
	__sync_fetch_and_add(&st->stopped, in->stopped);
	__sync_fetch_and_add(&st->lat_ns, lat);
	if (bpf_core_field_exists(ctx->memcg_reclaim) &&
	    BPF_CORE_READ(ctx, memcg_reclaim))
		__sync_fetch_and_add(&st->memcg_reclaim_freed, freed);
	h = bpf_map_lookup_elem(&hists, &zero);
	if (h) {
		__u32 slot = log2_slot(lat / 1000);

		if (slot < HIST_SLOTS)
			__sync_fetch_and_add(&h->lat_us[slot], 1);
	}
out:
	bpf_map_delete_elem(&calls, &tid);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
