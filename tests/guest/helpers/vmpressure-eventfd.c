// SPDX-License-Identifier: GPL-2.0
/*
 * vmpressure-eventfd: a cgroup v1 memory.pressure_level listener, the
 * userspace interface of Documentation/admin-guide/cgroup-v1/memory.rst,
 * with several registrations in one process so that a test can see which
 * of them a stretch of pressure reached.
 *
 * usage: vmpressure-eventfd [-t SECONDS] CGROUP:LEVEL[,MODE] ...
 *
 * Each argument is a v1 memory cgroup directory and what to write after the
 * two fds to its cgroup.event_control ("low", "medium,local", ...). Prints
 * "ready" once every eventfd is registered, then counts notifications until
 * SIGINT, SIGTERM or the time limit, and prints one line per argument:
 * "CGROUP:LEVEL[,MODE] COUNT".
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#define MAX_LISTENERS 16

struct listener {
	const char *spec;
	int efd;
	uint64_t count;
};

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static void die(const char *what, const char *spec)
{
	fprintf(stderr, "vmpressure-eventfd: %s %s: %s\n", what, spec,
		strerror(errno));
	exit(1);
}

/* Register one eventfd as the cgroup's cgroup.event_control asks. */
static void listen_on(struct listener *l)
{
	char path[PATH_MAX], line[256];
	const char *colon = strrchr(l->spec, ':');
	int dirlen, pfd, cfd;

	if (!colon || colon == l->spec || !colon[1]) {
		fprintf(stderr, "vmpressure-eventfd: bad listener %s (CGROUP:LEVEL[,MODE])\n",
			l->spec);
		exit(2);
	}
	dirlen = colon - l->spec;
	l->efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (l->efd < 0)
		die("eventfd for", l->spec);
	snprintf(path, sizeof(path), "%.*s/memory.pressure_level", dirlen, l->spec);
	pfd = open(path, O_RDONLY | O_CLOEXEC);
	if (pfd < 0)
		die("open", path);
	snprintf(path, sizeof(path), "%.*s/cgroup.event_control", dirlen, l->spec);
	cfd = open(path, O_WRONLY | O_CLOEXEC);
	if (cfd < 0)
		die("open", path);
	snprintf(line, sizeof(line), "%d %d %s", l->efd, pfd, colon + 1);
	if (write(cfd, line, strlen(line)) < 0)
		die("register", l->spec);
	/* the registration holds its own reference to the pressure file */
	close(cfd);
	close(pfd);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	struct listener ls[MAX_LISTENERS];
	struct pollfd pfds[MAX_LISTENERS];
	double limit = 600, end;
	int opt, n, i;

	while ((opt = getopt(argc, argv, "t:")) != -1) {
		if (opt != 't' || (limit = atof(optarg)) <= 0) {
			fprintf(stderr, "usage: vmpressure-eventfd [-t SECONDS] CGROUP:LEVEL[,MODE] ...\n");
			return 2;
		}
	}
	n = argc - optind;
	if (n < 1 || n > MAX_LISTENERS) {
		fprintf(stderr, "vmpressure-eventfd: 1 to %d listeners\n", MAX_LISTENERS);
		return 2;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	for (i = 0; i < n; i++) {
		ls[i].spec = argv[optind + i];
		ls[i].count = 0;
		listen_on(&ls[i]);
		pfds[i].fd = ls[i].efd;
		pfds[i].events = POLLIN;
	}
	printf("ready\n");
	fflush(stdout);

	/* the flag is read on every turn: a signal is never lost */
	end = now() + limit;
	while (!stop && now() < end) {
		if (poll(pfds, n, 100) < 0 && errno != EINTR)
			die("poll", "");
		for (i = 0; i < n; i++) {
			uint64_t v;

			if ((pfds[i].revents & POLLIN) &&
			    read(ls[i].efd, &v, sizeof(v)) == sizeof(v))
				ls[i].count += v;
		}
	}
	for (i = 0; i < n; i++)
		printf("%s %llu\n", ls[i].spec, (unsigned long long)ls[i].count);
	return 0;
}
