// SPDX-License-Identifier: GPL-2.0
/*
 * libtracecmd trusts the lengths and offsets in a trace.dat and reads a
 * damaged ring-buffer page without complaint (garbage events, or the rest
 * of the CPU dropped), and on some truncated files crashes in its own
 * cleanup. So: the layout and every data page are checked first (tdat.c,
 * verify.c); the headers and the data are opened in two steps and a
 * handle whose data failed to load is never closed; and what the library
 * then reads is held against what the pages hold. The library's stdout
 * goes to /dev/null while it runs (it prints there, into our output); its
 * stderr stays, so a sanitizer's report or a crash of its own reaches the
 * user.
 */
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tdat.h"
#include "trace.h"
#include "util.h"
#include "verify.h"

/* Exported by libtracecmd but declared only in its private header. */
const char *tracecmd_get_cpustats(struct tracecmd_input *handle);
const char *tracecmd_get_uname(struct tracecmd_input *handle);
off_t tracecmd_get_cpu_file_size(struct tracecmd_input *handle, int cpu);
int tracecmd_get_parsing_failures(struct tracecmd_input *handle);

static const char magic[] = { 0x17, 0x08, 0x44, 't', 'r', 'a', 'c', 'i',
			      'n', 'g' };
static int saved_stdout = -1;
/* The trace being opened or read, for trace_abandon(). */
static struct trace *current;

/* Point stdout at /dev/null while the library runs. */
static void quiet(bool on)
{
	int null;

	fflush(stdout);
	if (on && saved_stdout < 0) {
		saved_stdout = fcntl(1, F_DUPFD_CLOEXEC, 3);
		null = open("/dev/null", O_WRONLY | O_CLOEXEC);
		if (null >= 0) {
			dup2(null, 1);
			close(null);
		}
	} else if (!on && saved_stdout >= 0) {
		dup2(saved_stdout, 1);
		close(saved_stdout);
		saved_stdout = -1;
	}
}

static void check_file(const char *path)
{
	char buf[sizeof(magic)];
	struct stat st;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		fail(path, "%s", strerror(errno));
	if (fstat(fd, &st) || !S_ISREG(st.st_mode))
		fail(path, "not a regular file");
	if (st.st_size == 0)
		fail(path, "empty file, not a trace");
	n = read(fd, buf, sizeof(buf));
	close(fd);
	if (n != (ssize_t)sizeof(buf) || memcmp(buf, magic, sizeof(buf)))
		fail(path, "not a trace-cmd trace.dat file (bad magic)");
}

int64_t cpustats_lost(const char *stats)
{
	static const char *const keys[] = {
		"overrun:", "commit overrun:", "dropped events:"
	};
	const char *line;
	int64_t lost = 0;
	size_t i;

	for (line = stats; line && *line; line = strchr(line, '\n')) {
		while (*line == '\n' || *line == ' ' || *line == '\t')
			line++;
		for (i = 0; i < ARRAY_SIZE(keys); i++)
			if (!strncmp(line, keys[i], strlen(keys[i])))
				lost += strtoll(line + strlen(keys[i]),
						NULL, 10);
	}
	return lost;
}

static void read_stats(struct trace *t)
{
	const char *s = tracecmd_get_cpustats(t->in);

	t->have_stats = s != NULL;
	t->lost_stats = s ? cpustats_lost(s) : 0;
}

/*
 * Every page of the data, on the file's own bytes, before the library
 * reads one: what each CPU's pages hold is what the library must give.
 */
static void verify_pages(struct trace *t, struct tdat *td)
{
	struct vdata vd;
	int i;

	if (verify_data(td, t->tep, &vd)) {
		char why[sizeof(td->err)];

		memcpy(why, td->err, sizeof(why));
		vdata_free(&vd);
		tdat_close(td);
		trace_close(t);
		fail(t->path, "%s", why);
	}
	t->ncpu = td->ncpu;
	t->want = xcalloc(td->ncpu, sizeof(*t->want));
	t->got = xcalloc(td->ncpu, sizeof(*t->got));
	t->cpu_ts = xcalloc(td->ncpu, sizeof(*t->cpu_ts));
	t->size = xcalloc(td->ncpu, sizeof(*t->size));
	for (i = 0; i < td->ncpu; i++) {
		t->want[i] = vd.cpu[i].events;
		t->size[i] = td->cpu[i].data_size;
	}
	vdata_free(&vd);
}

/* The library's view of each CPU's data must be the file's. */
static void check_sizes(struct trace *t)
{
	off_t lib;
	int i;

	for (i = 0; i < t->ncpu; i++) {
		lib = tracecmd_get_cpu_file_size(t->in, i);
		if (lib < 0 || (uint64_t)lib != t->size[i])
			fail(t->path, "damaged trace: CPU %d: libtracecmd loaded %lld bytes of data, the file holds %llu",
			     i, (long long)lib, (unsigned long long)t->size[i]);
	}
}

/* Set by the sanitizers; absent in a plain build. */
void __sanitizer_set_death_callback(void (*cb)(void)) __attribute__((weak));

#define HEAD_OPENED 0
#define HEAD_FAILED 3
/* kallsyms of tens of MB parse in about a second */
#define PROBE_SECONDS 30

/*
 * libtraceevent 1.7.1 crashes on some malformed event formats (a NULL
 * dereference in its print-format parser when a __print_flags() names a
 * field the format does not have: analysis/tests/crashes/). No check of
 * ours can follow that parser, so the headers are parsed once in a child
 * first: such a file costs one line and exit 2, not the process. The
 * child keeps our stderr, so a sanitizer's report of the crash is seen.
 */
void trace_probe_setup(void)
{
	/* a crash here is the parent's to report, not the fuzzer's */
	if (__sanitizer_set_death_callback)
		__sanitizer_set_death_callback(NULL);
	signal(SIGABRT, SIG_DFL);
	/* a parser stuck in a loop is a crash too, not a hang */
	signal(SIGALRM, SIG_DFL);
	quiet(true);
	tracecmd_set_loglevel(TEP_LOG_NONE);
	tep_set_loglevel(TEP_LOG_NONE);
}

int trace_probe(const char *path)
{
	struct tracecmd_input *in;

	alarm(PROBE_SECONDS);
	in = tracecmd_open_head(path, TRACECMD_FL_LOAD_NO_PLUGINS);
	alarm(0);
	if (!in)
		return HEAD_FAILED;
	tracecmd_close(in);
	return HEAD_OPENED;
}

const char *trace_probe_status(int st)
{
	static char why[160];

	if (WIFEXITED(st) && WEXITSTATUS(st) == HEAD_OPENED)
		return NULL;
	if (WIFEXITED(st) && WEXITSTATUS(st) == HEAD_FAILED)
		return "cannot read the trace headers (truncated or corrupt file)";
	if (WIFSIGNALED(st))
		snprintf(why, sizeof(why), "damaged trace: libtracecmd/libtraceevent crashed (%s) reading its headers and event formats",
			 strsignal(WTERMSIG(st)));
	else
		snprintf(why, sizeof(why), "damaged trace: libtracecmd/libtraceevent failed (status %d) reading its headers and event formats",
			 WEXITSTATUS(st));
	return why;
}

static const char *probe_fork(const char *path)
{
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return "cannot fork for the header check";
	if (!pid) {
		trace_probe_setup();
		_exit(trace_probe(path));
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return "cannot wait for the header check";
	return trace_probe_status(st);
}

static const char *(*probe_headers)(const char *path) = probe_fork;

void trace_set_prober(const char *(*fn)(const char *path))
{
	probe_headers = fn ? fn : probe_fork;
}

struct trace *trace_open(const char *path)
{
	struct trace *t = xcalloc(1, sizeof(*t));
	const char *why;
	struct tdat td;
	int bad;

	t->path = path;
	current = t;
	check_file(path);
	/* before the library sees a byte of it */
	if (tdat_open(&td, path)) {
		tdat_close(&td);
		fail(path, "%s", td.err);
	}
	tracecmd_set_loglevel(TEP_LOG_NONE);
	tep_set_loglevel(TEP_LOG_NONE);
	why = probe_headers(path);
	if (why) {
		tdat_close(&td);
		fail(path, "%s", why);
	}
	quiet(true);
	t->in = tracecmd_open_head(path, TRACECMD_FL_LOAD_NO_PLUGINS);
	quiet(false);
	if (!t->in) {
		tdat_close(&td);
		fail(path, "cannot read the trace headers (truncated or corrupt file)");
	}
	t->tep = tracecmd_get_tep(t->in);
	bad = tracecmd_get_parsing_failures(t->in);
	if (bad) {
		tdat_close(&td);
		trace_close(t);
		fail(path, "damaged trace: %d event formats do not parse", bad);
	}
	verify_pages(t, &td);
	tdat_close(&td);
	quiet(true);
	if (tracecmd_init_data(t->in) < 0) {
		quiet(false);
		t->no_close = true;
		fail(path, "cannot load the event data (truncated or corrupt file)");
	}
	quiet(false);
	check_sizes(t);
	decoder_init(&t->dec, t->tep);
	if (!dec_has_event(&t->dec, EV_START) &&
	    !dec_has_event(&t->dec, EV_END)) {
		trace_close(t);
		fail(path, "no vmscan:mm_shrink_slab_start/end events in this trace (not recorded)");
	}
	/* freed comes from the end events: without them every row is wrong */
	if (!dec_has_field(&t->dec, EV_END, F_RETVAL)) {
		trace_close(t);
		fail(path, "no vmscan:mm_shrink_slab_end events with retval in this trace");
	}
	read_stats(t);
	return t;
}

struct reader {
	struct trace *t;
	ev_fn fn;
	void *arg;
};

/*
 * Counts (objects, pages, calls, priorities, nodes) beyond 2^40 are no
 * kernel's: a page that passed the checks can still hold garbage in a
 * field, and summing such values overflows (UBSan found it). Pointers
 * and cgroup ids are not counts.
 */
#define MAX_COUNT (1LL << 40)

static bool bad_count(const struct ev *e)
{
	int f;

	for (f = 0; f < F_MAX; f++) {
		if (f == F_SHR || f == F_SHRINK || f == F_LRU ||
		    f == F_MEMCG || f == F_ANCESTOR || e->v[f] == NA)
			continue;
		if (e->v[f] > MAX_COUNT || e->v[f] < -MAX_COUNT)
			return true;
	}
	return false;
}

static int on_record(struct tracecmd_input *in, struct tep_record *rec,
		     int cpu, void *data)
{
	struct reader *r = data;
	struct trace *t = r->t;
	struct ev e;

	(void)in;
	/*
	 * After an error the rest is read and ignored: stopping the
	 * iteration early leaks the library's peeked records.
	 */
	if (t->why[0])
		return 0;
	if (cpu < 0 || cpu >= t->ncpu) {
		snprintf(t->why, sizeof(t->why),
			 "damaged trace: libtracecmd gave a record of CPU %d", cpu);
		return 0;
	}
	if (t->got[cpu]++ && rec->ts < t->cpu_ts[cpu]) {
		snprintf(t->why, sizeof(t->why),
			 "damaged trace: libtracecmd gave CPU %d's time going back from %llu to %llu",
			 cpu, (unsigned long long)t->cpu_ts[cpu],
			 (unsigned long long)rec->ts);
		return 0;
	}
	t->cpu_ts[cpu] = rec->ts;
	if (!t->events++)
		t->first_ts = rec->ts;
	/* said here, not by the aggregation: no exit inside the library */
	if (t->span_ns && rec->ts - t->first_ts >= t->span_ns) {
		snprintf(t->why, sizeof(t->why),
			 "the trace spans more than %g s; use a larger --bucket",
			 t->span_ns / 1e9);
		return 0;
	}
	t->last_ts = rec->ts;
	if (rec->missed_events > 0)
		t->lost_records += rec->missed_events;
	else if (rec->missed_events < 0)
		t->lost_unknown++;
	if (!decode(&t->dec, rec, &e))
		return 0;
	if (bad_count(&e)) {
		struct tep_event *ev = tep_find_event(t->tep,
						      tep_data_type(t->tep, rec));

		snprintf(t->why, sizeof(t->why),
			 "damaged trace: a %s event of CPU %d holds a count beyond 2^40",
			 ev ? ev->name : "shrinker", cpu);
		return 0;
	}
	if (e.kind == EV_START || e.kind == EV_BATCH || e.kind == EV_END)
		t->shrink_events++;
	e.ts = rec->ts > t->first_ts ? rec->ts - t->first_ts : 0;
	r->fn(&e, r->arg);
	return 0;
}

void trace_read(struct trace *t, ev_fn fn, void *arg)
{
	struct reader r = { t, fn, arg };
	int ret, i;

	quiet(true);
	ret = tracecmd_iterate_events(t->in, NULL, 0, on_record, &r);
	quiet(false);
	if (t->why[0]) {
		char why[sizeof(t->why)];

		memcpy(why, t->why, sizeof(why));
		trace_close(t);
		fail(t->path, "%s", why);
	}
	if (ret < 0) {
		trace_close(t);
		fail(t->path, "error while reading the event data (corrupt file?)");
	}
	for (i = 0; i < t->ncpu; i++) {
		unsigned long long got = t->got[i], want = t->want[i];

		if (got == want)
			continue;
		trace_close(t);
		fail(t->path, "damaged trace: CPU %d: libtracecmd read %llu events, its pages hold %llu",
		     i, got, want);
	}
	if (!t->shrink_events) {
		trace_close(t);
		fail(t->path, "no mm_shrink_slab events in this trace");
	}
}

int64_t trace_lost(const struct trace *t)
{
	int64_t rec = t->lost_records + t->lost_unknown;

	return t->lost_stats > rec ? t->lost_stats : rec;
}

const char *trace_uname(const struct trace *t)
{
	return tracecmd_get_uname(t->in);
}

const char *trace_symbol(const struct trace *t, uint64_t addr)
{
	return tep_find_function(t->tep, addr);
}

void trace_abandon(void)
{
	quiet(false);
	if (!current)
		return;
	if (current->no_close)
		current->in = NULL;	/* leaked, rather than a crash */
	trace_free(current);
}

void trace_free(struct trace *t)
{
	trace_close(t);
	if (t == current)
		current = NULL;
	free(t);
}

void trace_close(struct trace *t)
{
	free(t->want);
	free(t->got);
	free(t->cpu_ts);
	free(t->size);
	t->want = t->got = t->cpu_ts = t->size = NULL;
	t->ncpu = 0;
	if (!t->in)
		return;
	quiet(true);
	tracecmd_close(t->in);
	quiet(false);
	t->in = NULL;
}
