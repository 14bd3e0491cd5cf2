/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __SHRINK_JSONSTR_H
#define __SHRINK_JSONSTR_H

#include <stdio.h>

/* Print @s as a quoted, escaped JSON string (valid UTF-8 whatever @s is). */
void json_str(FILE *f, const char *s);

#endif
