/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SS_SCRUB_H
#define SS_SCRUB_H

#include <string.h>

/*
 * After fail() jumps back to the harness, the frames it left are dead.
 * Overwrite them before anything looks at what was being read, so a
 * pointer into them (the trace being read once lived there) fails on
 * the spot instead of on some later input.
 */
static __attribute__((noinline)) void scrub_stack(void)
{
	char dead[256 * 1024];

	memset(dead, 0xa5, sizeof(dead));
	/* a store nobody reads is one the compiler may drop */
	__asm__ volatile("" : : "r"(dead) : "memory");
}

#endif
