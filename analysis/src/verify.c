// SPDX-License-Identifier: GPL-2.0
/*
 * A data event must be one the trace has a format for, long enough for
 * that format's fields, with its dynamic fields inside it. Random bytes
 * in the data fail this almost at once; a zeroed stretch fails the page
 * rules (rbpage.c). Checked on the file's own bytes (decompressed chunk by
 * chunk) before libtracecmd reads them, so the library never walks a page
 * that could make its kbuffer loop or read outside the page.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify.h"

#define MAX_DYN 16

/* What one event id needs, worked out once from its format. */
struct evneed {
	bool known;		/* looked up */
	bool exists;
	uint32_t min;		/* bytes its static fields need */
	int ndyn;
	struct { uint16_t off; bool rel; } dyn[MAX_DYN];
};

/* Event types seen, by id (open addressing: a trace has few types). */
#define NEED_SLOTS 512

struct ctx {
	struct tep_handle *tep;
	struct evneed *need;	/* NEED_SLOTS of them */
	int *need_id;		/* the id in each slot, -1 free */
	struct evneed spare;	/* when the slots are all taken */
	bool big;
};

static struct evneed *need_of(struct ctx *x, int id)
{
	unsigned int i, h = (unsigned int)id * 2654435761u % NEED_SLOTS;

	for (i = 0; i < NEED_SLOTS; i++, h = (h + 1) % NEED_SLOTS) {
		if (x->need_id[h] == id)
			return &x->need[h];
		if (x->need_id[h] < 0) {
			x->need_id[h] = id;
			return &x->need[h];
		}
	}
	memset(&x->spare, 0, sizeof(x->spare));
	return &x->spare;
}

static void work_out(struct ctx *x, int id, struct evneed *nd)
{
	struct tep_event *ev = tep_find_event(x->tep, id);
	struct tep_format_field *fl;
	int pass;

	nd->known = true;
	nd->exists = ev != NULL;
	if (!ev)
		return;
	for (pass = 0; pass < 2; pass++) {
		fl = pass ? ev->format.fields : ev->format.common_fields;
		for (; fl; fl = fl->next) {
			uint32_t end = fl->offset + fl->size;

			if (fl->offset < 0 || fl->size < 0)
				continue;
			if (end > nd->min)
				nd->min = end;
			if ((fl->flags & TEP_FIELD_IS_DYNAMIC) &&
			    fl->size == 4 && nd->ndyn < MAX_DYN) {
				nd->dyn[nd->ndyn].off = fl->offset;
				nd->dyn[nd->ndyn++].rel =
					fl->flags & TEP_FIELD_IS_RELATIVE;
			}
		}
	}
}

static uint32_t rd32(const struct ctx *x, const uint8_t *p)
{
	return x->big ? (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3] :
			(uint32_t)p[3] << 24 | p[2] << 16 | p[1] << 8 | p[0];
}

static int check_event(const struct rb_ev *e, void *arg, char *why, size_t n)
{
	struct ctx *x = arg;
	struct evneed *nd;
	int id, i;

	id = x->big ? e->data[0] << 8 | e->data[1] :
		      e->data[1] << 8 | e->data[0];
	nd = need_of(x, id);
	if (!nd->known)
		work_out(x, id, nd);
	if (!nd->exists) {
		snprintf(why, n, "event type %d has no format in this trace", id);
		return -1;
	}
	if (e->len < nd->min) {
		snprintf(why, n, "event type %d of %u bytes, its format needs %u",
			 id, e->len, nd->min);
		return -1;
	}
	for (i = 0; i < nd->ndyn; i++) {
		uint32_t loc = rd32(x, e->data + nd->dyn[i].off);
		uint32_t off = loc & 0xffff, len = loc >> 16;

		if (nd->dyn[i].rel)
			off += nd->dyn[i].off + 4;
		if (off > e->len || len > e->len - off) {
			snprintf(why, n, "event type %d: a dynamic field (%u bytes at %u) outside its %u bytes",
				 id, len, off, e->len);
			return -1;
		}
	}
	return 0;
}

struct walk {
	struct tdat *t;
	struct rb_fmt f;
	struct ctx x;
	int cpu;
	uint64_t npages;
};

/* @page is page @k of the CPU's data; @where names its bytes in the file. */
static int one_page(struct walk *w, struct rb_cpu *c, const uint8_t *page,
		    uint64_t k, const char *where)
{
	char why[240];
	uint32_t at;

	if (!rb_page(&w->f, page, c, check_event, &w->x, why, sizeof(why), &at))
		return 0;
	snprintf(w->t->err, sizeof(w->t->err),
		 "damaged trace: CPU %d, page %llu of %llu (%s), byte %u: %s",
		 w->cpu, (unsigned long long)k, (unsigned long long)w->npages,
		 where, at, why);
	return -1;
}

static int plain_pages(struct walk *w, const struct tdat_cpu *d,
		       struct rb_cpu *c)
{
	uint64_t k, off;
	char where[64];

	for (k = 0; k < w->npages; k++) {
		off = d->offset + k * w->f.page_size;
		snprintf(where, sizeof(where), "file offset %llu",
			 (unsigned long long)off);
		if (one_page(w, c, w->t->map + off, k, where))
			return -1;
	}
	return 0;
}

static int chunk_pages(struct walk *w, const struct tdat_cpu *d,
		       struct rb_cpu *c)
{
	uint64_t k = 0, p;
	uint8_t *buf = NULL;
	char where[96];
	uint32_t i;
	int ret = 0;

	for (i = 0; i < d->nchunks && !ret; i++) {
		const struct tdat_chunk *ch = &d->chunks[i];
		uint8_t *nb = realloc(buf, ch->usize);

		if (!nb) {
			snprintf(w->t->err, sizeof(w->t->err), "out of memory");
			ret = -1;
			break;
		}
		buf = nb;
		if (zdec(w->t->alg, w->t->map + ch->zoff, ch->zsize, buf,
			 ch->usize)) {
			snprintf(w->t->err, sizeof(w->t->err),
				 "damaged trace: CPU %d, chunk %u of %u (file offset %llu) does not decompress to its %u bytes",
				 w->cpu, i, d->nchunks,
				 (unsigned long long)ch->zoff - 8, ch->usize);
			ret = -1;
			break;
		}
		for (p = 0; p < ch->usize / w->f.page_size && !ret; p++, k++) {
			snprintf(where, sizeof(where),
				 "page %llu of the chunk at file offset %llu",
				 (unsigned long long)p,
				 (unsigned long long)ch->zoff - 8);
			ret = one_page(w, c, buf + p * w->f.page_size, k,
				       where);
		}
	}
	free(buf);
	return ret;
}

int verify_data(struct tdat *t, struct tep_handle *tep, struct vdata *v)
{
	struct walk w = { .t = t };
	int i, ret = 0;

	memset(v, 0, sizeof(*v));
	w.f.big = t->big_endian;
	w.f.commit_size = tep_get_header_page_size(tep);
	w.f.page_size = t->page_size;
	if (tep_get_header_timestamp_size(tep) != 8 ||
	    (w.f.commit_size != 4 && w.f.commit_size != 8)) {
		snprintf(t->err, sizeof(t->err),
			 "damaged trace: ring-buffer page header with a %d-byte timestamp and a %d-byte commit",
			 tep_get_header_timestamp_size(tep), w.f.commit_size);
		return -1;
	}
	w.x.tep = tep;
	w.x.big = t->big_endian;
	w.x.need = calloc(NEED_SLOTS, sizeof(*w.x.need));
	w.x.need_id = malloc(NEED_SLOTS * sizeof(*w.x.need_id));
	v->cpu = calloc(t->ncpu ? t->ncpu : 1, sizeof(*v->cpu));
	v->ncpu = t->ncpu;
	if (w.x.need_id)
		memset(w.x.need_id, -1, NEED_SLOTS * sizeof(*w.x.need_id));
	if (!w.x.need || !w.x.need_id || !v->cpu) {
		snprintf(t->err, sizeof(t->err), "out of memory");
		ret = -1;
	}
	for (i = 0; i < t->ncpu && !ret; i++) {
		const struct tdat_cpu *d = &t->cpu[i];

		if (!d->present || !d->data_size)
			continue;
		w.cpu = i;
		w.npages = d->data_size / t->page_size;
		ret = t->data_compressed ? chunk_pages(&w, d, &v->cpu[i]) :
					   plain_pages(&w, d, &v->cpu[i]);
	}
	free(w.x.need);
	free(w.x.need_id);
	return ret;
}

void vdata_free(struct vdata *v)
{
	free(v->cpu);
	v->cpu = NULL;
}
