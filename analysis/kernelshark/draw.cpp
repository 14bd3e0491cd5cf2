// SPDX-License-Identifier: GPL-2.0
/*
 * The plugin's drawing. KernelShark 2.2 takes plugin shapes only as C++
 * objects (KsPlot::PlotObject), so this file is C++; everything it draws
 * comes from the C part (plugin.c, pair.c).
 *
 * A call is a box on the lower two thirds of its CPU's graph (and of its
 * task's graph), filled in its node's colour; hollow when one end of it is
 * not in the trace. When zoomed in far enough for the text to fit, the box
 * carries the shrinker's name, node, memcg and the objects freed. A
 * list_lru walk is a dark tick from the graph's top; a vmpressure
 * notification a triangle coloured by level, named when there is room.
 */
#include <cinttypes>
#include <cstdio>
#include <string>

#include "libkshark.h"
#include "libkshark-model.h"
#include "KsPlotTools.hpp"
#include "KsPlugins.hpp"

#include "ssks.h"

using namespace KsPlot;

/* Tableau 10: nodes 0..7; grey for a call whose node is not known. */
static const uint8_t node_rgb[][3] = {
	{ 31, 119, 180 }, { 255, 127, 14 }, { 44, 160, 44 }, { 214, 39, 40 },
	{ 148, 103, 189 }, { 140, 86, 75 }, { 227, 119, 194 },
	{ 188, 189, 34 },
};
static const uint8_t no_node_rgb[3] = { 127, 127, 127 };
/* vmpressure levels low, medium, critical */
static const uint8_t level_rgb[][3] = {
	{ 240, 228, 66 }, { 230, 159, 0 }, { 204, 0, 0 },
};

static Color node_color(int64_t nid)
{
	const uint8_t *c = no_node_rgb;

	if (nid >= 0 && nid < (int64_t)(sizeof(node_rgb) / sizeof(*node_rgb)))
		c = node_rgb[nid];
	return Color(c[0], c[1], c[2]);
}

/* The font is a GL texture: made on the first draw, in KernelShark's GL
 * context, and kept. */
static ksplot_font font;
static bool font_tried;

static ksplot_font *get_font()
{
	if (!font_tried) {
		font_tried = true;
		ksplot_init_font(&font, 12, TT_FONT_FILE);
	}
	return ksplot_font_is_loaded(&font) ? &font : nullptr;
}

static int text_width(const ksplot_font *f, const std::string &t)
{
	float w = 0;

	for (unsigned char ch : t)
		if (ch >= KS_SPACE_CHAR && ch <= KS_TILDA_CHAR)
			w += f->cdata[ch - KS_SPACE_CHAR].xadvance;
	return (int)w + 1;
}

/* Text drawn only where it fits in @room pixels. */
class Label : public PlotObject {
public:
	Label(const std::string &t, int x, int y, int room)
	: _text(t), _x(x), _y(y), _room(room) {}

private:
	std::string _text;
	int _x, _y, _room;

	void _draw(const Color &col, float) const override
	{
		ksplot_font *f = get_font();

		if (!f || text_width(f, _text) > _room)
			return;
		ksplot_print_text(f, col.color_c_ptr(), _x, _y,
				  _text.c_str());
	}
};

static std::string num(int64_t v)
{
	char b[32];

	if (v == SK_NA)
		return "?";
	snprintf(b, sizeof(b), "%" PRId64, v);
	return b;
}

static std::string call_text(const sk_set *s, const sk_call *c)
{
	std::string t = sk_strget(s, c->name);

	t += " n" + num(c->nid);
	if (c->memcg != SK_NA)
		t += " memcg " + num(c->memcg);
	t += " freed " + num(c->freed);
	if (c->t0 == SK_NA)
		t += " (start before trace)";
	if (c->t1 == SK_NA)
		t += " (no end)";
	return t;
}

/* What one graph needs to place shapes. */
struct view {
	kshark_trace_histo *h;
	const Graph *g;
	PlotObjList *out;
	int last_b0, last_b1;
	int64_t last_nid;
	size_t n;
};

static int bin_of(const view &v, int64_t ts)
{
	int64_t b;

	if (ts <= v.h->min)
		return 0;
	b = (ts - v.h->min) / v.h->bin_size;
	return b >= v.h->n_bins ? v.h->n_bins - 1 : (int)b;
}

/* Boxes enough to cover the graph, never one per call at full zoom. */
static bool full(const view &v)
{
	return v.n > 4 * (size_t)v.h->n_bins;
}

static void box(view &v, const sk_set *s, const sk_call *c, int64_t t0,
		int64_t t1, bool hollow)
{
	int b0 = bin_of(v, t0), b1 = bin_of(v, t1);
	int x0, x1, base, top;
	Rectangle *r;

	if (b0 == v.last_b0 && b1 <= v.last_b1 && c->nid == v.last_nid)
		return;
	v.last_b0 = b0;
	v.last_b1 = b1;
	v.last_nid = c->nid;
	x0 = v.g->bin(b0)._base.x();
	x1 = v.g->bin(b1)._base.x() + 1;
	base = v.g->bin(b0)._base.y();
	top = base - v.g->height() * 2 / 3;
	r = new Rectangle;
	r->setFill(!hollow);
	r->setPoint(0, x0, base);
	r->setPoint(1, x0, top);
	r->setPoint(2, x1, top);
	r->setPoint(3, x1, base);
	r->_color = node_color(c->nid);
	r->_size = 1.5;
	/* KernelShark draws the list from its front: the text after the box */
	if (x1 - x0 >= 24) {
		Label *l = new Label(call_text(s, c), x0 + 2, base - 3,
				     x1 - x0 - 4);
		l->_color = hollow ? node_color(c->nid) : Color(0, 0, 0);
		v.out->push_front(l);
	}
	v.out->push_front(r);
	v.n++;
}

static void cpu_boxes(view &v, const sk_set *s, int cpu)
{
	const sk_cpu *c = &s->cpus[cpu];
	size_t i;

	for (i = sk_first_piece(c, v.h->min); i < c->n && !full(v); i++) {
		const sk_piece *p = &c->p[i];

		if (p->t0 > v.h->max)
			break;
		if (p->t1 < v.h->min)
			continue;
		box(v, s, &s->calls[p->call], p->t0, p->t1, p->flags != 0);
	}
}

static void task_boxes(view &v, const sk_set *s, int pid)
{
	size_t i;

	for (i = 0; i < s->ncalls && !full(v); i++) {
		const sk_call *c = &s->calls[i];
		int64_t t0 = c->t0 == SK_NA ? s->first : c->t0;
		int64_t t1 = c->t1 == SK_NA ? s->last : c->t1;

		if (c->pid != pid || t1 < v.h->min || t0 > v.h->max)
			continue;
		box(v, s, c, t0, t1, c->t0 == SK_NA || c->t1 == SK_NA);
	}
}

static std::string mark_text(const sk_set *s, const sk_mark *m)
{
	static const char *const level[] = { "low", "medium", "critical" };

	if (m->kind == SK_VMP && m->a >= 0 && m->a < 3)
		return std::string("vmpressure ") + level[m->a];
	if (m->kind == SK_VMP)
		return "vmpressure level " + num(m->a);
	return (m->name ? std::string(sk_strget(s, m->name)) + " " : "") +
	       "walk " + num(m->a) + "/" + num(m->b);
}

static PlotObject *mark_shape(const view &v, const sk_mark *m, int x)
{
	int top = v.g->bin(0)._base.y() - v.g->height();
	Polygon *p;

	if (m->kind == SK_WALK) {
		Line *l = new Line(Point(x, top), Point(x, top + 6));
		l->_color = Color(40, 40, 40);
		l->_size = 2;
		return l;
	}
	p = new Triangle;
	p->setPoint(0, x - 4, top);
	p->setPoint(1, x + 4, top);
	p->setPoint(2, x, top + 7);
	p->setFill(true);
	const uint8_t *c = m->a >= 0 && m->a < 3 ? level_rgb[m->a] :
			   no_node_rgb;
	p->_color = Color(c[0], c[1], c[2]);
	return p;
}

static void marks(view &v, const sk_set *s, int cpu)
{
	const sk_cpu *c = &s->cpus[cpu];
	int last = -1, x, next;
	size_t i;

	for (i = sk_first_mark(c, v.h->min); i < c->nm && !full(v); i++) {
		const sk_mark *m = c->m[i];
		int b = bin_of(v, m->ts);

		if (m->ts > v.h->max)
			break;
		if (b == last)
			continue;
		last = b;
		x = v.g->bin(b)._base.x();
		/* named when the next mark is far enough */
		next = i + 1 < c->nm && c->m[i + 1]->ts <= v.h->max ?
		       v.g->bin(bin_of(v, c->m[i + 1]->ts))._base.x() :
		       v.g->bin(v.h->n_bins - 1)._base.x();
		Label *l = new Label(mark_text(s, m), x + 5,
				     v.g->bin(0)._base.y() - v.g->height() + 11,
				     next - x - 8);
		l->_color = Color(40, 40, 40);
		v.out->push_front(l);
		v.out->push_front(mark_shape(v, m, x));
		v.n++;
	}
}

void ssks_draw(kshark_cpp_argv *argv_c, int sd, int val, int action)
{
	KsCppArgV *a = KS_ARGV_TO_CPP(argv_c);
	ssks_ctx *c = ssks_get(sd);
	view v = { a->_histo, a->_graph, a->_shapes, -1, -1, SK_NA, 0 };
	const sk_set *s;

	if (!c || !v.h || !v.g || !v.out || v.h->n_bins <= 0 ||
	    v.h->bin_size <= 0 || v.g->size() < v.h->n_bins)
		return;
	ssks_ready(c);
	s = &c->set;
	if (action & KSHARK_CPU_DRAW) {
		if (val < 0 || val >= s->ncpus)
			return;
		cpu_boxes(v, s, val);
		marks(v, s, val);
	} else if (action & KSHARK_TASK_DRAW) {
		task_boxes(v, s, val);
	}
}
