// SPDX-License-Identifier: GPL-2.0
/*
 * Version 7: sections. libtracecmd walks every section header from the
 * file header to the end (looking for strings), follows the chain of
 * options sections, and seeks to each metadata section an option names.
 * So: the sections must tile the file to its last byte, every offset an
 * option gives must be the start of a section of the right id, and the
 * chain must end.
 */
#include <stdlib.h>
#include <string.h>

#include "tdat.h"

#define MAX_SECTIONS 65536
#define MAX_OPTION_HOPS 64

struct sec {
	uint64_t off, size;
	uint16_t id, flags;
};

struct v7 {
	struct sec *s;
	size_t n;
};

static const struct sec *find(const struct v7 *v, uint64_t off)
{
	size_t i;

	for (i = 0; i < v->n; i++)
		if (v->s[i].off == off)
			return &v->s[i];
	return NULL;
}

/* A reader over a section's content, decompressed if need be (*buf). */
static int content(struct tdat *t, const struct sec *s, struct rd *c,
		   uint8_t **buf)
{
	struct rd raw = { t->map + s->off + 16, s->size, 0, s->off + 16,
			  t->big_endian, false };
	size_t len;

	*buf = NULL;
	*c = raw;
	if (!(s->flags & 1))
		return 0;
	*buf = tdat_block(t, &raw, &len);
	if (!*buf)
		return -1;
	*c = (struct rd){ *buf, len, 0, s->off, t->big_endian, true };
	return 0;
}

static int walk(struct tdat *t, struct rd *r, struct v7 *v)
{
	uint64_t pos = r->pos;
	struct sec *s;
	uint8_t *buf;
	struct rd c;

	while (pos < t->len) {
		if (t->len - pos < 16)
			return tdat_bad(t, pos, "section header cut short: truncated");
		if (v->n == MAX_SECTIONS)
			return tdat_bad(t, pos, "more than %d sections", MAX_SECTIONS);
		if (!(v->n & (v->n - 1))) {
			size_t cap = v->n ? 2 * v->n : 1;
			void *p = realloc(v->s, cap * sizeof(*v->s));

			if (!p)
				return tdat_bad(t, pos, "out of memory");
			v->s = p;
		}
		s = &v->s[v->n++];
		s->off = pos;
		s->id = get_num(t->map + pos, 2, t->big_endian);
		s->flags = get_num(t->map + pos + 2, 2, t->big_endian);
		s->size = get_num(t->map + pos + 8, 8, t->big_endian);
		if (s->size > t->len - pos - 16)
			return tdat_bad(t, pos, "section %u of %llu bytes, %llu left: truncated",
					s->id, (unsigned long long)s->size,
					(unsigned long long)t->len - pos - 16);
		if (s->flags & ~1u || ((s->flags & 1) && t->alg == ZA_NONE))
			return tdat_bad(t, pos, "section %u has flags %#x", s->id, s->flags);
		/* the library reads every strings section while opening */
		if (s->id == OPT_STRINGS) {
			if (content(t, s, &c, &buf))
				return -1;
			free(buf);
		}
		pos += 16 + s->size;
	}
	return 0;
}

static int options(struct tdat *t, struct rd *c, uint64_t *next)
{
	uint32_t size, count = 0;
	uint16_t id;

	for (;;) {
		if (!rd_has(c, 6))
			return tdat_bad(t, rd_at(c), "options end without DONE");
		id = rd_num(c, 2);
		size = rd_num(c, 4);
		if (!rd_has(c, size))
			return tdat_bad(t, rd_at(c), "option %u of %u bytes, %zu left",
					id, size, c->len - c->pos);
		if (id == OPT_DONE) {
			if (size < 8)
				return tdat_bad(t, rd_at(c), "DONE option of %u bytes", size);
			*next = rd_num(c, 8);
			return 0;
		}
		if (tdat_option(t, c, id, size, &count))
			return -1;
		c->pos += size;
	}
}

static int chain(struct tdat *t, const struct v7 *v, uint64_t off)
{
	const struct sec *s;
	int hops = 0, ret;
	uint8_t *buf;
	struct rd c;

	while (off) {
		s = find(v, off);
		if (!s || s->id != OPT_DONE)
			return tdat_bad(t, off, "no options section where the file says");
		if (++hops > MAX_OPTION_HOPS)
			return tdat_bad(t, off, "options sections loop");
		if (content(t, s, &c, &buf))
			return -1;
		ret = options(t, &c, &off);
		free(buf);
		if (ret)
			return -1;
	}
	return 0;
}

static int metadata(struct tdat *t, const struct v7 *v)
{
	const struct sec *s;
	uint8_t *buf;
	struct rd c;
	int id, ret;

	for (id = OPT_HEADER_INFO; id <= OPT_CMDLINES; id++) {
		if (!t->meta_set[id])
			continue;
		s = find(v, t->meta_off[id]);
		if (!s || s->id != id)
			return tdat_bad(t, t->meta_off[id], "no section %d where the options say",
					id);
		if (content(t, s, &c, &buf))
			return -1;
		ret = tdat_meta(t, id, &c);
		free(buf);
		if (ret)
			return -1;
	}
	return 0;
}

/* The top buffer's CPU data lie inside its flyrecord section. */
static int flyrecord(struct tdat *t, const struct v7 *v)
{
	const struct sec *s;
	uint64_t lo, hi;
	int i;

	if (!t->have_top)
		return tdat_bad(t, 0, "no trace data (no top-level buffer)");
	s = find(v, t->fly_off);
	if (!s || s->id != OPT_BUFFER)
		return tdat_bad(t, t->fly_off, "no buffer section where the options say");
	t->data_compressed = s->flags & 1;
	lo = s->off + 16;
	hi = lo + s->size;
	for (i = 0; i < t->ncpu; i++) {
		struct tdat_cpu *c = &t->cpu[i];

		if (c->present && c->size &&
		    (c->offset < lo || c->offset > hi ||
		     c->size + 4 * t->data_compressed > hi - c->offset))
			return tdat_bad(t, c->offset, "CPU %d's data (%llu bytes) is not inside its buffer section",
					i, (unsigned long long)c->size);
	}
	return 0;
}

int tdat_v7(struct tdat *t, struct rd *r)
{
	const char *zname, *zver;
	struct v7 v = { NULL, 0 };
	uint64_t first;
	int ret;

	zname = rd_str(r);
	zver = zname ? rd_str(r) : NULL;
	if (!zver || !rd_has(r, 8))
		return tdat_bad(t, r->pos, "file header cut short");
	t->alg = zalg_of(zname);
	if (t->alg == ZA_UNKNOWN)
		return tdat_bad(t, r->pos, "compression '%.16s' unknown", zname);
	first = rd_num(r, 8);
	ret = walk(t, r, &v);
	if (!ret)
		ret = chain(t, &v, first);
	if (!ret && !first)
		ret = tdat_bad(t, r->pos - 8, "no options section");
	if (!ret)
		ret = metadata(t, &v);
	if (!ret)
		ret = flyrecord(t, &v);
	free(v.s);
	return ret;
}
