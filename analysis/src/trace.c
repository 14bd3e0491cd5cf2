// SPDX-License-Identifier: GPL-2.0
/*
 * libtracecmd prints to stderr and, on some truncated files, crashes in
 * its own cleanup (tracecmd_open() calls tracecmd_close() on a handle that
 * is half set up). So: check the magic ourselves, open the headers and the
 * data in two steps, never close a handle whose data failed to load, and
 * keep fds 1 and 2 on /dev/null while the library runs.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "trace.h"
#include "util.h"

/* Exported by libtracecmd but declared only in its private header. */
const char *tracecmd_get_cpustats(struct tracecmd_input *handle);
const char *tracecmd_get_uname(struct tracecmd_input *handle);

static const char magic[] = { 0x17, 0x08, 0x44, 't', 'r', 'a', 'c', 'i',
			      'n', 'g' };
static int saved_fd[2] = { -1, -1 };

/* Point stdout and stderr at /dev/null while the library runs. */
static void quiet(bool on)
{
	int fd, null;

	fflush(stdout);
	fflush(stderr);
	for (fd = 1; fd <= 2; fd++) {
		if (on && saved_fd[fd - 1] < 0) {
			saved_fd[fd - 1] = fcntl(fd, F_DUPFD_CLOEXEC, 3);
			null = open("/dev/null", O_WRONLY | O_CLOEXEC);
			if (null >= 0) {
				dup2(null, fd);
				close(null);
			}
		} else if (!on && saved_fd[fd - 1] >= 0) {
			dup2(saved_fd[fd - 1], fd);
			close(saved_fd[fd - 1]);
			saved_fd[fd - 1] = -1;
		}
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

void trace_open(struct trace *t, const char *path)
{
	memset(t, 0, sizeof(*t));
	t->path = path;
	check_file(path);
	tracecmd_set_loglevel(TEP_LOG_NONE);
	quiet(true);
	t->in = tracecmd_open_head(path, TRACECMD_FL_LOAD_NO_PLUGINS);
	if (!t->in) {
		quiet(false);
		fail(path, "cannot read the trace headers (truncated or corrupt file)");
	}
	if (tracecmd_init_data(t->in) < 0) {
		quiet(false);
		fail(path, "cannot load the event data (truncated or corrupt file)");
	}
	quiet(false);
	t->tep = tracecmd_get_tep(t->in);
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
}

struct reader {
	struct trace *t;
	ev_fn fn;
	void *arg;
};

static int on_record(struct tracecmd_input *in, struct tep_record *rec,
		     int cpu, void *data)
{
	struct reader *r = data;
	struct trace *t = r->t;
	struct ev e;

	(void)in;
	(void)cpu;
	if (!t->events++)
		t->first_ts = rec->ts;
	t->last_ts = rec->ts;
	if (rec->missed_events > 0)
		t->lost_records += rec->missed_events;
	else if (rec->missed_events < 0)
		t->lost_unknown++;
	if (!decode(&t->dec, rec, &e))
		return 0;
	if (e.kind == EV_START || e.kind == EV_BATCH || e.kind == EV_END)
		t->shrink_events++;
	e.ts = rec->ts > t->first_ts ? rec->ts - t->first_ts : 0;
	r->fn(&e, r->arg);
	return 0;
}

void trace_read(struct trace *t, ev_fn fn, void *arg)
{
	struct reader r = { t, fn, arg };
	int ret;

	quiet(true);
	ret = tracecmd_iterate_events(t->in, NULL, 0, on_record, &r);
	quiet(false);
	if (ret < 0) {
		trace_close(t);
		fail(t->path, "error while reading the event data (corrupt file?)");
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

void trace_close(struct trace *t)
{
	if (!t->in)
		return;
	quiet(true);
	tracecmd_close(t->in);
	quiet(false);
	t->in = NULL;
}
