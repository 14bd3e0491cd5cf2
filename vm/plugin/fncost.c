// SPDX-License-Identifier: GPL-2.0
/*
 * fncost: a QEMU TCG plugin that counts the guest instructions of each call
 * of named kernel functions, callees included (a tracepoint's probe, a
 * spinlock, whatever the function calls), exactly.
 *
 *   qemu-system-x86_64 ... -plugin fncost.so,fn=list_lru_add:0xffffffff8123,
 *       fn=list_lru_del:0xffffffff8124,out=/path/fncost.txt
 *
 * A call starts when a vCPU executes the function's first instruction with
 * no call of that function open, and ends at the ret that brings its call
 * depth back to zero: every call instruction met meanwhile deepens it, every
 * ret undoes one. Each named function is followed on its own, so one nested
 * in another (a tracepoint probe inside do_shrink_slab()) is counted both
 * as part of its caller and alone. Instructions are counted a translation block at a time (a
 * block never spans a call or ret), so nothing is sampled. A call that an
 * interrupt lands in counts the handler too: such calls are rare and
 * scattered, so the report gives, per function, the most frequent count
 * (the path a call takes when nothing interrupts it), its share of calls,
 * and the minimum and median.
 *
 * A function named fn=NAME:0xADDR:self is counted without its callees: only
 * the instructions of its own body (the call instructions included), and
 * the calls it makes. Its cost then depends on its path alone, not on what
 * a shrinker callback or a tracepoint probe did, and calls of one shape
 * (the same number of callees: one count_objects, k scan_objects batches)
 * cost the same from boot to boot.
 *
 * Output, one line per function:
 *   NAME calls=N mode=I mode_calls=M min=I median=I unbinned=N
 * and for a self-counted function, one more line per number of callees
 * (the most frequent first, up to MAX_SHAPES):
 *   NAME callees=K calls=N mode=I mode_calls=M min=I median=I
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define MAX_FNS		16
#define MAX_VCPUS	64
#define HIST_SLOTS	4096	/* distinct per-call counts kept per function */
/*
 * Callee counts reported per self-counted function. The shrink workload
 * gives the list_lru walk about ten shapes of 200 calls each; at 8, a
 * call or two decided which were listed, and a cold run's series left
 * out the 128-item walk that tests/regress/55 compares.
 */
#define MAX_SHAPES	32

struct fn {
	char name[64];
	uint64_t addr;
	int self;		/* count the function's own body only */
};

struct slot {
	uint64_t insns;		/* 0: empty */
	uint64_t callees;	/* calls the function made (self-counted) */
	uint64_t calls;
};

/* One open call of a named function on a vCPU. */
struct open_call {
	int depth;		/* 0: not open */
	uint64_t insns;
	uint64_t callees;
};

/* What one vCPU is counting; vCPUs run on their own threads. */
struct vcpu {
	int nr_open;		/* functions with a call open */
	struct open_call open[MAX_FNS];
	struct slot hist[MAX_FNS][HIST_SLOTS];
	uint64_t overflow[MAX_FNS];	/* calls whose count found no slot */
};

static struct fn fns[MAX_FNS];
static int nr_fns;
static struct vcpu *vcpus;
static int nr_vcpus;
static char out_path[4096];

enum kind { K_OTHER, K_CALL, K_RET };

/* x86-64: call rel32, call r/m (FF /2), ret, ret imm16; prefixes skipped. */
static enum kind insn_kind(const uint8_t *b, size_t n)
{
	size_t i = 0;

	while (i < n && (b[i] == 0x66 || b[i] == 0x67 || b[i] == 0xf2 ||
			 b[i] == 0xf3 || b[i] == 0x2e || b[i] == 0x3e ||
			 b[i] == 0x26 || b[i] == 0x36 || b[i] == 0x64 ||
			 b[i] == 0x65 || b[i] == 0xf0))
		i++;
	if (i < n && (b[i] & 0xf0) == 0x40)	/* REX */
		i++;
	if (i >= n)
		return K_OTHER;
	if (b[i] == 0xe8)
		return K_CALL;
	if (b[i] == 0xff && i + 1 < n && ((b[i + 1] >> 3) & 7) == 2)
		return K_CALL;
	if (b[i] == 0xc3 || b[i] == 0xc2)
		return K_RET;
	return K_OTHER;
}

static void record(struct vcpu *v, int f)
{
	struct open_call *c = &v->open[f];
	struct slot *h = v->hist[f];
	uint64_t i, k = (c->insns ^ c->callees << 40) * 0x9e3779b97f4a7c15ULL;

	for (i = 0; i < HIST_SLOTS; i++) {
		struct slot *s = &h[(k + i) % HIST_SLOTS];

		if ((s->insns == c->insns && s->callees == c->callees) ||
		    !s->insns) {
			s->insns = c->insns;
			s->callees = c->callees;
			s->calls++;
			return;
		}
	}
	v->overflow[f]++;
}

enum step { STEP_BLOCK, STEP_CALL, STEP_RET };

/*
 * Advance every open call of @cpu by a block of @n instructions, a call
 * instruction or a ret.
 */
static void step_open_calls(unsigned int cpu, enum step what, uint64_t n)
{
	struct vcpu *v = &vcpus[cpu];
	int f;

	if (!v->nr_open)
		return;
	for (f = 0; f < nr_fns; f++) {
		struct open_call *c = &v->open[f];

		if (!c->depth)
			continue;
		switch (what) {
		case STEP_BLOCK:
			if (c->depth == 1 || !fns[f].self)
				c->insns += n;
			break;
		case STEP_CALL:
			if (c->depth == 1)
				c->callees++;
			c->depth++;
			break;
		case STEP_RET:
			if (--c->depth == 0) {
				record(v, f);
				v->nr_open--;
			}
			break;
		}
	}
}

static void on_tb(unsigned int cpu, void *udata)
{
	step_open_calls(cpu, STEP_BLOCK, (uintptr_t)udata);
}

/* udata: function index, and the instructions left in the block from here. */
static void on_entry(unsigned int cpu, void *udata)
{
	struct vcpu *v = &vcpus[cpu];
	uintptr_t u = (uintptr_t)udata;
	struct open_call *c = &v->open[u & 0xff];

	if (c->depth)
		return;		/* a recursive call: part of the open one */
	c->depth = 1;
	c->insns = u >> 8;	/* the block's own callback ran before */
	c->callees = 0;
	v->nr_open++;
}

static void on_call(unsigned int cpu, void *udata)
{
	step_open_calls(cpu, STEP_CALL, 0);
}

static void on_ret(unsigned int cpu, void *udata)
{
	step_open_calls(cpu, STEP_RET, 0);
}

static int fn_at(uint64_t vaddr)
{
	int i;

	for (i = 0; i < nr_fns; i++)
		if (fns[i].addr == vaddr)
			return i;
	return -1;
}

static void on_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t i, n = qemu_plugin_tb_n_insns(tb);

	qemu_plugin_register_vcpu_tb_exec_cb(tb, on_tb, QEMU_PLUGIN_CB_NO_REGS,
					     (void *)(uintptr_t)n);
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		int f = fn_at(qemu_plugin_insn_vaddr(insn));

		if (f >= 0)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_entry,
				QEMU_PLUGIN_CB_NO_REGS,
				(void *)(uintptr_t)(f | (n - i) << 8));
		switch (insn_kind(qemu_plugin_insn_data(insn),
				  qemu_plugin_insn_size(insn))) {
		case K_CALL:
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_call,
				QEMU_PLUGIN_CB_NO_REGS, NULL);
			break;
		case K_RET:
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_ret,
				QEMU_PLUGIN_CB_NO_REGS, NULL);
			break;
		default:
			break;
		}
	}
}

static int by_insns(const void *a, const void *b)
{
	const struct slot *x = a, *y = b;

	return x->insns < y->insns ? -1 : x->insns > y->insns;
}

/* Merge the vCPUs' counts of function @f into @all (sorted); return slots. */
static size_t merge(int f, struct slot *all)
{
	size_t n = 0, i, j;
	int c;

	for (c = 0; c < nr_vcpus; c++) {
		for (i = 0; i < HIST_SLOTS; i++) {
			struct slot *s = &vcpus[c].hist[f][i];

			if (!s->insns)
				continue;
			for (j = 0; j < n && (all[j].insns != s->insns ||
					      all[j].callees != s->callees); j++)
				;
			if (j == n)
				all[n++] = (struct slot){ s->insns, s->callees, 0 };
			all[j].calls += s->calls;
		}
	}
	qsort(all, n, sizeof(*all), by_insns);
	return n;
}

/*
 * Of the @n sorted slots in @all, those with @callees callees (any, if
 * @callees is -1): their calls, and the mode, minimum and median count.
 */
struct summary {
	uint64_t calls, mode, mode_calls, min, median;
};

static struct summary summarize(const struct slot *all, size_t n,
				int64_t callees)
{
	struct summary r = { 0 };
	uint64_t seen = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (callees >= 0 && all[i].callees != (uint64_t)callees)
			continue;
		if (!r.calls)
			r.min = all[i].insns;
		r.calls += all[i].calls;
		if (all[i].calls > r.mode_calls) {
			r.mode_calls = all[i].calls;
			r.mode = all[i].insns;
		}
	}
	for (i = 0; i < n && seen * 2 < r.calls; i++) {
		if (callees >= 0 && all[i].callees != (uint64_t)callees)
			continue;
		seen += all[i].calls;
		r.median = all[i].insns;
	}
	return r;
}

/* The callee count with the most calls among those not yet @done. */
static int64_t next_shape(const struct slot *all, size_t n,
			  const int64_t *done, int nr_done)
{
	uint64_t best_calls = 0;
	int64_t best = -1;
	size_t i;
	int d;

	for (i = 0; i < n; i++) {
		struct summary s;

		for (d = 0; d < nr_done && done[d] != (int64_t)all[i].callees; d++)
			;
		if (d < nr_done)
			continue;
		s = summarize(all, n, all[i].callees);
		if (s.calls > best_calls) {
			best_calls = s.calls;
			best = all[i].callees;
		}
	}
	return best;
}

static void report(FILE *o, int f, struct slot *all)
{
	size_t n = merge(f, all);
	struct summary s = summarize(all, n, -1);
	int64_t done[MAX_SHAPES];
	uint64_t over = 0;
	int c, k;

	for (c = 0; c < nr_vcpus; c++)
		over += vcpus[c].overflow[f];
	fprintf(o, "%s calls=%llu mode=%llu mode_calls=%llu min=%llu median=%llu unbinned=%llu\n",
		fns[f].name, (unsigned long long)s.calls,
		(unsigned long long)s.mode, (unsigned long long)s.mode_calls,
		(unsigned long long)s.min, (unsigned long long)s.median,
		(unsigned long long)over);
	if (!fns[f].self)
		return;
	for (k = 0; k < MAX_SHAPES; k++) {
		done[k] = next_shape(all, n, done, k);
		if (done[k] < 0)
			break;
		s = summarize(all, n, done[k]);
		fprintf(o, "%s callees=%lld calls=%llu mode=%llu mode_calls=%llu min=%llu median=%llu\n",
			fns[f].name, (long long)done[k],
			(unsigned long long)s.calls, (unsigned long long)s.mode,
			(unsigned long long)s.mode_calls,
			(unsigned long long)s.min, (unsigned long long)s.median);
	}
}

static void at_exit(qemu_plugin_id_t id, void *p)
{
	struct slot *all = calloc((size_t)nr_vcpus * HIST_SLOTS, sizeof(*all));
	FILE *o = out_path[0] ? fopen(out_path, "w") : stderr;
	int f;

	if (!all || !o) {
		fprintf(stderr, "fncost: cannot write %s\n", out_path);
		return;
	}
	for (f = 0; f < nr_fns; f++)
		report(o, f, all);
	if (o != stderr)
		fclose(o);
	free(all);
}

/* fn=NAME:0xADDR or fn=NAME:0xADDR:self */
static int add_fn(const char *v)
{
	const char *colon = strchr(v, ':');
	struct fn *f = &fns[nr_fns];
	char *end;

	if (!colon || colon == v || nr_fns == MAX_FNS ||
	    (size_t)(colon - v) >= sizeof(f->name))
		return -1;
	memcpy(f->name, v, colon - v);
	f->name[colon - v] = '\0';
	f->addr = strtoull(colon + 1, &end, 16);
	f->self = !strcmp(end, ":self");
	if ((*end && !f->self) || !f->addr || end == colon + 1)
		return -1;
	nr_fns++;
	return 0;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info,
					   int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "fn=", 3) && !add_fn(argv[i] + 3))
			continue;
		if (!strncmp(argv[i], "out=", 4) &&
		    strlen(argv[i] + 4) < sizeof(out_path)) {
			strcpy(out_path, argv[i] + 4);
			continue;
		}
		fprintf(stderr, "fncost: bad argument '%s' (fn=NAME:0xADDR[:self], out=FILE)\n",
			argv[i]);
		return -1;
	}
	if (!nr_fns) {
		fprintf(stderr, "fncost: no fn=NAME:0xADDR given\n");
		return -1;
	}
	nr_vcpus = info->system_emulation ? info->system.max_vcpus : 1;
	if (nr_vcpus < 1 || nr_vcpus > MAX_VCPUS) {
		fprintf(stderr, "fncost: 1 to %d vCPUs, not %d\n", MAX_VCPUS,
			nr_vcpus);
		return -1;
	}
	vcpus = calloc(nr_vcpus, sizeof(*vcpus));
	if (!vcpus)
		return -1;
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
