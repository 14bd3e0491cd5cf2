// SPDX-License-Identifier: GPL-2.0
/*
 * JSON strings from whatever bytes the kernel hands us: cgroup names may
 * hold quotes, backslashes, control characters and bytes that are not
 * UTF-8. Valid UTF-8 passes through; every other byte becomes U+FFFD.
 */
#include "jsonstr.h"

/* Length of the valid UTF-8 sequence at @s, or 0 if there is none. */
static int utf8_len(const unsigned char *s)
{
	unsigned int c = s[0], cp, min;
	int n, i;

	if (c >= 0xc2 && c <= 0xdf)
		n = 2, cp = c & 0x1f, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, cp = c & 0x0f, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, cp = c & 0x07, min = 0x10000;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;	/* also stops at the NUL */
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

void json_str(FILE *f, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	int n;

	fputc('"', f);
	while (*s) {
		if (*s == '"' || *s == '\\') {
			fputc('\\', f);
			fputc(*s++, f);
		} else if (*s == '\n') {
			fputs("\\n", f), s++;
		} else if (*s == '\t') {
			fputs("\\t", f), s++;
		} else if (*s < 0x20) {
			fprintf(f, "\\u%04x", *s++);
		} else if (*s < 0x80) {
			fputc(*s++, f);
		} else if ((n = utf8_len(s))) {
			fwrite(s, 1, n, f);
			s += n;
		} else {
			fputs("\\ufffd", f), s++;
		}
	}
	fputc('"', f);
}
