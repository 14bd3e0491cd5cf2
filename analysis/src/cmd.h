/* SPDX-License-Identifier: GPL-2.0 */
/* Subcommands and what they share. */
#ifndef SS_CMD_H
#define SS_CMD_H

#include <stdbool.h>
#include <stdio.h>

#include "tab.h"

enum fmt { FMT_TEXT, FMT_JSON, FMT_CSV };

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
 * The options report and compare share (--json, --csv, --plot DIR,
 * -o FILE, --allow-lost, -h): true if argv[*i] was one, *i moved past it.
 */
bool parse_out_opt(int argc, char **argv, int *i, enum fmt *fmt,
		   const char **plot_dir, const char **out, bool *allow_lost);

#endif
