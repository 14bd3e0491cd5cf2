// SPDX-License-Identifier: GPL-2.0
/*
 * The metadata libtracecmd hands to libtraceevent: header pages, event
 * formats, kallsyms, printk formats, command lines. Every count and length
 * must fit what is left, every name be terminated, and the printk formats
 * be lines libtraceevent 1.7.1 can split without reading out of bounds:
 * tep_parse_printk_formats() reads one byte past a line with no ':' or
 * nothing after it, and tep_register_print_string() reads before a
 * string shorter than 3 bytes (both heap-buffer-overflows under ASan).
 */
#include <ctype.h>
#include <string.h>

#include "tdat.h"

static int sized(struct tdat *t, struct rd *r, int lenbytes, const char *what)
{
	uint64_t at = rd_at(r), n;

	if (!rd_has(r, lenbytes))
		return tdat_bad(t, at, "%s: length cut short", what);
	n = rd_num(r, lenbytes);
	if (!rd_has(r, n))
		return tdat_bad(t, at, "%s of %llu bytes, %zu left: truncated", what,
				(unsigned long long)n, r->len - r->pos);
	r->pos += n;
	return 0;
}

static int header_info(struct tdat *t, struct rd *r)
{
	if (!rd_has(r, 12) || memcmp(r->p + r->pos, "header_page", 12))
		return tdat_bad(t, rd_at(r), "no header_page");
	r->pos += 12;
	if (sized(t, r, 8, "header page"))
		return -1;
	if (!rd_has(r, 13) || memcmp(r->p + r->pos, "header_event", 13))
		return tdat_bad(t, rd_at(r), "no header_event");
	r->pos += 13;
	return sized(t, r, 8, "header event");
}

static int formats(struct tdat *t, struct rd *r, bool systems)
{
	uint32_t n, m, i, j;

	if (!rd_has(r, 4))
		return tdat_bad(t, rd_at(r), "format count cut short");
	n = rd_num(r, 4);
	for (i = 0; i < n; i++) {
		m = 1;
		if (systems) {
			if (!rd_str(r) || !rd_has(r, 4))
				return tdat_bad(t, rd_at(r),
						"event system %u of %u cut short", i, n);
			m = rd_num(r, 4);
		}
		for (j = 0; j < m; j++)
			if (sized(t, r, 8, "event format"))
				return -1;
	}
	return 0;
}

/* One printk-format line "ADDR : STRING", as the library splits it. */
static int printk_line(struct tdat *t, const char *l, size_t n, uint64_t at)
{
	const char *colon, *str;
	size_t i = 0, len;
	int show = n < 40 ? (int)n : 40;

	while (i < n && l[i] == ':')
		i++;
	colon = i < n ? memchr(l + i, ':', n - i) : NULL;
	if (!colon || (size_t)(colon - l) + 2 > n)
		return tdat_bad(t, at, "printk formats: line '%.*s' has no ': STRING'",
				show, l);
	str = colon + 2;	/* the library skips ':' and one more byte */
	len = n - (str - l);
	if (len && *str == '"')
		len--;
	if (len < 3)
		return tdat_bad(t, at, "printk formats: line '%.*s' has a string under 3 bytes",
				show, l);
	return 0;
}

static int printk(struct tdat *t, struct rd *r)
{
	uint64_t n, at = rd_at(r);
	const char *s, *end, *nl;

	if (!rd_has(r, 4))
		return tdat_bad(t, rd_at(r), "printk formats: length cut short");
	n = rd_num(r, 4);
	if (!rd_has(r, n))
		return tdat_bad(t, rd_at(r), "printk formats of %llu bytes, %zu left: truncated",
				(unsigned long long)n, r->len - r->pos);
	s = (const char *)r->p + r->pos;
	r->pos += n;
	end = memchr(s, 0, n);	/* the library stops at a NUL */
	end = end ? end : s + n;
	for (; s < end; s = nl + 1) {
		nl = memchr(s, '\n', end - s);
		nl = nl ? nl : end;
		if (nl > s && printk_line(t, s, nl - s, at))
			return -1;
	}
	return 0;
}

/*
 * kallsyms: "ADDR TYPE NAME" with an optional "\t[MODULE]", every line.
 * libtraceevent stops at the first line it cannot parse, and at a NUL,
 * and says nothing: names after a damaged stretch would just be missing.
 */
static bool ksym_line(const char *l, size_t n)
{
	size_t i = 0, hex;

	while (i < n && isxdigit((unsigned char)l[i]))
		i++;
	hex = i;
	if (!hex || hex > 16 || n - i < 4 || l[i] != ' ' || l[i + 2] != ' ' ||
	    !isgraph((unsigned char)l[i + 1]))
		return false;
	for (i += 3; i < n && isgraph((unsigned char)l[i]); i++)
		;
	if (i == hex + 3)
		return false;
	if (i == n)
		return true;
	if (n - i < 3 || l[i] != '\t' || l[i + 1] != '[' || l[n - 1] != ']')
		return false;
	for (i += 2; i < n - 1; i++)
		if (!isgraph((unsigned char)l[i]))
			return false;
	return true;
}

/* command lines: "PID COMM" (sscanf "%d %m[^\n]s"), every line. */
static bool cmdline(const char *l, size_t n)
{
	size_t i = l[0] == '-';

	if (i == n || !isdigit((unsigned char)l[i]))
		return false;
	while (i < n && isdigit((unsigned char)l[i]))
		i++;
	return i + 1 < n && l[i] == ' ';
}

/* Text of @lenbytes-sized length whose every line passes @ok. */
static int lines(struct tdat *t, struct rd *r, int lenbytes, const char *what,
		 bool (*ok)(const char *, size_t))
{
	const char *s, *start, *end, *nl, *nul;
	uint64_t n, k = 0;

	if (!rd_has(r, lenbytes))
		return tdat_bad(t, rd_at(r), "%s: length cut short", what);
	n = rd_num(r, lenbytes);
	if (!rd_has(r, n))
		return tdat_bad(t, rd_at(r), "%s of %llu bytes, %zu left: truncated",
				what, (unsigned long long)n, r->len - r->pos);
	start = s = (const char *)r->p + r->pos;
	end = s + n;
	/* trace-cmd stores the text without a NUL; allow one at the end */
	if (n && !end[-1])
		end--;
	nul = memchr(s, 0, end - s);
	if (nul) {
		r->pos += nul - start;
		return tdat_bad(t, rd_at(r), "%s: a NUL byte inside the text", what);
	}
	for (; s < end; s = nl + 1, k++) {
		nl = memchr(s, '\n', end - s);
		nl = nl ? nl : end;
		if (nl > s && !ok(s, nl - s)) {
			r->pos += s - start;
			return tdat_bad(t, rd_at(r), "%s: line %llu ('%.*s') does not parse",
					what, (unsigned long long)k + 1,
					(int)(nl - s < 40 ? nl - s : 40), s);
		}
	}
	r->pos += n;
	return 0;
}

int tdat_meta(struct tdat *t, uint16_t id, struct rd *r)
{
	switch (id) {
	case OPT_HEADER_INFO:
		return header_info(t, r);
	case OPT_FTRACE_EVENTS:
		return formats(t, r, false);
	case OPT_EVENT_FORMATS:
		return formats(t, r, true);
	case OPT_KALLSYMS:
		return lines(t, r, 4, "kallsyms", ksym_line);
	case OPT_PRINTK:
		return printk(t, r);
	case OPT_CMDLINES:
		return lines(t, r, 8, "command lines", cmdline);
	default:
		return 0;
	}
}
