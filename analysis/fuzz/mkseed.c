// SPDX-License-Identifier: GPL-2.0
/*
 * mkseed IN.dat OUT.dat PAGES: a small seed for the fuzzer from a v6,
 * uncompressed trace: no kallsyms (2 MB the library parses on every
 * input), no ftrace formats (the function tracer's, never read by the
 * analyser) and at most PAGES pages of each CPU's data. The event
 * formats, printk formats, command lines and options stay as they are.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tdat.h"

static void put(FILE *f, const void *p, size_t n)
{
	if (fwrite(p, 1, n, f) != n) {
		perror("mkseed: write");
		exit(1);
	}
}

static void num(FILE *f, uint64_t v, int bytes)
{
	uint8_t b[8];
	int i;

	for (i = 0; i < bytes; i++)	/* little-endian traces only */
		b[i] = v >> (8 * i);
	put(f, b, bytes);
}

int main(int argc, char **argv)
{
	uint64_t ft, ev, ks, pk, fly, end, off, size[TDAT_MAX_CPUS];
	static const uint8_t zero[4096];
	struct tdat t;
	long pages;
	FILE *f;
	int i;

	if (argc != 4 || (pages = atol(argv[3])) < 1) {
		fprintf(stderr, "usage: mkseed IN.dat OUT.dat PAGES\n");
		return 2;
	}
	if (tdat_open(&t, argv[1]) || t.version != 6 || t.big_endian) {
		fprintf(stderr, "mkseed: %s: %s\n", argv[1],
			t.err[0] ? t.err : "not a little-endian v6 trace");
		return 1;
	}
	ks = t.meta_off[OPT_KALLSYMS];
	pk = t.meta_off[OPT_PRINTK];
	fly = t.fly_off;
	end = t.v6_end;
	f = fopen(argv[2], "w");
	if (!f) {
		perror(argv[2]);
		return 1;
	}
	ft = t.meta_off[OPT_FTRACE_EVENTS];
	ev = t.meta_off[OPT_EVENT_FORMATS];
	put(f, t.map, ft);
	num(f, 0, 4);			/* ftrace formats: none */
	put(f, t.map + ev, ks - ev);
	num(f, 0, 4);			/* kallsyms: none */
	put(f, t.map + pk, fly - pk);	/* printk .. "flyrecord\0" */
	off = ft + 4 + (ks - ev) + 4 + (fly - pk) + (end - fly);
	off = (off + t.page_size - 1) / t.page_size * t.page_size;
	for (i = 0; i < t.ncpu; i++) {
		size[i] = t.cpu[i].size;
		if (size[i] > (uint64_t)pages * t.page_size)
			size[i] = (uint64_t)pages * t.page_size;
		num(f, size[i] ? off : 0, 8);
		num(f, size[i], 8);
		off += size[i];
	}
	put(f, t.map + fly + 16 * t.ncpu, end - fly - 16 * t.ncpu);
	while (ftell(f) % t.page_size) {
		size_t gap = t.page_size - ftell(f) % t.page_size;

		put(f, zero, gap < sizeof(zero) ? gap : sizeof(zero));
	}
	for (i = 0; i < t.ncpu; i++)
		put(f, t.map + t.cpu[i].offset, size[i]);
	if (fclose(f)) {
		perror(argv[2]);
		return 1;
	}
	tdat_close(&t);
	return 0;
}
