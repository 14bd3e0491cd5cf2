// SPDX-License-Identifier: GPL-2.0
/*
 * libtracecmd trusts the lengths in a trace.dat: it mallocs what a header
 * says, reads strings up to a NUL it never checks for, and decodes a
 * damaged chunk into fewer bytes without a word. So the whole layout is
 * checked here first, on a read-only map of the file, and a file that
 * fails is refused before the library opens it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tdat.h"

/* Chunks are 10 pages when trace-cmd writes them; allow far more. */
#define MAX_CHUNK_PAGES 1024

int tdat_bad(struct tdat *t, uint64_t off, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(t->err, sizeof(t->err), "damaged trace: %s (at file offset %llu)",
		 msg, (unsigned long long)off);
	return -1;
}

uint64_t get_num(const uint8_t *p, int bytes, bool big)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < bytes; i++)
		v |= (uint64_t)p[big ? bytes - 1 - i : i] << (8 * i);
	return v;
}

bool rd_has(const struct rd *r, size_t n)
{
	return r->len - r->pos >= n;
}

/* Callers check rd_has() first; past the end reads as 0. */
uint64_t rd_num(struct rd *r, int bytes)
{
	uint64_t v;

	if (!rd_has(r, bytes))
		return 0;
	v = get_num(r->p + r->pos, bytes, r->big);
	r->pos += bytes;
	return v;
}

const char *rd_str(struct rd *r)
{
	const char *s = (const char *)r->p + r->pos;
	const uint8_t *nul = memchr(r->p + r->pos, 0, r->len - r->pos);

	if (!nul)
		return NULL;
	r->pos = nul - r->p + 1;
	return s;
}

uint8_t *tdat_block(struct tdat *t, struct rd *r, size_t *len)
{
	uint64_t at = rd_at(r);
	uint32_t zsize, usize;
	uint8_t *out;

	if (!rd_has(r, 8)) {
		tdat_bad(t, at, "compressed block cut short");
		return NULL;
	}
	zsize = rd_num(r, 4);
	usize = rd_num(r, 4);
	if (!rd_has(r, zsize)) {
		tdat_bad(t, at, "compressed block of %u bytes, only %zu left",
			 zsize, r->len - r->pos);
		return NULL;
	}
	/* no metadata section comes near this; a bad length must not
	 * make us (or the library after us) allocate gigabytes */
	if (usize > (256u << 20) || (uint64_t)usize > 1024ull * zsize + 4096) {
		tdat_bad(t, at, "compressed block claims %u bytes from %u", usize,
			 zsize);
		return NULL;
	}
	out = malloc(usize + 1);
	if (!out) {
		tdat_bad(t, at, "out of memory for a %u-byte block", usize);
		return NULL;
	}
	if (zdec(t->alg, r->p + r->pos, zsize, out, usize)) {
		free(out);
		tdat_bad(t, at, "compressed block does not decompress to its %u bytes",
			 usize);
		return NULL;
	}
	r->pos += zsize;
	*len = usize;
	return out;
}

/*
 * The chunks of one CPU's compressed data: a u32 count, then the chunks,
 * which fill exactly the size the buffer option gives (trace-cmd leaves
 * the count out of it).
 */
static int cpu_chunks(struct tdat *t, int id, struct tdat_cpu *c)
{
	struct rd r = { t->map + c->offset, c->size + 4, 0, c->offset,
			t->big_endian, false };
	uint32_t n, i;

	if (!rd_has(&r, 4))
		return tdat_bad(t, c->offset, "CPU %d: no chunk count", id);
	n = rd_num(&r, 4);
	if (n > c->size / 8)
		return tdat_bad(t, c->offset, "CPU %d: %u chunks in %llu bytes", id,
				n, (unsigned long long)c->size);
	c->chunks = calloc(n ? n : 1, sizeof(*c->chunks));
	if (!c->chunks)
		return tdat_bad(t, c->offset, "out of memory");
	for (i = 0; i < n; i++) {
		struct tdat_chunk *k = &c->chunks[i];
		uint64_t at = rd_at(&r);

		if (!rd_has(&r, 8))
			return tdat_bad(t, at, "CPU %d: chunk %u of %u cut short", id, i, n);
		k->zsize = rd_num(&r, 4);
		k->usize = rd_num(&r, 4);
		k->zoff = r.base + r.pos;
		if (!rd_has(&r, k->zsize))
			return tdat_bad(t, at, "CPU %d: chunk %u of %u bytes, %zu left",
					id, i, k->zsize, r.len - r.pos);
		if (!k->usize || k->usize % t->page_size ||
		    k->usize > MAX_CHUNK_PAGES * t->page_size)
			return tdat_bad(t, at, "CPU %d: chunk %u claims %u bytes, not a whole number of %u-byte pages",
					id, i, k->usize, t->page_size);
		r.pos += k->zsize;
		c->data_size += k->usize;
	}
	c->nchunks = n;
	if (r.pos != r.len)
		return tdat_bad(t, r.base + r.pos, "CPU %d: %zu bytes after its last chunk",
				id, r.len - r.pos);
	return 0;
}

static int check_cpus(struct tdat *t)
{
	int i;

	for (i = 0; i < t->ncpu; i++) {
		struct tdat_cpu *c = &t->cpu[i];

		if (!c->present || !c->size)
			continue;
		if (c->offset > t->len ||
		    c->size + 4 * t->data_compressed > t->len - c->offset)
			return tdat_bad(t, c->offset, "CPU %d's data (%llu bytes) runs past the end of the file (%zu bytes): truncated",
					i, (unsigned long long)c->size, t->len);
		if (t->data_compressed) {
			if (cpu_chunks(t, i, c))
				return -1;
			continue;
		}
		if (c->offset % t->page_size || c->size % t->page_size)
			return tdat_bad(t, c->offset, "CPU %d's data (%llu bytes) is not whole %u-byte pages",
					i, (unsigned long long)c->size,
					t->page_size);
		c->data_size = c->size;
	}
	return 0;
}

static int header(struct tdat *t, struct rd *r)
{
	const char *ver;
	int endian;

	r->pos = 10;		/* the magic, checked by the caller */
	ver = rd_str(r);
	if (!ver || !rd_has(r, 6))
		return tdat_bad(t, r->pos, "file header cut short");
	t->version = !strcmp(ver, "6") ? 6 : !strcmp(ver, "7") ? 7 : 0;
	if (!t->version)
		return tdat_bad(t, 10, "trace.dat version '%.8s' is not 6 or 7", ver);
	endian = r->p[r->pos++];
	t->long_size = r->p[r->pos++];
	if (endian > 1 || (t->long_size != 4 && t->long_size != 8))
		return tdat_bad(t, r->pos - 2, "endianness %d, long size %d",
				endian, t->long_size);
	t->big_endian = r->big = endian;
	t->page_size = rd_num(r, 4);
	if (t->page_size < 4096 || t->page_size > (1u << 20) ||
	    (t->page_size & (t->page_size - 1)))
		return tdat_bad(t, r->pos - 4, "page size %u", t->page_size);
	return 0;
}

int tdat_open(struct tdat *t, const char *path)
{
	struct stat st;
	struct rd r;
	void *map;
	int fd, ret;

	memset(t, 0, sizeof(*t));
	t->path = path;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		snprintf(t->err, sizeof(t->err), "%s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (st.st_size < 16) {
		close(fd);
		snprintf(t->err, sizeof(t->err), "damaged trace: %lld bytes, truncated",
			 (long long)st.st_size);
		return -1;
	}
	map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		snprintf(t->err, sizeof(t->err), "cannot map: %s", strerror(errno));
		return -1;
	}
	t->map = map;
	t->len = st.st_size;
	r = (struct rd){ t->map, t->len, 0, 0, false, false };
	if (header(t, &r))
		return -1;
	ret = t->version == 6 ? tdat_v6(t, &r) : tdat_v7(t, &r);
	if (ret)
		return -1;
	return check_cpus(t);
}

void tdat_close(struct tdat *t)
{
	int i;

	for (i = 0; t->cpu && i < t->ncpu; i++)
		free(t->cpu[i].chunks);
	free(t->cpu);
	if (t->map)
		munmap((void *)t->map, t->len);
	t->map = NULL;
	t->cpu = NULL;
}
