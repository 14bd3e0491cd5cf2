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
/* calls not counted: the calls or stats map was full */
__u64 dropped = 0;

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
	if (bpf_map_update_elem(&calls, &tid, &in, BPF_ANY))
		__sync_fetch_and_add(&dropped, 1);
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

/*
 * A new row goes in with its first call's figures already in it
 * (BPF_NOEXIST): no reader ever sees a row with calls 0. Rows are never
 * deleted; user space takes differences between reads, so no event can
 * fall between a read and a reset.
 */
static __always_inline void add_row(struct shrink_key *key,
				    struct shrink_stats *v)
{
	struct shrink_stats *st;

	st = bpf_map_lookup_elem(&stats, key);
	if (!st) {
		if (!bpf_map_update_elem(&stats, key, v, BPF_NOEXIST))
			return;
		/* another CPU inserted it first, or the map is full */
		st = bpf_map_lookup_elem(&stats, key);
		if (!st) {
			__sync_fetch_and_add(&dropped, 1);
			return;
		}
	}
	__sync_fetch_and_add(&st->calls, 1);
	__sync_fetch_and_add(&st->asked, v->asked);
	__sync_fetch_and_add(&st->scanned, v->scanned);
	__sync_fetch_and_add(&st->freed, v->freed);
	__sync_fetch_and_add(&st->batches, v->batches);
	__sync_fetch_and_add(&st->stopped, v->stopped);
	__sync_fetch_and_add(&st->lat_ns, v->lat_ns);
	__sync_fetch_and_add(&st->memcg_reclaim_freed, v->memcg_reclaim_freed);
}

SEC("tp/vmscan/mm_shrink_slab_end")
int handle_end(struct trace_event_raw_mm_shrink_slab_end *ctx)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid(), zero = 0;
	struct shrink_stats v = {};
	struct shrink_hists *h;
	struct inflight *in;

	in = bpf_map_lookup_elem(&calls, &tid);
	if (!in)
		return 0;
	v.calls = 1;
	v.asked = in->asked;
	v.scanned = in->scanned;
	v.freed = (__u32)BPF_CORE_READ(ctx, retval);
	v.batches = in->batches;
	v.stopped = in->stopped;
	v.lat_ns = bpf_ktime_get_ns() - in->start_ns;
	if (bpf_core_field_exists(ctx->memcg_reclaim) &&
	    BPF_CORE_READ(ctx, memcg_reclaim))
		v.memcg_reclaim_freed = v.freed;
	v.shrink_fn = (__u64)BPF_CORE_READ(ctx, shrink);
	if (bpf_core_field_exists(ctx->__data_loc_name)) {
		__u32 loc = BPF_CORE_READ(ctx, __data_loc_name);

		bpf_probe_read_kernel_str(v.name, sizeof(v.name),
					  (void *)ctx + (loc & 0xffff));
	}
	add_row(&in->key, &v);
	h = bpf_map_lookup_elem(&hists, &zero);
	if (h) {
		__u32 slot = log2_slot(v.lat_ns / 1000);

		if (slot < HIST_SLOTS)
			__sync_fetch_and_add(&h->lat_us[slot], 1);
	}
	bpf_map_delete_elem(&calls, &tid);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
