// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <string.h>

#include "names.h"
#include "strtab.h"
#include "util.h"

void names_reset(struct names *n, symbol_fn fn, void *arg)
{
	htab_free(&n->by_shr);
	htab_free(&n->by_id);
	htab_free(&n->syms);
	htab_init(&n->by_shr, sizeof(int64_t), sizeof(struct ident));
	htab_init(&n->by_id, sizeof(int64_t), sizeof(uint32_t));
	htab_init(&n->syms, sizeof(int64_t), sizeof(uint32_t));
	n->symbol = fn;
	n->sym_arg = arg;
}

static uint32_t sym_of(struct names *n, int64_t addr)
{
	const char *s = NULL;
	uint32_t *id = htab_get(&n->syms, &addr);
	uint32_t v;
	char hex[32];

	if (id)
		return *id;
	if (addr == NA) {
		s = "?";
	} else {
		if (n->symbol)
			s = n->symbol((uint64_t)addr, n->sym_arg);
		if (!s) {
			snprintf(hex, sizeof(hex), "0x%" PRIx64, (uint64_t)addr);
			s = hex;
		}
	}
	v = str_intern(s);
	*(uint32_t *)htab_put(&n->syms, &addr) = v;
	return v;
}

static void remember_id(struct names *n, int64_t id, uint32_t name)
{
	if (id != NA && id >= 0 && name)
		*(uint32_t *)htab_put(&n->by_id, &id) = name;
}

struct ident names_of(struct names *n, const struct ev *e)
{
	int64_t shr = e->v[F_SHR];
	struct ident *known, id;

	id.sym = sym_of(n, e->v[F_SHRINK]);
	if (e->name[0]) {
		id.name = str_intern(e->name);
		id.src = SRC_TRACE;
		*(struct ident *)htab_put(&n->by_shr, &shr) = id;
		remember_id(n, e->v[F_SHRINKER_ID], id.name);
		return id;
	}
	known = htab_get(&n->by_shr, &shr);
	if (known)
		return *known;
	id.name = id.sym;
	id.src = SRC_SYMBOL;
	/*
	 * Without CONFIG_SHRINKER_DEBUG (Debian's configs) names are empty:
	 * lrus of this shrinker_id are named by its scan function then.
	 */
	if (!names_by_id(n, e->v[F_SHRINKER_ID]))
		remember_id(n, e->v[F_SHRINKER_ID], id.name);
	return id;
}

void names_register(struct names *n, const struct ev *e)
{
	int64_t shr = e->v[F_SHR];
	struct ident id;

	if (!e->name[0])
		return;
	id.sym = sym_of(n, e->v[F_SHRINK]);
	id.name = str_intern(e->name);
	id.src = SRC_REGISTER;
	*(struct ident *)htab_put(&n->by_shr, &shr) = id;
	remember_id(n, e->v[F_SHRINKER_ID], id.name);
}

uint32_t names_by_id(const struct names *n, int64_t id)
{
	uint32_t *v;

	if (id == NA || id < 0)
		return 0;
	v = htab_get(&n->by_id, &id);
	return v ? *v : 0;
}

const char *src_str(uint8_t src)
{
	switch (src) {
	case SRC_TRACE:
		return "trace";
	case SRC_REGISTER:
		return "register";
	default:
		return "symbol";
	}
}
