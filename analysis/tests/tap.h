/* SPDX-License-Identifier: GPL-2.0 */
/* The unit tests' TAP output: one "ok - ..." / "not ok - ..." per check. */
#ifndef SS_TAP_H
#define SS_TAP_H

#include <stdbool.h>

void check(bool ok, const char *what);
/* A one-table rendering: 0 text, 1 CSV, 2 JSON; the caller frees it. */
struct tab;
char *text_of(struct tab *t, int fmt);
void test_decode(void);
void test_plot_compare(void);
void test_stats(void);
void test_figures(void);

#endif
