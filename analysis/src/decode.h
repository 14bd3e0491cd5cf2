/* SPDX-License-Identifier: GPL-2.0 */
/* Finds our events and their fields by name in a trace's own formats. */
#ifndef SS_DECODE_H
#define SS_DECODE_H

#include <event-parse.h>

#include "event.h"

#define DEC_MAX_EVENTS 24

struct evfmt {
	const struct evdesc *desc;
	struct tep_event *ev;		/* NULL: not in this trace */
	struct tep_format_field *f[F_MAX];
	struct tep_format_field *fname;
	bool legacy_memcg;		/* "memcg": inode number, 0 = root */
};

struct decoder {
	struct tep_handle *tep;
	struct evfmt fmt[DEC_MAX_EVENTS];
	int n;
};

void decoder_init(struct decoder *d, struct tep_handle *tep);
/* false: the record is not one of ours (or too short to read). */
bool decode(const struct decoder *d, struct tep_record *rec, struct ev *e);
/* Is an event of @kind in the trace's formats, and does it have @f? */
bool dec_has_event(const struct decoder *d, enum ev_kind kind);
bool dec_has_field(const struct decoder *d, enum ev_kind kind, enum fid f);
bool dec_has_name(const struct decoder *d, enum ev_kind kind);

void dec_caps(const struct decoder *d, bool caps[CAP_MAX]);

/* What this trace lacks, one call per missing event or field. */
typedef void (*missing_fn)(const char *what, const char *effect, void *arg);
void dec_missing(const struct decoder *d, missing_fn fn, void *arg);

#endif
