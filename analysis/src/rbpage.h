/* SPDX-License-Identifier: GPL-2.0 */
/* One ring-buffer page checked as the kernel writes it. */
#ifndef SS_RBPAGE_H
#define SS_RBPAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct rb_fmt {
	bool big;
	int commit_size;	/* the page header's commit field: a long */
	uint32_t page_size;
};

/* A data event: its payload (the event's common fields first). */
struct rb_ev {
	const uint8_t *data;
	uint32_t len;
	uint64_t ts;
};

/* 0 if the event is sound, else -1 with a reason in @why. */
typedef int (*rb_event_fn)(const struct rb_ev *e, void *arg, char *why,
			   size_t n);

/* What one CPU's pages held so far. */
struct rb_cpu {
	uint64_t last_ts;
	uint64_t events;	/* data events */
	uint64_t lost;		/* events the pages say were lost */
	bool lost_unknown;	/* a page lost events without a count */
	bool any;
};

/*
 * Walk one page: header, every event up to its commit size, timestamps
 * never going back on this CPU, @fn on each data event. 0, or -1 with a
 * reason in @why and the offset in the page in @at.
 */
int rb_page(const struct rb_fmt *f, const uint8_t *page, struct rb_cpu *c,
	    rb_event_fn fn, void *arg, char *why, size_t n, uint32_t *at);

#endif
