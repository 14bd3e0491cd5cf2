// SPDX-License-Identifier: GPL-2.0
/*
 * Calls cut into pieces per CPU, in time order, for drawing one CPU graph
 * at a time: a call that moved CPU is drawn on each end of it.
 */
#include <stdlib.h>

#include "pair.h"

static void piece(struct sk_set *s, int cpu, int64_t t0, int64_t t1,
		  size_t call, uint8_t flags)
{
	struct sk_cpu *c;
	struct sk_piece *q;

	if (cpu < 0 || cpu >= s->ncpus)
		return;
	c = &s->cpus[cpu];
	if (!sk_room(s, (void **)&c->p, c->n, &c->cap, sizeof(*q)))
		return;
	q = &c->p[c->n++];
	q->t0 = t0;
	q->t1 = t1 < t0 ? t0 : t1;
	q->call = call;
	q->flags = flags;
	if (q->t1 - q->t0 > c->maxlen)
		c->maxlen = q->t1 - q->t0;
}

/* A call on one CPU is one piece; one that moved, a piece on each end. */
static void pieces(struct sk_set *s, size_t i)
{
	struct sk_call *c = &s->calls[i];
	uint8_t f = (c->t0 == SK_NA ? SK_NOSTART : 0) |
		    (c->t1 == SK_NA ? SK_OPEN : 0);
	int64_t t0 = c->t0 == SK_NA ? s->first : c->t0;
	int64_t t1 = c->t1 == SK_NA ? s->last : c->t1;

	if (c->cpu0 < 0 || c->cpu0 == c->cpu1) {
		piece(s, c->cpu0 < 0 ? c->cpu1 : c->cpu0, t0, t1, i, f);
	} else {
		s->migrated++;
		piece(s, c->cpu0, t0, c->leave, i, f & SK_NOSTART);
		piece(s, c->cpu1, c->arrive, t1, i, f & SK_OPEN);
	}
	if (c->t1 == SK_NA)
		c->cpu1 = -1;
}

static int by_start(const void *a, const void *b)
{
	const struct sk_piece *x = a, *y = b;

	if (x->t0 != y->t0)
		return x->t0 < y->t0 ? -1 : 1;
	return x->call < y->call ? -1 : x->call > y->call;
}

void sk_pieces(struct sk_set *s)
{
	struct sk_cpu *c;
	size_t i;
	int n = 0;

	for (i = 0; i < s->ncalls; i++) {
		if (s->calls[i].cpu0 >= n)
			n = s->calls[i].cpu0 + 1;
		if (s->calls[i].cpu1 >= n)
			n = s->calls[i].cpu1 + 1;
	}
	for (i = 0; i < s->nmarks; i++)
		if (s->marks[i].cpu >= n)
			n = s->marks[i].cpu + 1;
	s->cpus = calloc(n ? n : 1, sizeof(*s->cpus));
	if (!s->cpus) {
		s->oom = true;
		return;
	}
	s->ncpus = n;
	for (i = 0; i < s->ncalls; i++)
		pieces(s, i);
	for (n = 0; n < s->ncpus; n++)
		qsort(s->cpus[n].p, s->cpus[n].n, sizeof(struct sk_piece),
		      by_start);
	for (i = 0; i < s->nmarks; i++) {
		c = &s->cpus[s->marks[i].cpu];
		if (sk_room(s, (void **)&c->m, c->nm, &c->cm, sizeof(*c->m)))
			c->m[c->nm++] = &s->marks[i];
	}
}

size_t sk_first_piece(const struct sk_cpu *c, int64_t t0)
{
	size_t lo = 0, hi = c->n, mid;
	int64_t from = t0 - c->maxlen;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (c->p[mid].t0 < from)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t sk_first_mark(const struct sk_cpu *c, int64_t t0)
{
	size_t lo = 0, hi = c->nm, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (c->m[mid]->ts < t0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}
