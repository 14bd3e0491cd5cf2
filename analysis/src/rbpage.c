// SPDX-License-Identifier: GPL-2.0
/*
 * The ring buffer's page format (kernel/trace/ring_buffer.c): a u64
 * timestamp, a long "commit" (bytes of events; bit 31 set if events were
 * lost before this page, bit 30 if their count is stored after the
 * events), then events. An event starts with a u32: 5 bits of type_len,
 * 27 of time delta. type_len 1-28 is a data event of type_len * 4 bytes;
 * 0 a data event whose length (plus 4) is the next u32; 29 padding (its
 * length in the next u32), 30 a time extend and 31 an absolute timestamp
 * (8 bytes each). A zeroed or overwritten page breaks these rules or the
 * timestamps almost everywhere; libtraceevent's kbuffer does not check
 * them, it stops reading the page or reads garbage as events.
 */
#include <stdio.h>

#include "rbpage.h"

#define MISSED_EVENTS	(1ULL << 31)
#define MISSED_STORED	(1ULL << 30)
#define COMMIT_MASK	((1ULL << 27) - 1)
#define TS_SHIFT	27
#define TS_MSB		(0xf8ULL << 56)
#define TYPE_PADDING	29
#define TYPE_EXTEND	30
#define TYPE_STAMP	31
/* common_type, flags, preempt_count, pid */
#define MIN_PAYLOAD	8

static uint64_t num(const struct rb_fmt *f, const uint8_t *p, int bytes)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < bytes; i++)
		v |= (uint64_t)p[f->big ? bytes - 1 - i : i] << (8 * i);
	return v;
}

#define BAD(...) do {						\
		snprintf(why, n, __VA_ARGS__);				\
		*at = pos;						\
		return -1;						\
	} while (0)

static int header(const struct rb_fmt *f, const uint8_t *page,
		  struct rb_cpu *c, uint32_t *end, char *why, size_t n,
		  uint32_t *at)
{
	uint32_t hdr = 8 + f->commit_size, pos = 0;
	uint64_t ts = num(f, page, 8);
	uint64_t raw = num(f, page + 8, f->commit_size);
	uint64_t commit = raw & COMMIT_MASK;

	if (raw & ~(COMMIT_MASK | MISSED_EVENTS | MISSED_STORED))
		BAD("page header's commit word %#llx has unknown bits",
		    (unsigned long long)raw);
	if (!commit)
		BAD("empty page (commit size 0)");
	if (commit > f->page_size - hdr ||
	    ((raw & MISSED_STORED) &&
	     commit + f->commit_size > f->page_size - hdr))
		BAD("commit size %llu does not fit a %u-byte page",
		    (unsigned long long)commit, f->page_size);
	if (c->any && ts < c->last_ts)
		BAD("page timestamp %llu is before the last event's %llu",
		    (unsigned long long)ts, (unsigned long long)c->last_ts);
	if ((raw & MISSED_EVENTS) && (raw & MISSED_STORED))
		c->lost += num(f, page + hdr + commit, f->commit_size);
	else if (raw & MISSED_EVENTS)
		c->lost_unknown = true;
	c->last_ts = ts;
	c->any = true;
	*end = hdr + commit;
	return 0;
}

int rb_page(const struct rb_fmt *f, const uint8_t *page, struct rb_cpu *c,
	    rb_event_fn fn, void *arg, char *why, size_t n, uint32_t *at)
{
	uint32_t pos = 8 + f->commit_size, end, w, type, len = 0;
	uint64_t ts, delta;
	struct rb_ev e;
	char msg[200];

	if (header(f, page, c, &end, why, n, at))
		return -1;
	ts = c->last_ts;
	while (pos < end) {
		if (end - pos < 4)
			BAD("event header cut by the commit size");
		w = num(f, page + pos, 4);
		type = f->big ? w >> 27 : w & 31;
		delta = f->big ? w & ((1u << 27) - 1) : w >> 5;
		if (type == 0 || type >= TYPE_PADDING) {
			if (end - pos < 8)
				BAD("event of type %u cut by the commit size", type);
			len = num(f, page + pos + 4, 4);
		}
		if (type == TYPE_EXTEND || type == TYPE_STAMP) {
			delta |= (uint64_t)len << TS_SHIFT;
			if (type == TYPE_STAMP)
				ts = delta | (ts & TS_MSB);
			else
				ts += delta;
			if (ts < c->last_ts)
				BAD("absolute timestamp %llu is before %llu",
				    (unsigned long long)ts,
				    (unsigned long long)c->last_ts);
			c->last_ts = ts;
			pos += 8;
			continue;
		}
		if (type == TYPE_PADDING) {
			if (len > end - pos - 4)
				BAD("padding of %u bytes runs past the commit size", len);
			pos += 4 + len;
			continue;
		}
		if (type == 0) {
			if (len < 4 + MIN_PAYLOAD || len - 4 > end - pos - 8)
				BAD("event length %u does not fit", len);
			e.data = page + pos + 8;
			e.len = (len - 4 + 3) & ~3u;
			if (e.len > end - pos - 8)
				BAD("event length %u does not fit", len);
			w = 8 + e.len;
		} else {
			e.data = page + pos + 4;
			e.len = type * 4;
			if (e.len < MIN_PAYLOAD || e.len > end - pos - 4)
				BAD("event of %u bytes does not fit", e.len);
			w = 4 + e.len;
		}
		ts += delta;
		e.ts = ts;
		c->last_ts = ts;
		if (fn(&e, arg, msg, sizeof(msg)))
			BAD("%s", msg);
		c->events++;
		pos += w;
	}
	if (pos != end)
		BAD("events end at byte %u, the commit size says %u", pos, end);
	return 0;
}
