// SPDX-License-Identifier: GPL-2.0
/*
 * hotsym: a QEMU TCG plugin that says where a guest's instructions go, per
 * kernel symbol: a profile without sampling, for finding what makes a
 * kernel slow under TCG (the debug kernel's fork and exec, say).
 *
 *   qemu-system-x86_64 ... -plugin hotsym.so,map=System.map,out=hot.txt
 *
 * Every translation block gets an inline counter of its executions; at
 * exit each block's executions times its instructions is charged to the
 * kernel symbol its first instruction falls in (System.map, text symbols),
 * user space to "[user]". Output: total, then one line per symbol, most
 * instructions first, "INSNS PERCENT SYMBOL". Counters are bumped without
 * atomics from every vCPU, so two vCPUs in one block at once may lose a
 * count: a profile, not an exact figure (fncost.so is the exact one).
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define KERNEL_START 0xffff800000000000ULL
#define CHUNK 4096

struct block {
	uint64_t pc;
	uint64_t execs;
	unsigned int insns;
};

struct sym {
	uint64_t addr;
	char *name;
	uint64_t insns;
};

/* blocks in chunks that never move: the inline counters point into them */
static struct block **chunks;
static size_t nblocks, nchunks;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct sym *syms;
static size_t nsyms;
static char out_path[4096];

static struct block *new_block(void)
{
	struct block *b;

	pthread_mutex_lock(&lock);
	if (nblocks == nchunks * CHUNK) {
		chunks = realloc(chunks, (nchunks + 1) * sizeof(*chunks));
		if (!chunks)
			abort();
		chunks[nchunks] = calloc(CHUNK, sizeof(**chunks));
		if (!chunks[nchunks++])
			abort();
	}
	b = &chunks[nblocks / CHUNK][nblocks % CHUNK];
	nblocks++;
	pthread_mutex_unlock(&lock);
	return b;
}

static void on_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	struct block *b = new_block();

	b->pc = qemu_plugin_tb_vaddr(tb);
	b->insns = qemu_plugin_tb_n_insns(tb);
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 &b->execs, 1);
}

static int by_addr(const void *x, const void *y)
{
	const struct sym *a = x, *b = y;

	return a->addr < b->addr ? -1 : a->addr > b->addr;
}

static int by_insns(const void *x, const void *y)
{
	const struct sym *a = x, *b = y;

	return a->insns > b->insns ? -1 : a->insns < b->insns;
}

static int load_map(const char *path)
{
	char type, name[256];
	unsigned long long addr;
	size_t cap = 0;
	FILE *f = fopen(path, "r");

	if (!f) {
		fprintf(stderr, "hotsym: %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (fscanf(f, "%llx %c %255s", &addr, &type, name) == 3) {
		if (type != 't' && type != 'T')
			continue;
		if (nsyms == cap) {
			cap = cap ? 2 * cap : 65536;
			syms = realloc(syms, cap * sizeof(*syms));
			if (!syms)
				abort();
		}
		syms[nsyms].addr = addr;
		syms[nsyms].name = strdup(name);
		syms[nsyms++].insns = 0;
	}
	fclose(f);
	if (!nsyms) {
		fprintf(stderr, "hotsym: %s: no text symbols\n", path);
		return -1;
	}
	qsort(syms, nsyms, sizeof(*syms), by_addr);
	return 0;
}

/* the symbol @pc falls in, NULL below the first */
static struct sym *find(uint64_t pc)
{
	size_t lo = 0, hi = nsyms;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (syms[mid].addr <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? &syms[lo - 1] : NULL;
}

static void report(qemu_plugin_id_t id, void *p)
{
	uint64_t user = 0, unknown = 0, total = 0;
	FILE *f = fopen(out_path, "w");
	size_t i;

	if (!f) {
		fprintf(stderr, "hotsym: %s: %s\n", out_path, strerror(errno));
		return;
	}
	for (i = 0; i < nblocks; i++) {
		struct block *b = &chunks[i / CHUNK][i % CHUNK];
		uint64_t n = b->execs * b->insns;
		struct sym *s;

		total += n;
		if (b->pc < KERNEL_START)
			user += n;
		else if ((s = find(b->pc)))
			s->insns += n;
		else
			unknown += n;
	}
	qsort(syms, nsyms, sizeof(*syms), by_insns);
	fprintf(f, "total %" PRIu64 " instructions\n", total);
	if (!total) {
		fclose(f);
		return;
	}
	fprintf(f, "%" PRIu64 " %.2f [user]\n", user, 100.0 * user / total);
	if (unknown)
		fprintf(f, "%" PRIu64 " %.2f [kernel, no symbol]\n", unknown,
			100.0 * unknown / total);
	for (i = 0; i < nsyms && syms[i].insns; i++)
		fprintf(f, "%" PRIu64 " %.2f %s\n", syms[i].insns,
			100.0 * syms[i].insns / total, syms[i].name);
	fclose(f);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info,
					   int argc, char **argv)
{
	const char *map = NULL;
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "map=", 4))
			map = argv[i] + 4;
		else if (!strncmp(argv[i], "out=", 4))
			snprintf(out_path, sizeof(out_path), "%s", argv[i] + 4);
		else {
			fprintf(stderr, "hotsym: unknown argument '%s' (map=FILE, out=FILE)\n",
				argv[i]);
			return -1;
		}
	}
	if (!map || !out_path[0]) {
		fprintf(stderr, "hotsym: needs map=System.map and out=FILE\n");
		return -1;
	}
	if (load_map(map))
		return -1;
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_trans);
	qemu_plugin_register_atexit_cb(id, report, NULL);
	return 0;
}
