/* SPDX-License-Identifier: GPL-2.0 */
/* Every page of every CPU's data, checked before libtracecmd reads it. */
#ifndef SS_VERIFY_H
#define SS_VERIFY_H

#include <event-parse.h>

#include "rbpage.h"
#include "tdat.h"

struct vdata {
	struct rb_cpu *cpu;	/* t->ncpu of them */
	int ncpu;
};

/*
 * Walk the pages of the top buffer with the trace's own event formats
 * (@tep, from libtracecmd's reading of the headers): 0, or -1 with a
 * one-line reason in t->err (CPU, page, offset, what).
 */
int verify_data(struct tdat *t, struct tep_handle *tep, struct vdata *v);
void vdata_free(struct vdata *v);

#endif
