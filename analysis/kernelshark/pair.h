/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shrinker calls from shrinker events, with the analyser's rules
 * (analysis/src/agg.c, names.c): a call is start -> batches -> end in one
 * task, an end or batch belongs to the call open in its task when it names
 * the same shrinker instance (shr); names come from the name field, else
 * what a named event or mm_shrinker_register said for that shr, else the
 * scan function's symbol. No KernelShark here: the plugin and the unit test
 * feed it.
 */
#ifndef SSKS_PAIR_H
#define SSKS_PAIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A value the trace cannot give (analysis/src/util.h's NA). */
#define SK_NA INT64_MIN

enum sk_kind { SK_START, SK_BATCH, SK_END, SK_REGISTER, SK_WALK, SK_VMP };

/* One event, as small as the calls and marks need. */
struct sk_ev {
	int64_t ts;
	int64_t shr, shrink, nid, memcg, id;	/* id: shrinker_id */
	int64_t val;	/* end retval, batch nr_scanned, walk removed,
			 * vmpressure level */
	int64_t val2;	/* start total_scan, end scanned, walk walked,
			 * vmp reclaimed */
	uint32_t seq;	/* arrival order: keeps the sort stable */
	uint32_t name;	/* string id of the name field, 0: none */
	int32_t pid;
	int16_t cpu;
	uint8_t kind;
};

enum sk_src { SK_SRC_TRACE, SK_SRC_REGISTER, SK_SRC_SYMBOL };

struct sk_call {
	int64_t t0, t1;		/* start, end; SK_NA: outside the trace */
	int64_t leave, arrive;	/* last event on cpu0, first on cpu1 */
	int64_t shr, nid, memcg;
	int64_t freed;		/* end retval */
	int64_t scanned;	/* end scanned, else the batches' nr_scanned */
	int64_t asked;		/* start total_scan */
	int32_t pid, batches;
	int16_t cpu0, cpu1;	/* -1: that end is not in the trace */
	uint32_t name;		/* string id */
	uint8_t src;		/* enum sk_src */
};

/* list_lru_walk and vmpressure_notify, drawn as marks. */
struct sk_mark {
	int64_t ts;
	int64_t a, b;		/* walk removed, walked; vmp level, reclaimed */
	int64_t memcg;
	uint32_t name;		/* walk: the shrinker's name, 0: unknown */
	int32_t pid;
	int16_t cpu;
	uint8_t kind;
};

/* A call's stretch on one CPU, for drawing. */
struct sk_piece {
	int64_t t0, t1;
	uint32_t call;
	uint8_t flags;
};

#define SK_OPEN		1	/* the end is not in the trace */
#define SK_NOSTART	2	/* the start is not in the trace */

struct sk_cpu {
	struct sk_piece *p;
	size_t n, cap;
	int64_t maxlen;		/* longest piece: how far back to look */
	struct sk_mark **m;	/* marks of this CPU, in time order */
	size_t nm, cm;
};

typedef const char *(*sk_symbol_fn)(uint64_t addr, void *arg);

struct sk_strs {
	char **s;		/* s[0] is "" */
	size_t n, cap;
	uint32_t *slot;		/* open addressing, 0: empty */
	size_t nslot;
};

struct sk_set {
	struct sk_ev *ev;
	size_t nev, cev;
	struct sk_call *calls;
	size_t ncalls, ccalls;
	struct sk_mark *marks;
	size_t nmarks, cmarks;
	struct sk_cpu *cpus;
	int ncpus;
	struct sk_strs strs;
	int64_t first, last;	/* first and last event seen */
	int64_t ends_unpaired;	/* end without a start in its task */
	int64_t starts_open;	/* start without an end */
	int64_t batches_alone;	/* batch outside a call */
	int64_t migrated;	/* calls that ended on another CPU */
	bool paired;
	bool oom;		/* an allocation failed: partial result */
	sk_symbol_fn symbol;
	void *sym_arg;
};

void sk_init(struct sk_set *s, sk_symbol_fn fn, void *arg);
void sk_free(struct sk_set *s);
/* Interns @name (not NUL-terminated, @len bytes); 0 on failure. */
uint32_t sk_str(struct sk_set *s, const char *name, size_t len);
const char *sk_strget(const struct sk_set *s, uint32_t id);
void sk_strs_free(struct sk_strs *t);
/* Queue one event; events may come in any order (KernelShark: by CPU). */
void sk_add(struct sk_set *s, const struct sk_ev *e);
/* Sort the events by time, pair them; the events are then freed. */
void sk_pair(struct sk_set *s);
/* Pieces of @cpu that may overlap [t0, t1]: index of the first. */
size_t sk_first_piece(const struct sk_cpu *c, int64_t t0);
size_t sk_first_mark(const struct sk_cpu *c, int64_t t0);

/* Internal: pair.c and pieces.c */
bool sk_room(struct sk_set *s, void **arr, size_t n, size_t *cap,
	     size_t size);
void sk_pieces(struct sk_set *s);

#ifdef __cplusplus
}
#endif

#endif
