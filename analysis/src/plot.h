/* SPDX-License-Identifier: GPL-2.0 */
/* gnuplot scripts, data and PNG/SVG images from result tables. */
#ifndef SS_PLOT_H
#define SS_PLOT_H

#include "tab.h"

/* Both fail (exit 2) if gnuplot fails; nothing half-made is left in @dir. */
void plot_report(const char *dir, struct tab **tabs, int n);
/*
 * One plot per metric of compare's table @cmp, compare-METRIC (see
 * plot_compare.c); returns the table listing the plots written.
 */
struct tab *plot_compare(const char *dir, const struct tab *cmp);

#endif
