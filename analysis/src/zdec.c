// SPDX-License-Identifier: GPL-2.0
/*
 * libtracecmd writes whatever length a chunk decompresses to and moves on,
 * so a damaged chunk that still decodes shifts every page after it. Here a
 * block must decode to exactly the length the file declares for it.
 */
#include <string.h>
#include <zlib.h>
#include <zstd.h>

#include "zdec.h"

enum zalg zalg_of(const char *name)
{
	if (!strcmp(name, "none"))
		return ZA_NONE;
	if (!strcmp(name, "zstd"))
		return ZA_ZSTD;
	if (!strcmp(name, "zlib"))
		return ZA_ZLIB;
	return ZA_UNKNOWN;
}

int zdec(enum zalg alg, const void *in, size_t inlen, void *out,
	 size_t outlen)
{
	uLongf n = outlen;
	size_t r;

	switch (alg) {
	case ZA_ZSTD:
		r = ZSTD_decompress(out, outlen, in, inlen);
		return ZSTD_isError(r) || r != outlen ? -1 : 0;
	case ZA_ZLIB:
		if (uncompress(out, &n, in, inlen) != Z_OK)
			return -1;
		return n == outlen ? 0 : -1;
	default:
		return -1;
	}
}
