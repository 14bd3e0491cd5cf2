/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shrinker names, from the trace only: the event's name field, else what
 * mm_shrinker_register said about that shrinker, else the symbol of its
 * scan function.
 */
#ifndef SS_NAMES_H
#define SS_NAMES_H

#include "event.h"
#include "htab.h"

enum name_src { SRC_TRACE, SRC_REGISTER, SRC_SYMBOL };

struct ident {
	uint32_t name;		/* strtab id of the label */
	uint32_t sym;		/* strtab id of the scan function */
	uint8_t src;		/* enum name_src of @name */
};

typedef const char *(*symbol_fn)(uint64_t addr, void *arg);

struct names {
	struct htab by_shr;	/* shrinker pointer -> ident */
	struct htab by_id;	/* shrinker_id -> name id */
	struct htab syms;	/* scan function address -> name id */
	symbol_fn symbol;
	void *sym_arg;
};

/* Pointers and ids belong to one boot: start afresh for each file. */
void names_reset(struct names *n, symbol_fn fn, void *arg);
struct ident names_of(struct names *n, const struct ev *e);
void names_register(struct names *n, const struct ev *e);
/* Name of a shrinker_id, 0 if never seen. */
uint32_t names_by_id(const struct names *n, int64_t id);
const char *src_str(uint8_t src);

#endif
