// SPDX-License-Identifier: GPL-2.0
/*
 * {"command": ..., "<table id>": [ {column: value} ... ] or null when the
 *  trace cannot fill the table, "unavailable": {id: why}, "notes": {...}}
 * A cell the trace cannot fill is null, never 0.
 */

#include "tab.h"

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char ch = *s;

		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch < 0x20 || ch >= 0x7f)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

static void json_row(FILE *f, const struct tab *t, size_t r)
{
	bool first = true;
	int c;

	fputs("    {", f);
	for (c = 0; c < t->ncols; c++) {
		if (t->cols[c].flags & COL_TEXTONLY)
			continue;
		if (!first)
			fputs(", ", f);
		first = false;
		json_str(f, t->cols[c].name);
		fputs(": ", f);
		tab_put_cell(f, tab_cell(t, r, c), json_str, "null");
	}
	fputc('}', f);
}

static void json_tab(FILE *f, const struct tab *t)
{
	size_t r;

	fputs("  ", f);
	json_str(f, t->id);
	if (t->unavailable) {
		fputs(": null", f);
		return;
	}
	fputs(": [", f);
	for (r = 0; r < t->nrows; r++) {
		fputs(r ? ",\n" : "\n", f);
		json_row(f, t, r);
	}
	fputs(t->nrows ? "\n  ]" : "]", f);
}

static void json_texts(FILE *f, const char *key, struct tab **tabs, int n,
		       bool unavail)
{
	bool first = true;
	int i;

	fprintf(f, ",\n  \"%s\": {", key);
	for (i = 0; i < n; i++) {
		const char *s = unavail ? tabs[i]->unavailable : tabs[i]->note;

		if (!s)
			continue;
		fputs(first ? "\n    " : ",\n    ", f);
		first = false;
		json_str(f, tabs[i]->id);
		fputs(": ", f);
		json_str(f, s);
	}
	fputs(first ? "}" : "\n  }", f);
}

void print_json(FILE *f, const char *command, struct tab **tabs, int n)
{
	int i;

	fputs("{\n  \"tool\": \"shrinkscope-report\",\n  \"command\": ", f);
	json_str(f, command);
	for (i = 0; i < n; i++) {
		fputs(",\n", f);
		json_tab(f, tabs[i]);
	}
	json_texts(f, "unavailable", tabs, n, true);
	json_texts(f, "notes", tabs, n, false);
	fputs("\n}\n", f);
}
