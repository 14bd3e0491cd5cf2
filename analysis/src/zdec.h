/* SPDX-License-Identifier: GPL-2.0 */
/* Decompressing the blocks and chunks of a trace.dat v7 file. */
#ifndef SS_ZDEC_H
#define SS_ZDEC_H

#include <stddef.h>

enum zalg { ZA_NONE, ZA_ZSTD, ZA_ZLIB, ZA_UNKNOWN };

/* The algorithm trace-cmd names in the file header. */
enum zalg zalg_of(const char *name);
/*
 * Decompress @in into exactly @outlen bytes at @out: 0, or -1 when the
 * data is corrupt or gives another length than the file declares.
 */
int zdec(enum zalg alg, const void *in, size_t inlen, void *out,
	 size_t outlen);

#endif
