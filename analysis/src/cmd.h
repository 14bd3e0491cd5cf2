/* SPDX-License-Identifier: GPL-2.0 */
/* Subcommands and what they share. */
#ifndef SS_CMD_H
#define SS_CMD_H

#include <stdbool.h>
#include <stdio.h>

#include "tab.h"

enum fmt { FMT_TEXT, FMT_JSON, FMT_CSV, FMT_MAIL };

/* What report and compare print and where. */
struct out_opts {
	enum fmt fmt;
	const char *plot_dir;
	const char *out;
	bool allow_lost;
};

/* getopt_long codes of the options both commands take. */
enum {
	OPT_JSON = 0x100, OPT_CSV, OPT_FORMAT, OPT_PLOT, OPT_ALLOW_LOST,
	OPT_OUTPUT = 'o', OPT_HELP = 'h', OPT_CMD = 0x200,
};

#define COMMON_LONG_OPTS \
	{ "json", no_argument, NULL, OPT_JSON }, \
	{ "csv", no_argument, NULL, OPT_CSV }, \
	{ "format", required_argument, NULL, OPT_FORMAT }, \
	{ "plot", required_argument, NULL, OPT_PLOT }, \
	{ "allow-lost", no_argument, NULL, OPT_ALLOW_LOST }, \
	{ "output", required_argument, NULL, OPT_OUTPUT }, \
	{ "help", no_argument, NULL, OPT_HELP }

int cmd_report(int argc, char **argv);
int cmd_compare(int argc, char **argv);
void usage(FILE *f);

/* Render tables to memory, so nothing is printed unless all went well. */
char *render(enum fmt fmt, const char *command, struct tab **tabs, int n,
	     size_t *len);
/* Write the result to @path (temp name, then rename) or stdout. */
void emit(const char *path, const char *buf, size_t len);
double parse_num(const char *opt, const char *s, double min);
/*
 * One of the options both commands take (code @c from getopt_long, its
 * argument @arg): true if handled. Formats other than text, json and csv
 * are accepted only when @mail_ok.
 */
bool common_opt(const char *cmd, int c, const char *arg, struct out_opts *o,
		bool mail_ok);
/* getopt_long's '?' and ':' as our one-line errors. */
void __noreturn bad_opt(const char *cmd, int c, char **argv);

#endif
