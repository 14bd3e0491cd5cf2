// SPDX-License-Identifier: GPL-2.0
/*
 * KernelShark plugin: shrinker calls as boxes on the CPU (and task)
 * graphs, coloured by node, and marks for list_lru walks and vmpressure
 * notifications. Events are read with the analyser's own decoder
 * (analysis/src/decode.c: fields by name, absent ones NA), so the plugin
 * reads a trace exactly as shrinkscope-report does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event-parse.h>
#include "libkshark.h"
#include "libkshark-plugin.h"
#include "libkshark-tepdata.h"

#include "../src/decode.h"
#include "../src/util.h"
#include "ssks.h"

static void ctx_free(struct ssks_ctx *c)
{
	if (!c)
		return;
	sk_free(&c->set);
	free(c->dec);
	free(c->file);
	free(c);
}

KS_DEFINE_PLUGIN_CONTEXT(struct ssks_ctx, ctx_free);

struct ssks_ctx *ssks_get(int sd)
{
	return __get_context(sd);
}

static const char *symbol(uint64_t addr, void *tep)
{
	return tep_find_function(tep, addr);
}

static uint8_t kind_of(enum ev_kind k)
{
	switch (k) {
	case EV_START:
		return SK_START;
	case EV_BATCH:
		return SK_BATCH;
	case EV_END:
		return SK_END;
	case EV_REGISTER:
		return SK_REGISTER;
	case EV_LRU_WALK:
		return SK_WALK;
	default:
		return SK_VMP;
	}
}

/* struct ev (the analyser's) to the few fields calls and marks need. */
static void to_sk(struct sk_set *set, const struct ev *e,
		  const struct kshark_entry *entry, struct sk_ev *s)
{
	memset(s, 0, sizeof(*s));
	s->kind = kind_of(e->kind);
	s->ts = entry->ts;
	s->cpu = entry->cpu;
	s->pid = entry->pid;
	s->shr = e->v[F_SHR];
	s->shrink = e->v[F_SHRINK];
	s->nid = e->v[F_NID];
	s->memcg = e->v[F_MEMCG];
	s->id = e->v[F_SHRINKER_ID];
	s->val = s->val2 = SK_NA;
	switch (e->kind) {
	case EV_START:
		s->val2 = e->v[F_TOTAL_SCAN];
		break;
	case EV_BATCH:
		s->val = e->v[F_NR_SCANNED];
		break;
	case EV_END:
		s->val = e->v[F_RETVAL];
		/* the series' end carries scanned once decode.c maps it */
		s->val2 = e->v[F_NR_SCANNED];
		break;
	case EV_LRU_WALK:
		s->val = e->v[F_REMOVED];
		s->val2 = e->v[F_WALKED];
		break;
	case EV_VMPRESSURE:
		s->val = e->v[F_LEVEL];
		s->val2 = e->v[F_RECLAIMED];
		break;
	default:
		break;
	}
	if (e->name[0])
		s->name = sk_str(set, e->name, sizeof(e->name));
}

/* The analyser's kinds this plugin draws. */
static bool wanted(enum ev_kind k)
{
	return k == EV_START || k == EV_BATCH || k == EV_END ||
	       k == EV_REGISTER || k == EV_LRU_WALK || k == EV_VMPRESSURE;
}

static void on_event(struct kshark_data_stream *stream, void *rec,
		     struct kshark_entry *entry)
{
	struct ssks_ctx *c = __get_context(stream->stream_id);
	struct sk_ev s;
	struct ev e;

	if (!c || !rec || !entry || !decode(c->dec, rec, &e) ||
	    !wanted(e.kind))
		return;
	to_sk(&c->set, &e, entry, &s);
	sk_add(&c->set, &s);
}

/* One line: what this trace's formats leave out of the drawing. */
static void say_missing(const struct decoder *d, const char *file)
{
	bool caps[CAP_MAX];
	char buf[512] = "";

	dec_caps(d, caps);
	if (!dec_has_event(d, EV_START) && !dec_has_event(d, EV_END))
		strcat(buf, ", mm_shrink_slab_start/end (no calls to draw)");
	else if (!dec_has_event(d, EV_START) || !dec_has_event(d, EV_END))
		strcat(buf, ", mm_shrink_slab_start or _end (calls with one "
		       "end: hollow boxes)");
	if (!caps[CAP_MEMCG])
		strcat(buf, ", memcg (labels without one)");
	if (!caps[CAP_NAME])
		strcat(buf, ", name (names from mm_shrinker_register, else "
		       "the scan function's symbol)");
	if (!dec_has_event(d, EV_BATCH))
		strcat(buf, ", mm_shrink_slab_batch (no objects scanned)");
	if (!caps[CAP_LRU])
		strcat(buf, ", list_lru_walk (no walk marks)");
	if (!caps[CAP_VMPRESSURE])
		strcat(buf, ", vmpressure_notify (no pressure marks)");
	if (buf[0])
		fprintf(stderr, "shrinkscope: %s: drawn without%s\n", file,
			buf + 1);
}

/* Every event the decoder knows gets the handler; it keeps what it draws. */
static void hook_events(struct kshark_data_stream *stream,
			struct ssks_ctx *c)
{
	const struct decoder *d = c->dec;
	int i;

	for (i = 0; i < d->n && c->nids < (int)ARRAY_SIZE(c->ids); i++) {
		if (!d->fmt[i].ev)
			continue;
		c->ids[c->nids++] = d->fmt[i].ev->id;
		kshark_register_event_handler(stream, d->fmt[i].ev->id,
					      on_event);
	}
}

static bool setup(struct kshark_data_stream *stream, struct ssks_ctx *c)
{
	struct decoder *d;

	if (!kshark_is_tep(stream))
		return false;
	c->tep = kshark_get_tep(stream);
	d = calloc(1, sizeof(*d));
	c->file = strdup(stream->file ? stream->file : "?");
	if (!c->tep || !d || !c->file) {
		free(d);
		return false;
	}
	decoder_init(d, c->tep);
	c->dec = d;
	sk_init(&c->set, symbol, c->tep);
	say_missing(d, c->file);
	hook_events(stream, c);
	return true;
}

SSKS_EXPORT
int KSHARK_PLOT_PLUGIN_INITIALIZER(struct kshark_data_stream *stream)
{
	struct ssks_ctx *c = __init(stream->stream_id);

	if (!c || !setup(stream, c)) {
		__close(stream->stream_id);
		return 0;
	}
	kshark_register_draw_handler(stream, ssks_draw);
	return 1;
}

SSKS_EXPORT
int KSHARK_PLOT_PLUGIN_DEINITIALIZER(struct kshark_data_stream *stream)
{
	struct ssks_ctx *c = __get_context(stream->stream_id);
	int i;

	if (!c)
		return 0;
	for (i = 0; i < c->nids; i++)
		kshark_unregister_event_handler(stream, c->ids[i], on_event);
	kshark_unregister_draw_handler(stream, ssks_draw);
	__close(stream->stream_id);
	return 1;
}

/* Pair once, when KernelShark has handed over every record. */
void ssks_ready(struct ssks_ctx *c)
{
	struct sk_set *s = &c->set;
	size_t i, walks = 0;

	if (s->paired)
		return;
	sk_pair(s);
	for (i = 0; i < s->nmarks; i++)
		walks += s->marks[i].kind == SK_WALK;
	fprintf(stderr, "shrinkscope: %s: %zu shrinker calls (%lld without "
		"their start, %lld without their end, %lld moved CPU), "
		"%zu list_lru walks, %zu vmpressure notifications%s\n",
		c->file, s->ncalls, (long long)s->ends_unpaired,
		(long long)s->starts_open, (long long)s->migrated, walks,
		s->nmarks - walks, s->oom ? "; OUT OF MEMORY, partial" : "");
}

const struct sk_set *ssks_calls(int sd)
{
	struct ssks_ctx *c = __get_context(sd);

	if (!c)
		return NULL;
	ssks_ready(c);
	return &c->set;
}
