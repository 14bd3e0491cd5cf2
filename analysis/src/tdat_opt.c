// SPDX-License-Identifier: GPL-2.0
/*
 * Options, as libtracecmd 3.1 (bookworm) reads them: it strdup()s and
 * strtoll()s option text without looking for its NUL, writes buf[size - 1]
 * of a CPUSTAT even when size is 0, and reads 4 bytes of any CPUCOUNT.
 * Each option the library reads is checked for what it assumes. Those it
 * parses in ways no check here could make safe (hooks, process maps, and
 * the host/guest options of trace-cmd agent recordings) are refused: the
 * analyser has no use for them.
 */
#include <stdlib.h>
#include <string.h>

#include "tdat.h"

static const char *const unsupported[] = {
	[OPT_HOOK] = "event hooks (trace-cmd record -H)",
	[OPT_PROCMAPS] = "process maps (trace-cmd record --proc-map)",
	[OPT_TIME_SHIFT] = "guest time shifts (trace-cmd agent)",
	[OPT_GUEST] = "guest descriptions (trace-cmd agent)",
};

/* Text the library reads as a C string: NUL-terminated inside the option. */
static int text(struct tdat *t, struct rd *o, const char *what)
{
	if (!o->len || !memchr(o->p, 0, o->len))
		return tdat_bad(t, o->base, "%s option is not a terminated string",
				what);
	return 0;
}

/*
 * A trace clock as "[name]" among words: the library sscanf()s what is
 * between the brackets and crashes when there is nothing.
 */
int tdat_clock_text(struct tdat *t, const char *s, uint64_t off)
{
	const char *w = s;

	while (*w) {
		size_t n = strcspn(w, " ");

		if (n && w[0] == '[' && strspn(w, "[]") >= n)
			return tdat_bad(t, off, "trace clock '%.40s' has an empty name", s);
		w += n;
		w += strspn(w, " ");
	}
	return 0;
}

static int buffer(struct tdat *t, struct rd *o)
{
	const char *name, *clock;
	uint32_t psize, n, i, id;
	uint64_t off;

	if (!rd_has(o, 8))
		return tdat_bad(t, o->base, "buffer option cut short");
	off = rd_num(o, 8);
	name = rd_str(o);
	if (!name)
		return tdat_bad(t, o->base, "buffer option cut short");
	if (t->version == 6)
		return 0;	/* v6: a name; the top buffer: flyrecord */
	clock = rd_str(o);
	if (!clock || !rd_has(o, 8))
		return tdat_bad(t, o->base, "buffer option cut short");
	psize = rd_num(o, 4);
	n = rd_num(o, 4);
	if (n > TDAT_MAX_CPUS || !rd_has(o, (size_t)n * 20))
		return tdat_bad(t, o->base, "buffer option lists %u CPUs in %zu bytes",
				n, o->len);
	if (*name)
		return 0;	/* an instance: we read the top buffer */
	if (psize != t->page_size)
		return tdat_bad(t, o->base, "buffer page size %u, file page size %u",
				psize, t->page_size);
	free(t->cpu);
	t->cpu = calloc(TDAT_MAX_CPUS, sizeof(*t->cpu));
	if (!t->cpu)
		return tdat_bad(t, o->base, "out of memory");
	t->ncpu = 0;
	for (i = 0; i < n; i++) {
		id = rd_num(o, 4);
		if (id >= TDAT_MAX_CPUS || t->cpu[id].present)
			return tdat_bad(t, o->base, "buffer option: CPU id %u twice or too big",
					id);
		t->cpu[id].present = true;
		t->cpu[id].offset = rd_num(o, 8);
		t->cpu[id].size = rd_num(o, 8);
		if (id + 1 > (uint32_t)t->ncpu)
			t->ncpu = id + 1;
	}
	t->have_top = true;
	t->fly_off = off;
	return 0;
}

int tdat_option(struct tdat *t, struct rd *r, uint16_t id, uint32_t size,
		uint32_t *cpucount)
{
	struct rd o = { r->p + r->pos, size, 0, rd_at(r), r->big, r->z };
	const char *s = (const char *)o.p;

	if (id < sizeof(unsupported) / sizeof(*unsupported) && unsupported[id])
		return tdat_bad(t, o.base, "option %u, %s, is not supported by this analyser",
				id, unsupported[id]);
	switch (id) {
	case OPT_DATE:
	case OPT_OFFSET:
		return text(t, &o, id == OPT_DATE ? "date" : "offset");
	case OPT_UNAME:
	case OPT_VERSION:
		return text(t, &o, id == OPT_UNAME ? "uname" : "version");
	case OPT_TRACECLOCK:
		t->trace_clock = true;
		if (text(t, &o, "trace clock"))
			return -1;
		return tdat_clock_text(t, s, o.base);
	case OPT_CPUSTAT:
		if (!size)
			return tdat_bad(t, o.base, "empty CPU stats option");
		return 0;
	case OPT_CPUCOUNT:
		if (size < 4)
			return tdat_bad(t, o.base, "CPU count option of %u bytes", size);
		*cpucount = rd_num(&o, 4);
		if (*cpucount > TDAT_MAX_CPUS)
			return tdat_bad(t, o.base, "%u CPUs", *cpucount);
		return 0;
	case OPT_BUFFER:
		return buffer(t, &o);
	case OPT_BUFFER_TEXT:
		return tdat_bad(t, o.base, "a latency-tracer buffer: not a flyrecord trace");
	case OPT_HEADER_INFO:
	case OPT_FTRACE_EVENTS:
	case OPT_EVENT_FORMATS:
	case OPT_KALLSYMS:
	case OPT_PRINTK:
	case OPT_CMDLINES:
		if (size < 8 || t->version == 6)
			return 0;	/* the library ignores it */
		t->meta_off[id] = rd_num(&o, 8);
		t->meta_set[id] = true;
		return 0;
	default:
		return 0;	/* TRACEID, TSC2NSEC: the library checks */
	}
}
