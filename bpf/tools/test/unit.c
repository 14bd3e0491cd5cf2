// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit test of the bpf tools' user-space helpers: JSON strings, the
 * kallsyms and cgroup-path caches, intervals from running totals. TAP
 * out, plan last. `unit --json-names FILE` writes awkward names as JSON
 * for a JSON parser to read (tests/host/40-bpf-tools.sh).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../cgpath.h"
#include "../jsonstr.h"
#include "../ksym.h"
#include "../rows.h"

static int tests, failed;

static void check(int ok, const char *what)
{
	tests++;
	if (!ok)
		failed++;
	printf("%s - %s\n", ok ? "ok" : "not ok", what);
}

static const char *json_of(const char *s)
{
	static char *buf;
	size_t len;
	FILE *m;

	free(buf);
	m = open_memstream(&buf, &len);
	json_str(m, s);
	fclose(m);
	return buf;
}

/* Names a cgroup may have: any bytes but '/' and NUL. */
static const char *const awkward[] = {
	"plain", "q\"uote", "back\\slash", "\"\\\"", "tab\there",
	"new\nline", "\x01\x1f\x7f", "caf\xc3\xa9", "\xff\xfe",
	"cut \xc3", "over\xc0\xaf", "surr\xed\xa0\x80", "\xf4\x90\x80\x80",
	"\xf0\x9f\x90\xa7",
};

static void test_json(void)
{
	static const struct { const char *in, *out, *what; } cases[] = {
		{ "sb-ext4:vda", "\"sb-ext4:vda\"", "plain name unchanged" },
		{ "a\"b\\c", "\"a\\\"b\\\\c\"", "quote and backslash escaped" },
		{ "\x01\n\t\x1f", "\"\\u0001\\n\\t\\u001f\"", "control characters escaped" },
		{ "caf\xc3\xa9", "\"caf\xc3\xa9\"", "valid UTF-8 passes through" },
		{ "\xf0\x9f\x90\xa7", "\"\xf0\x9f\x90\xa7\"", "4-byte UTF-8 passes through" },
		{ "x\xffy", "\"x\\ufffdy\"", "a byte that is never UTF-8 becomes U+FFFD" },
		{ "cut \xc3", "\"cut \\ufffd\"", "a sequence cut by the end becomes U+FFFD" },
		{ "\xc0\xaf", "\"\\ufffd\\ufffd\"", "an overlong sequence is not UTF-8" },
		{ "\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"", "a surrogate is not UTF-8" },
		{ "\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"", "beyond U+10FFFF is not UTF-8" },
		{ "", "\"\"", "empty string" },
	};
	char what[160];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *got = json_of(cases[i].in);

		snprintf(what, sizeof(what), "json_str: %s (got %s)",
			 cases[i].what, got);
		check(!strcmp(got, cases[i].out), what);
	}
}

static char tmpdir[] = "/tmp/shrinkscope-unit-XXXXXX";

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	fputs(text, f);
	fclose(f);
}

static void test_ksym(void)
{
	struct ksym_cache c = { 0 };
	char path[256];
	const char *a, *b;

	snprintf(path, sizeof(path), "%s/kallsyms", tmpdir);
	write_file(path, "ffffffff81000000 T _stext\n"
		   "ffffffff81234560 t super_cache_scan\n"
		   "ffffffffc0001000 t tc_scan\t[shrinkscope_testcache]\n");
	c.path = path;
	a = ksym_name(&c, 0xffffffff81234560ULL);
	check(a && !strcmp(a, "super_cache_scan"), "ksym: address named from the file");
	b = ksym_name(&c, 0xffffffffc0001000ULL);
	check(b && !strcmp(b, "tc_scan"), "ksym: module symbol named without its [module]");
	check(c.reads == 2, "ksym: each new address read the file once");
	for (int i = 0; i < 1000; i++)
		ksym_name(&c, 0xffffffff81234560ULL);
	check(c.reads == 2, "ksym: 1000 more lookups of a known address read nothing");
	check(!ksym_name(&c, 0xdead) && c.reads == 3, "ksym: an unknown address reads the file once, gives NULL");
	ksym_name(&c, 0xdead);
	check(c.reads == 3, "ksym: an address known to be missing is not read again");
	/* a refresh notes its rows' addresses first: one read names all */
	ksym_want(&c, 0xffffffff81000000ULL);
	ksym_want(&c, 0xffffffffc0000fffULL);
	a = ksym_name(&c, 0xffffffff81000000ULL);
	check(a && !strcmp(a, "_stext") && c.reads == 4 &&
	      !ksym_name(&c, 0xffffffffc0000fffULL) && c.reads == 4,
	      "ksym: addresses noted first are all looked for in one read");
	/* a module loaded since: its address is new, so the file is read */
	write_file(path, "ffffffffc0002000 t new_scan\t[newmod]\n");
	a = ksym_name(&c, 0xffffffffc0002000ULL);
	check(a && !strcmp(a, "new_scan") && c.reads == 5, "ksym: a symbol added later is found on its first miss");
	a = ksym_name(&c, 0xffffffff81234560ULL);
	check(a && !strcmp(a, "super_cache_scan"), "ksym: names stay cached when the file changes");
	ksym_free(&c);
}

static void test_cgpath(void)
{
	struct cgpath_cache c = { 0 };
	char root[256], dir[512], buf[512];
	struct stat st;
	unsigned long long ino_a, ino_q;

	snprintf(root, sizeof(root), "%s/cg", tmpdir);
	mkdir(root, 0755);
	snprintf(dir, sizeof(dir), "%s/a", root);
	mkdir(dir, 0755);
	stat(dir, &st);
	ino_a = st.st_ino;
	snprintf(dir, sizeof(dir), "%s/a/q\"b\\s", root);
	mkdir(dir, 0755);
	stat(dir, &st);
	ino_q = st.st_ino;
	c.root = root;
	check(!strcmp(cgpath_of(&c, 0, buf, sizeof(buf)), "/"), "cgpath: memcg 0 is the root");
	stat(root, &st);
	check(!strcmp(cgpath_of(&c, st.st_ino, buf, sizeof(buf)), "/") && c.walks == 1,
	      "cgpath: the root's own inode (the series' root memcg_id) is the root, found by a walk");
	check(!strcmp(cgpath_of(&c, ino_q, buf, sizeof(buf)), "/a/q\"b\\s") &&
	      c.walks == 1, "cgpath: a nested cgroup with quotes and backslashes found by that walk");
	check(!strcmp(cgpath_of(&c, ino_a, buf, sizeof(buf)), "/a") &&
	      c.walks == 1, "cgpath: its parent cached by that walk");
	check(!strcmp(cgpath_of(&c, 12345678, buf, sizeof(buf)), "ino:12345678") &&
	      c.walks == 1, "cgpath: a miss in the refresh that walked does not walk again");
	snprintf(dir, sizeof(dir), "%s/b", root);
	mkdir(dir, 0755);
	stat(dir, &st);
	cgpath_refresh(&c);
	check(!strcmp(cgpath_of(&c, st.st_ino, buf, sizeof(buf)), "/b") &&
	      c.walks == 2, "cgpath: a cgroup made later is found by a walk in the next refresh");
	cgpath_refresh(&c);
	cgpath_of(&c, 12345678, buf, sizeof(buf));
	cgpath_of(&c, 12345678, buf, sizeof(buf));
	check(c.walks == 3, "cgpath: two misses in one refresh walk once");
	for (int i = 0; i < 100; i++) {
		cgpath_refresh(&c);
		cgpath_of(&c, ino_q, buf, sizeof(buf));
	}
	check(c.walks == 3, "cgpath: 100 refreshes of known cgroups walk nothing");
	cgpath_free(&c);
}

static struct shrink_row row(__u64 shr, int nid, __u64 calls, __u64 freed)
{
	struct shrink_row r;

	memset(&r, 0, sizeof(r));
	r.key.shr = shr;
	r.key.nid = nid;
	r.st.calls = calls;
	r.st.freed = freed;
	r.st.lat_ns = calls * 1000;
	return r;
}

static void test_rows(void)
{
	struct shrink_row prev[] = { row(2, 0, 5, 50), row(1, 0, 3, 30),
				     row(3, 1, 4, 40) };
	struct shrink_row cur[] = { row(3, 1, 4, 40), row(1, 0, 5, 70),
				    row(2, 0, 5, 58), row(4, 0, 1, 9) };
	struct shrink_row out[4];
	__u64 freed = 0;
	int n;

	rows_sort(prev, 3);
	rows_sort(cur, 4);
	n = rows_delta(prev, 3, cur, 4, out);
	for (int i = 0; i < n; i++)
		freed += out[i].st.freed;
	check(n == 3, "rows: only rows that moved are kept (3 of 4)");
	check(freed == 40 + 8 + 9, "rows: the interval is the difference, a new row counts whole");
	check(n == 3 && out[1].key.shr == 2 && out[1].st.calls == 0 &&
	      out[1].st.freed == 8, "rows: a row caught between its count and its freed keeps its freed, with calls 0");
	n = rows_delta(NULL, 0, cur, 4, out);
	check(n == 4, "rows: the first interval is the totals");
}

static int json_names(const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return 1;
	fputs("{\"names\": [", f);
	for (size_t i = 0; i < sizeof(awkward) / sizeof(awkward[0]); i++) {
		fputs(i ? ", {\"name\": " : "{\"name\": ", f);
		json_str(f, awkward[i]);
		fputs("}", f);
	}
	fputs("]}\n", f);
	return fclose(f) != 0;
}

int main(int argc, char **argv)
{
	char cmd[300];

	if (argc == 3 && !strcmp(argv[1], "--json-names"))
		return json_names(argv[2]);
	if (!mkdtemp(tmpdir))
		return 2;
	test_json();
	test_ksym();
	test_cgpath();
	test_rows();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd))
		failed++;
	printf("1..%d\n", tests);
	return failed != 0;
}
