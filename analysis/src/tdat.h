/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The layout of a trace.dat file (versions 6 and 7), checked before
 * libtracecmd reads it: every length, offset, count and terminator the
 * library trusts, every section and per-CPU data range inside the file.
 */
#ifndef SS_TDAT_H
#define SS_TDAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "zdec.h"

#define TDAT_MAX_CPUS 4096

/* Section and option ids (trace-cmd.dat.v7(5)). */
enum {
	OPT_DONE, OPT_DATE, OPT_CPUSTAT, OPT_BUFFER, OPT_TRACECLOCK,
	OPT_UNAME, OPT_HOOK, OPT_OFFSET, OPT_CPUCOUNT, OPT_VERSION,
	OPT_PROCMAPS, OPT_TRACEID, OPT_TIME_SHIFT, OPT_GUEST, OPT_TSC2NSEC,
	OPT_STRINGS, OPT_HEADER_INFO, OPT_FTRACE_EVENTS, OPT_EVENT_FORMATS,
	OPT_KALLSYMS, OPT_PRINTK, OPT_CMDLINES, OPT_BUFFER_TEXT,
	TDAT_META_MAX
};

struct tdat_chunk {
	uint64_t zoff;		/* compressed bytes, in the file */
	uint32_t zsize, usize;
};

/* One CPU's ring-buffer pages: in the file, or in chunks to decompress. */
struct tdat_cpu {
	bool present;
	uint64_t offset, size;	/* in the file */
	uint64_t data_size;	/* uncompressed */
	struct tdat_chunk *chunks;
	uint32_t nchunks;
};

struct tdat {
	const char *path;
	const uint8_t *map;	/* the whole file, read-only */
	size_t len;
	int version;
	bool big_endian;
	int long_size;
	uint32_t page_size;
	enum zalg alg;
	bool data_compressed;
	int ncpu;		/* CPU ids 0 .. ncpu - 1 */
	struct tdat_cpu *cpu;
	char err[320];
	/* what the options said, checked once all are read; v6: where
	 * each metadata part starts */
	uint64_t meta_off[TDAT_META_MAX];
	bool meta_set[TDAT_META_MAX];
	bool have_top, trace_clock;
	uint64_t fly_off;	/* v7: the top buffer's flyrecord section;
				 * v6: its CPUs' offsets and sizes */
	uint64_t v6_end;	/* v6: where the layout ends, data aside */
	uint32_t cpucount;	/* v6: CPUCOUNT option, 0 if none */
};

/* 0, or -1 with a one-line reason in t->err (mapped or not). */
int tdat_open(struct tdat *t, const char *path);
void tdat_close(struct tdat *t);

/* Internal: shared by tdat*.c. */
struct rd {
	const uint8_t *p;
	size_t len, pos;
	uint64_t base;		/* file offset of p[0], for messages */
	bool big;
	bool z;			/* decompressed: base is its section's */
};

/* The file offset to name in a message about where @r is. */
static inline uint64_t rd_at(const struct rd *r)
{
	return r->z ? r->base : r->base + r->pos;
}

int tdat_bad(struct tdat *t, uint64_t off, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool rd_has(const struct rd *r, size_t n);
uint64_t rd_num(struct rd *r, int bytes);
/* A NUL-terminated string inside the reader, or NULL. */
const char *rd_str(struct rd *r);
uint64_t get_num(const uint8_t *p, int bytes, bool big);

int tdat_option(struct tdat *t, struct rd *r, uint16_t id, uint32_t size,
		uint32_t *cpucount);
int tdat_meta(struct tdat *t, uint16_t id, struct rd *r);
/* A trace_clock text (NUL-terminated) the library can parse. */
int tdat_clock_text(struct tdat *t, const char *s, uint64_t off);
/* A compressed block (u32 zsize, u32 usize, data) at @r: its bytes. */
uint8_t *tdat_block(struct tdat *t, struct rd *r, size_t *len);
int tdat_v6(struct tdat *t, struct rd *r);
int tdat_v7(struct tdat *t, struct rd *r);

#endif
