// SPDX-License-Identifier: GPL-2.0
/*
 * Version 6: one sequence. Headers, formats, kallsyms, printk formats,
 * command lines, the CPU count, options, then "flyrecord" and each CPU's
 * data offset and size; with a trace-clock option, the clock text last.
 */
#include <stdlib.h>
#include <string.h>

#include "tdat.h"

static int options(struct tdat *t, struct rd *r)
{
	uint32_t size;
	uint16_t id;

	for (;;) {
		if (!rd_has(r, 2))
			return tdat_bad(t, rd_at(r), "options cut short: truncated");
		id = rd_num(r, 2);
		if (id == OPT_DONE)
			return 0;
		if (!rd_has(r, 4))
			return tdat_bad(t, rd_at(r), "option %u cut short: truncated", id);
		size = rd_num(r, 4);
		if (!rd_has(r, size))
			return tdat_bad(t, rd_at(r), "option %u of %u bytes, %zu left: truncated",
					id, size, r->len - r->pos);
		if (tdat_option(t, r, id, size, &t->cpucount))
			return -1;
		r->pos += size;
	}
}

static int trace_clock(struct tdat *t, struct rd *r)
{
	uint64_t at = rd_at(r), n;
	char *s;
	int ret;

	if (!rd_has(r, 8))
		return tdat_bad(t, at, "trace clock cut short: truncated");
	n = rd_num(r, 8);
	if (!rd_has(r, n))
		return tdat_bad(t, at, "trace clock of %llu bytes, %zu left: truncated",
				(unsigned long long)n, r->len - r->pos);
	s = strndup((const char *)r->p + r->pos, n);
	if (!s)
		return tdat_bad(t, at, "out of memory");
	ret = tdat_clock_text(t, s, at);
	free(s);
	return ret;
}

int tdat_v6(struct tdat *t, struct rd *r)
{
	uint32_t cpus, i;
	int id;

	for (id = OPT_HEADER_INFO; id <= OPT_CMDLINES; id++) {
		t->meta_off[id] = rd_at(r);
		if (tdat_meta(t, id, r))
			return -1;
	}
	if (!rd_has(r, 14))
		return tdat_bad(t, rd_at(r), "CPU count cut short: truncated");
	cpus = rd_num(r, 4);
	if (!memcmp(r->p + r->pos, "options", 7)) {
		r->pos += 10;
		if (options(t, r))
			return -1;
		if (!rd_has(r, 10))
			return tdat_bad(t, rd_at(r), "no flyrecord: truncated");
	}
	if (!memcmp(r->p + r->pos, "latency", 7))
		return tdat_bad(t, rd_at(r), "a latency-tracer trace, not a flyrecord trace");
	if (memcmp(r->p + r->pos, "flyrecord", 9))
		return tdat_bad(t, rd_at(r), "no flyrecord");
	r->pos += 10;
	t->fly_off = rd_at(r);	/* v6: the CPUs' offsets and sizes */
	if (t->cpucount)
		cpus = t->cpucount;
	if (cpus > TDAT_MAX_CPUS || !rd_has(r, (size_t)cpus * 16))
		return tdat_bad(t, rd_at(r), "%u CPUs' data offsets cut short: truncated",
				cpus);
	t->ncpu = cpus;
	t->cpu = calloc(cpus ? cpus : 1, sizeof(*t->cpu));
	if (!t->cpu)
		return tdat_bad(t, rd_at(r), "out of memory");
	for (i = 0; i < cpus; i++) {
		t->cpu[i].present = true;
		t->cpu[i].offset = rd_num(r, 8);
		t->cpu[i].size = rd_num(r, 8);
	}
	t->have_top = true;
	if (t->trace_clock && trace_clock(t, r))
		return -1;
	t->v6_end = rd_at(r);
	return 0;
}
