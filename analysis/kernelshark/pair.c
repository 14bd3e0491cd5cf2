// SPDX-License-Identifier: GPL-2.0
/*
 * Pairing in time order, per task, as the analyser does: KernelShark hands
 * the plugin its records CPU by CPU, and a task that sleeps in a shrinker
 * (cond_resched) may end the call on another CPU, so the events are kept,
 * sorted, and paired at the end.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map.h"
#include "pair.h"

void sk_init(struct sk_set *s, sk_symbol_fn fn, void *arg)
{
	memset(s, 0, sizeof(*s));
	s->first = SK_NA;
	s->last = SK_NA;
	s->symbol = fn;
	s->sym_arg = arg;
}

void sk_free(struct sk_set *s)
{
	int i;

	for (i = 0; i < s->ncpus; i++) {
		free(s->cpus[i].p);
		free(s->cpus[i].m);
	}
	free(s->cpus);
	free(s->ev);
	free(s->calls);
	free(s->marks);
	sk_strs_free(&s->strs);
	sk_init(s, NULL, NULL);
}

/* Room for one more element of @size in *@arr; false, and oom, if none. */
bool sk_room(struct sk_set *s, void **arr, size_t n, size_t *cap,
	     size_t size)
{
	size_t c = *cap ? 2 * *cap : 256;
	void *p;

	if (n < *cap)
		return true;
	p = realloc(*arr, c * size);
	if (!p) {
		s->oom = true;
		return false;
	}
	*arr = p;
	*cap = c;
	return true;
}

void sk_add(struct sk_set *s, const struct sk_ev *e)
{
	struct sk_ev *n;

	if (s->paired || e->cpu < 0 ||
	    !sk_room(s, (void **)&s->ev, s->nev, &s->cev, sizeof(*e)))
		return;
	n = &s->ev[s->nev];
	*n = *e;
	n->seq = s->nev++;
	if (s->first == SK_NA || e->ts < s->first)
		s->first = e->ts;
	if (s->last == SK_NA || e->ts > s->last)
		s->last = e->ts;
}

static int by_time(const void *a, const void *b)
{
	const struct sk_ev *x = a, *y = b;

	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* The pairing pass's state: what analysis/src/names.c and agg.c keep. */
struct pass {
	struct sk_set *s;
	struct sk_map open;	/* pid -> call index + 1 */
	struct sk_map by_shr;	/* shr -> name | src << 32 */
	struct sk_map by_id;	/* shrinker_id -> name */
	struct sk_map syms;	/* scan function -> name */
};

static uint32_t sym_of(struct pass *p, int64_t addr)
{
	uint64_t *v = map_get(&p->syms, addr);
	const char *name = NULL;
	char hex[32];
	uint32_t id;

	if (v)
		return *v;
	if (addr == SK_NA) {
		name = "?";
	} else {
		if (p->s->symbol)
			name = p->s->symbol((uint64_t)addr, p->s->sym_arg);
		if (!name) {
			snprintf(hex, sizeof(hex), "0x%" PRIx64,
				 (uint64_t)addr);
			name = hex;
		}
	}
	id = sk_str(p->s, name, strlen(name));
	p->s->oom |= !map_set(&p->syms, addr, id);
	return id;
}

static void remember_id(struct pass *p, int64_t id, uint32_t name)
{
	if (id != SK_NA && id >= 0 && name)
		p->s->oom |= !map_set(&p->by_id, id, name);
}

/* The shrinker's name and where it came from, as names_of() decides. */
static void name_of(struct pass *p, const struct sk_ev *e, struct sk_call *c)
{
	uint64_t *known;

	if (e->name) {
		c->name = e->name;
		c->src = SK_SRC_TRACE;
		p->s->oom |= !map_set(&p->by_shr, e->shr,
				      e->name | (uint64_t)SK_SRC_TRACE << 32);
		remember_id(p, e->id, e->name);
		return;
	}
	known = map_get(&p->by_shr, e->shr);
	if (known) {
		c->name = (uint32_t)*known;
		c->src = *known >> 32;
		return;
	}
	c->name = sym_of(p, e->shrink);
	c->src = SK_SRC_SYMBOL;
}

static void on_register(struct pass *p, const struct sk_ev *e)
{
	if (!e->name)
		return;
	p->s->oom |= !map_set(&p->by_shr, e->shr,
			      e->name | (uint64_t)SK_SRC_REGISTER << 32);
	remember_id(p, e->id, e->name);
}

static struct sk_call *new_call(struct pass *p, const struct sk_ev *e)
{
	struct sk_set *s = p->s;
	struct sk_call *c;

	if (!sk_room(s, (void **)&s->calls, s->ncalls, &s->ccalls, sizeof(*c)))
		return NULL;
	c = &s->calls[s->ncalls++];
	memset(c, 0, sizeof(*c));
	c->t0 = c->t1 = SK_NA;
	c->leave = c->arrive = e->ts;
	c->shr = e->shr;
	c->nid = e->nid;
	c->memcg = e->memcg;
	c->freed = c->scanned = c->asked = SK_NA;
	c->pid = e->pid;
	c->cpu0 = c->cpu1 = e->cpu;
	name_of(p, e, c);
	return c;
}

/* The open call of @e's task, if any. */
static struct sk_call *open_call(struct pass *p, const struct sk_ev *e)
{
	uint64_t *v = map_get(&p->open, e->pid);

	return v && *v ? &p->s->calls[*v - 1] : NULL;
}

static void set_open(struct pass *p, int32_t pid, size_t v)
{
	p->s->oom |= !map_set(&p->open, pid, v);
}

/* Where the call has been: cpu1 is the CPU it is on while it runs. */
static void track(struct sk_call *c, const struct sk_ev *e)
{
	if (e->cpu != c->cpu1) {
		c->cpu1 = e->cpu;
		c->arrive = e->ts;
	} else if (c->cpu1 == c->cpu0 && c->arrive == c->leave) {
		c->leave = c->arrive = e->ts;
	}
}

static void on_start(struct pass *p, const struct sk_ev *e)
{
	struct sk_call *c;

	if (open_call(p, e))
		p->s->starts_open++;	/* its end never came */
	c = new_call(p, e);
	if (!c)
		return;
	c->t0 = e->ts;
	c->asked = e->val2;
	set_open(p, e->pid, p->s->ncalls);
}

static void on_batch(struct pass *p, const struct sk_ev *e)
{
	struct sk_call *c = open_call(p, e);

	if (!c || c->shr != e->shr) {
		p->s->batches_alone++;
		return;
	}
	track(c, e);
	c->batches++;
	if (e->val != SK_NA)
		c->scanned = (c->scanned == SK_NA ? 0 : c->scanned) + e->val;
}

static void on_end(struct pass *p, const struct sk_ev *e)
{
	struct sk_call *c = open_call(p, e);

	if (c && c->shr != e->shr) {
		/* agg.c drops that open call: its end never came */
		p->s->starts_open++;
		c = NULL;
	}
	if (!c) {
		c = new_call(p, e);
		if (!c)
			return;
		c->cpu0 = -1;
		p->s->ends_unpaired++;
	} else {
		track(c, e);
	}
	c->t1 = e->ts;
	c->freed = e->val;
	if (e->val2 != SK_NA)
		c->scanned = e->val2;
	set_open(p, e->pid, 0);
}

static void on_mark(struct pass *p, const struct sk_ev *e)
{
	struct sk_set *s = p->s;
	struct sk_call *c;
	struct sk_mark *m;
	uint64_t *name;

	if (!sk_room(s, (void **)&s->marks, s->nmarks, &s->cmarks, sizeof(*m)))
		return;
	m = &s->marks[s->nmarks++];
	memset(m, 0, sizeof(*m));
	m->ts = e->ts;
	m->a = e->val;
	m->b = e->val2;
	m->memcg = e->memcg;
	m->pid = e->pid;
	m->cpu = e->cpu;
	m->kind = e->kind;
	if (e->kind != SK_WALK)
		return;
	/* the lru's shrinker: by its id, else the call in flight */
	name = e->id >= 0 ? map_get(&p->by_id, e->id) : NULL;
	c = open_call(p, e);
	if (name)
		m->name = *name;
	else if (c)
		m->name = c->name;
}

static void step(struct pass *p, const struct sk_ev *e)
{
	switch (e->kind) {
	case SK_START:
		on_start(p, e);
		break;
	case SK_BATCH:
		on_batch(p, e);
		break;
	case SK_END:
		on_end(p, e);
		break;
	case SK_REGISTER:
		on_register(p, e);
		break;
	default:
		on_mark(p, e);
		break;
	}
}

void sk_pair(struct sk_set *s)
{
	struct pass p = { .s = s };
	uint64_t *v;
	size_t i;

	if (s->paired)
		return;
	s->paired = true;
	qsort(s->ev, s->nev, sizeof(*s->ev), by_time);
	for (i = 0; i < s->nev; i++)
		step(&p, &s->ev[i]);
	for (i = 0; i < p.open.cap; i++) {
		v = &p.open.vals[i];
		s->starts_open += p.open.used[i] && *v;
	}
	free(s->ev);
	s->ev = NULL;
	s->nev = s->cev = 0;
	map_free(&p.open);
	map_free(&p.by_shr);
	map_free(&p.by_id);
	map_free(&p.syms);
	sk_pieces(s);
}
