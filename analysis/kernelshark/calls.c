// SPDX-License-Identifier: GPL-2.0
/*
 * ssks-calls [-c | -p PLUGIN.so] TRACE.dat: load a trace through libkshark, as
 * KernelShark does, with the plugin registered on its stream, and print
 * what the plugin paired: one "call" line per shrinker call, one "walk" or
 * "vmp" line per mark, a "summary" line. No window. Without -p only the
 * loading is done ("entries N"): what libkshark itself makes of the file.
 *
 *   call pid cpu0 cpu1 t0 t1 shr nid memcg name src freed scanned batches
 *   walk ts cpu pid name removed walked
 *   vmp ts cpu pid memcg level
 *
 * Tab-separated; "-" where the trace has no value. Exit 0, or 2 when the
 * trace or the plugin cannot be opened.
 *
 * Before libkshark sees the file, it is opened the analyser's careful way
 * (analysis/src/trace.c): libtracecmd's tracecmd_open(), which libkshark
 * uses, crashes on some truncated files. -c does only that check: `make
 * view` runs it so that KernelShark is never started on such a file.
 */
#include <dlfcn.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <fcntl.h>
#include <trace-cmd.h>

#include "libkshark.h"
#include "libkshark-plugin.h"

#include "ssks.h"

typedef const struct sk_set *(*calls_fn)(int sd);

static const char *const srcs[] = { "trace", "register", "symbol" };

static void num(FILE *f, int64_t v)
{
	if (v == SK_NA)
		fputs("\t-", f);
	else
		fprintf(f, "\t%" PRId64, v);
}

static void print_call(const struct sk_set *s, const struct sk_call *c)
{
	printf("call\t%d\t%d\t%d", c->pid, c->cpu0, c->cpu1);
	num(stdout, c->t0);
	num(stdout, c->t1);
	printf("\t0x%" PRIx64, (uint64_t)c->shr);
	num(stdout, c->nid);
	num(stdout, c->memcg);
	printf("\t%s\t%s", sk_strget(s, c->name), srcs[c->src % 3]);
	num(stdout, c->freed);
	num(stdout, c->scanned);
	printf("\t%d\n", c->batches);
}

static void print_mark(const struct sk_set *s, const struct sk_mark *m)
{
	if (m->kind == SK_WALK) {
		printf("walk\t%" PRId64 "\t%d\t%d\t%s", m->ts, m->cpu, m->pid,
		       m->name ? sk_strget(s, m->name) : "-");
		num(stdout, m->a);
		num(stdout, m->b);
	} else {
		printf("vmp\t%" PRId64 "\t%d\t%d", m->ts, m->cpu, m->pid);
		num(stdout, m->memcg);
		num(stdout, m->a);
	}
	putchar('\n');
}

static void print_set(const struct sk_set *s)
{
	size_t i;

	for (i = 0; i < s->ncalls; i++)
		print_call(s, &s->calls[i]);
	for (i = 0; i < s->nmarks; i++)
		print_mark(s, &s->marks[i]);
	printf("summary\tcalls %zu\tunpaired_ends %" PRId64
	       "\topen_starts %" PRId64 "\tmigrated %" PRId64
	       "\tbatches_alone %" PRId64 "\tmarks %zu\toom %d\n",
	       s->ncalls, s->ends_unpaired, s->starts_open, s->migrated,
	       s->batches_alone, s->nmarks, s->oom);
}

static const char magic[] = { 0x17, 0x08, 0x44, 't', 'r', 'a', 'c', 'i',
			      'n', 'g' };

/* libtracecmd talks on stdout and stderr: quiet while it runs. */
static void quiet(bool on)
{
	static int saved[2] = { -1, -1 };
	int fd, null;

	fflush(stdout);
	fflush(stderr);
	for (fd = 1; fd <= 2; fd++) {
		if (on) {
			saved[fd - 1] = fcntl(fd, F_DUPFD_CLOEXEC, 3);
			null = open("/dev/null", O_WRONLY | O_CLOEXEC);
			if (null >= 0) {
				dup2(null, fd);
				close(null);
			}
		} else if (saved[fd - 1] >= 0) {
			dup2(saved[fd - 1], fd);
			close(saved[fd - 1]);
			saved[fd - 1] = -1;
		}
	}
}

/* NULL if libkshark may open @path; else what is wrong with it. */
static const char *unsafe(const char *path)
{
	struct tracecmd_input *in;
	char buf[sizeof(magic)];
	const char *why = NULL;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return "cannot open it";
	if (read(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf) ||
	    memcmp(buf, magic, sizeof(buf)))
		why = "not a trace-cmd trace.dat file (bad magic)";
	close(fd);
	if (why)
		return why;
	tracecmd_set_loglevel(TEP_LOG_NONE);
	quiet(true);
	in = tracecmd_open_head(path, TRACECMD_FL_LOAD_NO_PLUGINS);
	if (!in)
		why = "cannot read the trace headers (truncated or corrupt)";
	/* a handle whose data failed to load is never closed: it crashes */
	else if (tracecmd_init_data(in) < 0)
		why = "cannot load the event data (truncated or corrupt)";
	else
		tracecmd_close(in);
	quiet(false);
	return why;
}

/* Register the plugin with the session and the stream, as -p does. */
static struct kshark_plugin_list *plug(struct kshark_context *ks,
				       struct kshark_data_stream *st,
				       const char *so)
{
	struct kshark_plugin_list *p;

	p = kshark_register_plugin(ks, "shrinkscope", so);
	if (!p || !p->process_interface)
		return NULL;
	kshark_register_plugin_to_stream(st, p->process_interface, true);
	kshark_handle_all_dpis(st, KSHARK_PLUGIN_INIT);
	return p;
}

int main(int argc, char **argv)
{
	struct kshark_context *ks = NULL;
	struct kshark_plugin_list *p = NULL;
	struct kshark_data_stream *st;
	struct kshark_entry **rows = NULL;
	const char *so = NULL, *why;
	bool only_check = false;
	calls_fn fn;
	ssize_t n;
	int sd, o;

	while ((o = getopt(argc, argv, "cp:")) != -1) {
		if (o == 'c')
			only_check = true;
		else if (o == 'p')
			so = optarg;
		else
			goto usage;
	}
	if (optind != argc - 1)
		goto usage;
	why = unsafe(argv[optind]);
	if (why) {
		fprintf(stderr, "ssks-calls: %s: %s\n", argv[optind], why);
		return 2;
	}
	if (only_check)
		return 0;
	/* libkshark's own chatter goes to stdout: keep ours apart */
	setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	if (!kshark_instance(&ks))
		return 2;
	sd = kshark_open(ks, argv[optind]);
	st = sd < 0 ? NULL : kshark_get_data_stream(ks, sd);
	if (!st) {
		fprintf(stderr, "ssks-calls: %s: libkshark cannot open it\n",
			argv[optind]);
		return 2;
	}
	if (so && !(p = plug(ks, st, so))) {
		fprintf(stderr, "ssks-calls: %s: cannot load the plugin\n", so);
		return 2;
	}
	n = kshark_load_entries(ks, sd, &rows);
	printf("entries\t%zd\n", n);
	if (p) {
		fn = (calls_fn)dlsym(p->handle, "ssks_calls");
		if (!fn || !fn(sd)) {
			fprintf(stderr, "ssks-calls: the plugin is not on the "
				"stream\n");
			return 2;
		}
		print_set(fn(sd));
	}
	fflush(stdout);
	return 0;
usage:
	fprintf(stderr, "usage: ssks-calls [-c | -p PLUGIN.so] TRACE.dat\n");
	return 2;
}
