/* SPDX-License-Identifier: GPL-2.0 */
/* Interned strings: shrinker names and symbols become small ids. */
#ifndef SS_STRTAB_H
#define SS_STRTAB_H

#include <stdint.h>

/* Id 0 is "no string". */
uint32_t str_intern(const char *s);
const char *str_get(uint32_t id);

#endif
