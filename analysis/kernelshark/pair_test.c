// SPDX-License-Identifier: GPL-2.0
/*
 * Unit test of the pairing (pair.c) on hand-made events: the cases the
 * fixtures may not hold. TAP, "ok - ..." per check, the plan last; exit 1
 * on a failure.
 */
#include <stdio.h>
#include <string.h>

#include "pair.h"

static int n, failed;

static void check(int ok, const char *what)
{
	n++;
	failed += !ok;
	printf("%s - %s\n", ok ? "ok" : "not ok", what);
}

static const char *sym(uint64_t addr, void *arg)
{
	(void)arg;
	return addr == 0x1000 ? "super_cache_scan" : NULL;
}

/* An event; name is a string or NULL. */
static void ev(struct sk_set *s, int kind, int64_t ts, int cpu, int pid,
	       int64_t shr, int64_t val, const char *name)
{
	struct sk_ev e;

	memset(&e, 0, sizeof(e));
	e.kind = kind;
	e.ts = ts;
	e.cpu = cpu;
	e.pid = pid;
	e.shr = shr;
	e.shrink = 0x1000;
	e.nid = cpu;
	e.memcg = SK_NA;
	e.id = shr == 0xa ? 7 : -1;
	e.val = val;
	e.val2 = SK_NA;
	e.name = name ? sk_str(s, name, strlen(name)) : 0;
	sk_add(s, &e);
}

static const struct sk_call *call_at(const struct sk_set *s, int64_t t)
{
	size_t i;

	for (i = 0; i < s->ncalls; i++)
		if (s->calls[i].t0 == t || (s->calls[i].t0 == SK_NA &&
					    s->calls[i].t1 == t))
			return &s->calls[i];
	return NULL;
}

/* Events handed over CPU by CPU, as KernelShark does. */
static void feed(struct sk_set *s)
{
	/* CPU 1 first: the end of a call that started on CPU 0 */
	ev(s, SK_END, 300, 1, 10, 0xa, 40, "sb-ext4");
	ev(s, SK_START, 500, 1, 11, 0xb, SK_NA, NULL);	/* open */
	/* CPU 0 */
	ev(s, SK_END, 50, 0, 12, 0xb, 5, NULL);		/* start cut */
	ev(s, SK_START, 100, 0, 10, 0xa, SK_NA, "sb-ext4");
	ev(s, SK_BATCH, 150, 0, 10, 0xa, 128, NULL);
	ev(s, SK_WALK, 160, 0, 10, SK_NA, 9, NULL);
	ev(s, SK_BATCH, 170, 0, 10, 0xc, 64, NULL);	/* other shr */
	ev(s, SK_START, 400, 0, 13, 0xa, SK_NA, NULL);	/* named by shr */
	ev(s, SK_START, 410, 0, 13, 0xd, SK_NA, NULL);	/* replaces it */
	ev(s, SK_END, 420, 0, 13, 0xe, 1, NULL);	/* other shr */
	ev(s, SK_VMP, 430, 0, 13, SK_NA, 2, NULL);
}

static void test_calls(struct sk_set *s)
{
	const struct sk_call *c = call_at(s, 100);

	check(s->ncalls == 6, "six calls: 4 starts and 2 ends without one");
	check(c && c->t1 == 300 && c->freed == 40,
	      "a start pairs with its task's end across CPUs, in time order");
	check(c && c->cpu0 == 0 && c->cpu1 == 1 && c->leave == 150 &&
	      c->arrive == 300, "the moved call left CPU 0 after its last "
	      "event there and reached CPU 1 at its end");
	check(c && c->batches == 1 && c->scanned == 128,
	      "only the batch of the same shrinker instance joins the call");
	check(s->batches_alone == 1, "the other batch stands alone");
	c = call_at(s, 50);
	check(c && c->t0 == SK_NA && c->cpu0 == -1 && c->freed == 5,
	      "an end whose start is cut off is a call without a start");
	c = call_at(s, 500);
	check(c && c->t1 == SK_NA && c->cpu1 == -1,
	      "a start without an end stays open");
	c = call_at(s, 410);
	check(c && c->t1 == SK_NA,
	      "an end of another shrinker does not close the task's call");
	c = call_at(s, 420);
	check(c && c->t0 == SK_NA && c->shr == 0xe,
	      "... it is a call of its own, without a start");
	check(s->ends_unpaired == 2 && s->starts_open == 3 &&
	      s->migrated == 1, "counts: 2 ends alone, 3 starts open, "
	      "1 call moved");
}

static void test_names(struct sk_set *s)
{
	const struct sk_call *c = call_at(s, 400);

	check(c && !strcmp(sk_strget(s, c->name), "sb-ext4") &&
	      c->src == SK_SRC_TRACE,
	      "a start without a name field takes the name its shr had");
	c = call_at(s, 410);
	check(c && !strcmp(sk_strget(s, c->name), "super_cache_scan") &&
	      c->src == SK_SRC_SYMBOL,
	      "else the symbol of its scan function");
	check(s->nmarks == 2 && s->marks[0].kind == SK_WALK &&
	      !strcmp(sk_strget(s, s->marks[0].name), "sb-ext4"),
	      "a walk without a shrinker_id is named by the call in flight");
	check(s->marks[1].kind == SK_VMP && s->marks[1].a == 2,
	      "a vmpressure notification is a mark with its level");
}

static void test_pieces(struct sk_set *s)
{
	const struct sk_cpu *c0 = &s->cpus[0], *c1 = &s->cpus[1];
	size_t i;

	check(s->ncpus == 2 && c0->n == 5 && c1->n == 2,
	      "pieces: the moved call has one on each CPU");
	check(c0->p[1].t0 == 50 && c0->p[1].t1 == 420 &&
	      c0->p[1].flags == SK_NOSTART,
	      "a call without a start runs from the trace's first event");
	check(c1->p[0].t0 == 300 && c1->p[0].t1 == 300 &&
	      c1->p[0].flags == 0 && c1->p[1].flags == SK_OPEN,
	      "the moved call's piece on CPU 1 runs from its arrival; an "
	      "open call's to the last event");
	for (i = 1; i < c0->n; i++)
		if (c0->p[i].t0 < c0->p[i - 1].t0)
			break;
	check(i == c0->n, "pieces of a CPU in time order");
	check(sk_first_piece(c0, 160) == 0 && sk_first_piece(c0, 1000) == 5 &&
	      sk_first_piece(c1, 301) == 1,
	      "the first piece that may overlap a time looks back by the "
	      "longest piece");
	check(sk_first_mark(c0, 431) == 2 && sk_first_mark(c0, 160) == 0,
	      "the first mark at or after a time");
}

/* mm_shrinker_register names; a walk named by its shrinker_id; no symbol */
static void test_register(void)
{
	struct sk_set s;
	struct sk_ev e;

	sk_init(&s, sym, NULL);
	ev(&s, SK_REGISTER, 10, 0, 1, 0xf, SK_NA, "reg-shr");
	ev(&s, SK_START, 20, 0, 2, 0xf, SK_NA, NULL);
	ev(&s, SK_START, 30, 1, 3, 0xa, SK_NA, "sb-ext4");
	ev(&s, SK_END, 40, 1, 3, 0xa, 0, NULL);
	memset(&e, 0, sizeof(e));
	e.kind = SK_WALK;
	e.ts = 50;
	e.pid = 4;
	e.id = 7;
	sk_add(&s, &e);
	e.kind = SK_START;
	e.ts = 60;
	e.shr = 0x99;
	e.shrink = 0x2000;
	sk_add(&s, &e);
	sk_pair(&s);
	check(s.ncalls == 3 && s.calls[0].src == SK_SRC_REGISTER &&
	      !strcmp(sk_strget(&s, s.calls[0].name), "reg-shr"),
	      "a shrinker named by mm_shrinker_register");
	check(s.nmarks == 1 &&
	      !strcmp(sk_strget(&s, s.marks[0].name), "sb-ext4"),
	      "a walk named by its shrinker_id");
	check(!strcmp(sk_strget(&s, s.calls[2].name), "0x2000"),
	      "a scan function without a symbol is its address");
	sk_free(&s);
}

int main(void)
{
	struct sk_set s;

	sk_init(&s, sym, NULL);
	feed(&s);
	sk_pair(&s);
	test_calls(&s);
	test_names(&s);
	test_pieces(&s);
	check(!s.oom, "no allocation failed");
	sk_free(&s);
	test_register();
	printf("1..%d\n", n);
	return failed ? 1 : 0;
}
