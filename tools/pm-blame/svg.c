// SPDX-License-Identifier: GPL-2.0
/*
 * The timeline picture: a self-contained SVG a browser opens directly, and
 * that reads without the text report beside it.
 *
 * From the top: a title, a legend of every colour and mark, the time axis
 * (ticks of 1, 2 or 5 x 10^n s, with light grid lines down the picture),
 * the early-suspend passes, the system row (awake, each suspend attempt
 * labelled with its outcome: asleep how long, or aborted and by which
 * requests, a dashed line down to each blocker's lane), then one lane per
 * request, labelled with its owner when suspend_block_request_add was traced, its
 * active intervals as bars with tooltips.
 *
 * The time axis is trace time: the trace clock stops while the system is
 * asleep, so sleep shows only in the labels.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blame.h"

#define W_PLOT		960
#define W_RIGHT		40	/* room for the last labels */
#define H_LANE		22
#define H_BAR		14
#define H_LEVEL		14	/* one line of labels above a band */
#define MAX_LEVELS	8
#define FONT		12
#define FONT_SMALL	11

#define C_SB		"#3060c0"	/* suspend-block request active */
#define C_SB_TIMED	"#a8c0f0"	/* ... with a timeout */
#define C_EXPIRED	"#e07000"	/* the timeout ended it */
#define C_PL		"#30a050"	/* power-level request active */
#define C_AWAKE		"#e8f0e8"
#define C_ASLEEP	"#303030"	/* a suspend attempt that slept */
#define C_ABORTED	"#d03030"
#define C_ES		"#f0a030"	/* early-suspend pass */
#define C_LR		"#a0c040"	/* late-resume pass */
#define C_GRID		"#e4e4e4"
#define C_NOTE		"#707070"

/* Where things go; computed before anything is written. */
struct layout {
	const struct blame *b;
	double x0;			/* left of the plot */
	double width;			/* of the whole picture */
	double y_legend, y_axis, y_pass, y_sys, y_lanes, y_bottom, height;
	int pass_levels, att_levels;
	int *pass_level, *att_level;	/* label line of each */
	double *pass_lx, *att_lx;	/* label x of each */
	double *pass_w, *att_w;		/* label width used: short if less */
	double step;			/* between ticks, s */
};

/*
 * Text width, roughly: DejaVu Sans' lower case averages about 0.5 em, its
 * digits 0.64 em; err wide.
 */
static double text_w(const char *s, int font)
{
	return strlen(s) * font * 0.56;
}

static double x_of(const struct layout *l, unsigned long long ts)
{
	const struct blame *b = l->b;
	double span = b->last > b->first ? (double)(b->last - b->first) : 1;

	if (ts < b->first)
		ts = b->first;
	return l->x0 + (ts - b->first) / span * W_PLOT;
}

static void esc(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '&':
			fputs("&amp;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		default:
			fputc(*s, out);
		}
	}
}

/* An open <rect>: the caller adds a <title> and closes it. */
static void bar(FILE *out, const struct layout *l, unsigned long long s,
		unsigned long long e, double y, double h, const char *fill)
{
	double x0 = x_of(l, s), x1 = x_of(l, e);

	fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">",
		x0, y, x1 - x0 < 1.5 ? 1.5 : x1 - x0, h, fill);
}

/* 1, 2 or 5 x 10^n seconds: the smallest giving at most 10 ticks. */
static double tick_step(double span)
{
	static const double m[] = { 1, 2, 5 };
	double p;
	int i;

	if (span <= 0)
		return 1;
	for (p = 1e-6;; p *= 10)
		for (i = 0; i < 3; i++)
			if (span / (m[i] * p) <= 10)
				return m[i] * p;
}

/* Decimals a tick label needs: 0.5 s one, 0.05 s two. */
static int decimals(double step)
{
	int d = 0;

	for (; step < 1 - 1e-9; step *= 10)
		d++;
	return d;
}

/*
 * The label of suspend attempt @i, without markup; its number alone when
 * @brief (when the attempts crowd: the colour tells the outcome).
 */
static void att_label(const struct blame *b, int i, bool brief, char *buf,
		      size_t n)
{
	const struct attempt *a = &b->att[i];

	if (brief)
		snprintf(buf, n, "#%d", i + 1);
	else if (a->aborted)
		snprintf(buf, n, "#%d aborted: %s%s", i + 1,
			 a->blockers ? "blocked by " : "no request named",
			 a->blockers ? a->blockers : "");
	else if (!a->ended)
		snprintf(buf, n, "#%d still suspending at the end", i + 1);
	else
		snprintf(buf, n, "#%d entered sleep, asleep %.3f s", i + 1,
			 a->asleep_ns / 1e9);
}

static const char *pass_label(const struct pass *p)
{
	return p->suspend ? "early suspend" : "late resume";
}

/*
 * Can label @i, @w wide from @li, go on line @k, given the labels placed
 * already?  No text may overlap on a line, and no text may cross the
 * leader a label draws from its line down to its mark: a label whose text
 * spans another's mark goes above it.
 */
static bool fits(int n, int i, int k, double li, double w, const double *x,
		 const double *lx, const double *uw, const int *level)
{
	int j;

	for (j = 0; j < n; j++) {
		if (level[j] < 0 || j == i)
			continue;
		if (level[j] == k && li < lx[j] + uw[j] + 8 &&
		    lx[j] < li + w + 8)
			return false;
		if (level[j] >= k && x[j] >= li - 4 && x[j] <= li + w + 4)
			return false;
		if (level[j] <= k && x[i] >= lx[j] - 4 &&
		    x[i] <= lx[j] + uw[j] + 4)
			return false;
	}
	return true;
}

/* Where a label @w wide for a mark at @x starts: at the mark, or in. */
static double label_x(const struct layout *l, double x, double w)
{
	double limit = l->x0 + W_PLOT + W_RIGHT - 6, li = x - 2;

	if (li + w > limit)
		li = limit - w;
	return li < l->x0 ? l->x0 : li;
}

/*
 * Put the labels of marks at @x[] (in time order) on lines above a band,
 * each on the lowest line it fits, with its short form @ws[i] when the
 * full @w[i] fits nowhere (@ws may be NULL).  A label covers marks to its
 * right (or, pulled in from the right edge, to its left too), which must
 * be placed before it so that it goes above them: so place the labels
 * from the rightmost start.  Sets each label's x, width used and line;
 * returns the number of lines used.
 */
static int place(const struct layout *l, int n, const double *x,
		 const double *w, const double *ws, double *lx, double *uw,
		 int *level)
{
	int *order = calloc(n + 1, sizeof(*order));
	int i, j, k, o, try, used = 0;

	if (!order) {
		perror("pm-blame");
		exit(1);
	}
	/* Insertion sort, by label start, rightmost first. */
	for (i = 0; i < n; i++) {
		level[i] = -1;
		lx[i] = label_x(l, x[i], w[i]);
		for (j = i; j > 0 && lx[order[j - 1]] < lx[i]; j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	for (o = 0; o < n; o++) {
		i = order[o];
		for (try = 0; try < 2 && level[i] < 0; try++) {
			uw[i] = try && ws ? ws[i] : w[i];
			lx[i] = label_x(l, x[i], uw[i]);
			for (k = 0; k < MAX_LEVELS; k++)
				if (fits(n, i, k, lx[i], uw[i], x, lx, uw,
					 level)) {
					level[i] = k;
					break;
				}
		}
		/* Too crowded: overlap on the top line. */
		if (level[i] < 0)
			level[i] = MAX_LEVELS - 1;
		if (level[i] + 1 > used)
			used = level[i] + 1;
	}
	free(order);
	return used;
}

/* The legend: each entry a swatch drawn like the real thing, then text. */
struct legend_item {
	const char *fill, *stroke;
	int mark;		/* 0 bar, 1 expiry end, 2 blocker line */
	const char *text;
};

static const struct legend_item legend[] = {
	{ C_SB, NULL, 0, "suspend-block request active" },
	{ C_SB_TIMED, C_SB, 0, "active with a timeout" },
	{ C_SB_TIMED, C_SB, 1, "ended by its timeout (expired)" },
	{ C_PL, NULL, 0, "power-level request active (a level set)" },
	{ C_AWAKE, "#b0c0b0", 0, "system awake" },
	{ C_ASLEEP, NULL, 0, "suspend attempt that entered sleep" },
	{ C_ABORTED, NULL, 0, "aborted suspend attempt" },
	{ NULL, NULL, 2, "request that blocked it" },
	{ C_ES, NULL, 0, "early-suspend pass" },
	{ C_LR, NULL, 0, "late-resume pass" },
};

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define W_SWATCH	22
#define H_LEGEND	18

/* Lay the legend out in lines across the picture, or draw it at @y. */
static double do_legend(FILE *out, const struct layout *l, double y)
{
	double x = 8, w, lines = 1;
	int i;

	for (i = 0; i < (int)ARRAY_SIZE(legend); i++) {
		const struct legend_item *it = &legend[i];

		w = W_SWATCH + 6 + text_w(it->text, FONT_SMALL) + 18;
		if (x + w > l->width - 8 && x > 8) {
			x = 8;
			y += H_LEGEND;
			lines++;
		}
		if (out) {
			double sy = y - 9;

			switch (it->mark) {
			case 0:
			case 1:
				fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"10\" fill=\"%s\"",
					x, sy, W_SWATCH, it->fill);
				if (it->stroke)
					fprintf(out, " stroke=\"%s\"", it->stroke);
				fputs("/>\n", out);
				if (it->mark == 1)
					fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"3\" height=\"14\" fill=\"" C_EXPIRED "\"/>\n",
						x + W_SWATCH - 2, sy - 2);
				break;
			case 2:
				fprintf(out, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"" C_ABORTED "\" stroke-dasharray=\"3,2\"/>\n",
					x, x + W_SWATCH - 4, sy + 5, sy + 5);
				fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"" C_ABORTED "\" stroke=\"white\"/>\n",
					x + W_SWATCH - 4, sy + 5);
				break;
			}
			fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\">%s</text>\n",
				x + W_SWATCH + 6, y, FONT_SMALL, it->text);
		}
		x += w;
	}
	return lines * H_LEGEND;
}

static void lane_owner(char *buf, size_t n, const struct request *r)
{
	if (r->kind == REQ_POWER_LEVEL)
		snprintf(buf, n, "  power level");
	else if (!r->added)
		buf[0] = '\0';			/* added before the trace */
	else if (r->pid <= 0)
		snprintf(buf, n, "  kernel");
	else if (r->comm)
		snprintf(buf, n, "  pid %d %s", r->pid, r->comm);
	else
		snprintf(buf, n, "  pid %d", r->pid);
}

static const char *row_pass = "early-suspend passes";
static const char *row_sys = "system: suspend attempts";

static void layout(struct layout *l, const struct blame *b)
{
	double wl = text_w(row_sys, FONT), w, *x, *tw, *ts;
	char buf[256], own[128];
	int i, n;

	l->b = b;
	for (i = 0; i < b->nreq; i++) {
		lane_owner(own, sizeof(own), &b->req[i]);
		w = text_w(b->req[i].name, FONT) + text_w(own, FONT_SMALL);
		if (w > wl)
			wl = w;
	}
	l->x0 = 8 + wl + 16;
	l->width = l->x0 + W_PLOT + W_RIGHT;
	l->step = tick_step((b->last - b->first) / 1e9);

	l->y_legend = 44;
	l->y_axis = l->y_legend + do_legend(NULL, l, l->y_legend) + 14;

	/* Labels of the passes, then of the attempts, on lines above each. */
	n = b->npass > b->natt ? b->npass : b->natt;
	x = calloc(n + 1, sizeof(*x));
	tw = calloc(n + 1, sizeof(*tw));
	ts = calloc(n + 1, sizeof(*ts));
	l->pass_level = calloc(b->npass + 1, sizeof(int));
	l->pass_lx = calloc(b->npass + 1, sizeof(double));
	l->pass_w = calloc(b->npass + 1, sizeof(double));
	l->att_level = calloc(b->natt + 1, sizeof(int));
	l->att_lx = calloc(b->natt + 1, sizeof(double));
	l->att_w = calloc(b->natt + 1, sizeof(double));
	if (!x || !tw || !ts || !l->pass_level || !l->pass_lx ||
	    !l->pass_w || !l->att_level || !l->att_lx || !l->att_w) {
		perror("pm-blame");
		exit(1);
	}
	for (i = 0; i < b->npass; i++) {
		x[i] = x_of(l, b->pass[i].start);
		tw[i] = text_w(pass_label(&b->pass[i]), FONT_SMALL);
	}
	l->pass_levels = place(l, b->npass, x, tw, NULL, l->pass_lx,
			       l->pass_w, l->pass_level);
	l->y_pass = l->y_axis + 10 + l->pass_levels * H_LEVEL;
	for (i = 0; i < b->natt; i++) {
		x[i] = x_of(l, b->att[i].start);
		att_label(b, i, false, buf, sizeof(buf));
		tw[i] = text_w(buf, FONT_SMALL);
		att_label(b, i, true, buf, sizeof(buf));
		ts[i] = text_w(buf, FONT_SMALL);
	}
	l->att_levels = place(l, b->natt, x, tw, ts, l->att_lx, l->att_w,
			      l->att_level);
	free(x);
	free(tw);
	free(ts);
	l->y_sys = l->y_pass + H_BAR + 12 + l->att_levels * H_LEVEL;
	l->y_lanes = l->y_sys + H_BAR + 10;
	l->y_bottom = l->y_lanes + b->nreq * H_LANE;
	l->height = l->y_bottom + 48;
}

/* Labels of a band: text on its line, a leader down to the mark. */
static void band_label(FILE *out, double x, double lx, int level,
		       double y_bar, const char *fill, const char *text)
{
	double ty = y_bar - 4 - level * H_LEVEL;

	fprintf(out, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"0.8\"/>\n",
		x, x, ty + 2, y_bar, fill);
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" fill=\"%s\">",
		lx, ty - 1, FONT_SMALL, fill);
	esc(out, text);
	fputs("</text>\n", out);
}

static void axis(FILE *out, const struct layout *l, double y, bool top)
{
	double span = (l->b->last - l->b->first) / 1e9, t, x;
	int i, d = decimals(l->step);

	for (i = 0; (t = i * l->step) <= span + 1e-9; i++) {
		x = l->x0 + (span > 0 ? t / span : 0) * W_PLOT;
		fprintf(out, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>\n",
			x, x, top ? y + 3 : y - 16, top ? y + 8 : y - 11);
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"middle\">%.*f s</text>\n",
			x, y, FONT_SMALL, d, t);
	}
}

static void draw_grid(FILE *out, const struct layout *l)
{
	double span = (l->b->last - l->b->first) / 1e9, t, x;
	int i;

	fputs("<g id=\"grid\">\n", out);
	for (i = 0; (t = i * l->step) <= span + 1e-9; i++) {
		x = l->x0 + (span > 0 ? t / span : 0) * W_PLOT;
		fprintf(out, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"" C_GRID "\"/>\n",
			x, x, l->y_axis + 4, l->y_bottom);
	}
	fputs("</g>\n", out);
}

static const struct request *find_sb(const struct blame *b, const char *name,
				     int *lane)
{
	int i;

	for (i = 0; i < b->nreq; i++)
		if (b->req[i].kind == REQ_SUSPEND_BLOCK &&
		    !strcmp(b->req[i].name, name)) {
			*lane = i;
			return &b->req[i];
		}
	return NULL;
}

/* A dashed line from an abort down to each request it named. */
static void blockers(FILE *out, const struct layout *l,
		     const struct attempt *a)
{
	char *copy, *tok, *save;
	double x, y;
	int lane;

	if (!a->blockers)
		return;
	x = x_of(l, a->abort_ts ? a->abort_ts : a->start);
	copy = strdup(a->blockers);
	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (!find_sb(l->b, tok, &lane))
			continue;
		y = l->y_lanes + lane * H_LANE + H_LANE / 2.0;
		fprintf(out, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"" C_ABORTED "\" stroke-dasharray=\"3,2\"/>\n",
			x, x, l->y_sys + H_BAR, y);
		fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"" C_ABORTED "\" stroke=\"white\"><title>",
			x, y);
		esc(out, tok);
		fputs(" was active when the suspend aborted</title></circle>\n",
		      out);
	}
	free(copy);
}

static void draw_lane(FILE *out, const struct layout *l, int i)
{
	const struct blame *b = l->b;
	const struct request *r = &b->req[i];
	double y = l->y_lanes + i * H_LANE, x1;
	char own[128];
	int j;

	fprintf(out, "<g class=\"lane\" data-name=\"");
	esc(out, r->name);
	fprintf(out, "\">\n<text x=\"8\" y=\"%.1f\">", y + 15);
	esc(out, r->name);
	lane_owner(own, sizeof(own), r);
	if (own[0]) {
		fprintf(out, "<tspan font-size=\"%d\" fill=\"" C_NOTE "\" xml:space=\"preserve\">",
			FONT_SMALL);
		esc(out, own);
		fputs("</tspan>", out);
	}
	fputs("</text>\n", out);
	fprintf(out, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
		l->x0, l->x0 + W_PLOT, y + H_LANE - 0.5, y + H_LANE - 0.5);
	for (j = 0; j < r->spans.n; j++) {
		const struct span *s = &r->spans.v[j];

		bar(out, l, s->start, s->end, y + 4, H_LANE - 8,
		    r->kind == REQ_POWER_LEVEL ? C_PL :
		    s->timed ? C_SB_TIMED : C_SB);
		fputs("<title>", out);
		esc(out, r->name);
		fprintf(out, ": %.3f s at %.3f s%s</title></rect>\n",
			(s->end - s->start) / 1e9, (s->start - b->first) / 1e9,
			s->expired ? ", expired" : s->timed ? ", timed" : "");
		if (s->timed && r->kind == REQ_SUSPEND_BLOCK) {
			x1 = x_of(l, s->end);
			fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"none\" stroke=\"" C_SB "\"/>\n",
				x_of(l, s->start), y + 4,
				x1 - x_of(l, s->start), H_LANE - 8);
		}
		if (s->expired) {
			x1 = x_of(l, s->end);
			fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"3\" height=\"%d\" fill=\"" C_EXPIRED "\"/>\n",
				x1 - 1.5, y + 2, H_LANE - 4);
			/* Say so, when the lane is free after it. */
			if (j + 1 == r->spans.n ||
			    x_of(l, r->spans.v[j + 1].start) > x1 + 60)
				fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" fill=\"" C_EXPIRED "\">expired</text>\n",
					x1 + 5, y + 15, FONT_SMALL);
		}
	}
	fputs("</g>\n", out);
}

void blame_svg(const struct blame *b, FILE *out)
{
	struct layout l = { 0 };
	char buf[256];
	int i;

	layout(&l, b);
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\" font-size=\"%d\">\n",
		l.width, l.height, FONT);
	fprintf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
	fprintf(out, "<text x=\"8\" y=\"18\" font-weight=\"bold\" font-size=\"14\">pm-blame: who kept the system awake, %.3f s of trace</text>\n",
		(b->last - b->first) / 1e9);
	fputs("<g id=\"legend\">\n", out);
	do_legend(out, &l, l.y_legend);
	fputs("</g>\n", out);
	draw_grid(out, &l);
	axis(out, &l, l.y_axis, true);

	/* Early-suspend passes. */
	fprintf(out, "<g id=\"passes\">\n<text x=\"8\" y=\"%.1f\">%s</text>\n",
		l.y_pass + 11, row_pass);
	for (i = 0; i < b->npass; i++) {
		const struct pass *p = &b->pass[i];
		const char *c = p->suspend ? C_ES : C_LR;

		band_label(out, x_of(&l, p->start), l.pass_lx[i],
			   l.pass_level[i], l.y_pass, p->suspend ? "#a06010" :
			   "#607020", pass_label(p));
		bar(out, &l, p->start, p->end, l.y_pass, H_BAR, c);
		fprintf(out, "<title>%s pass, %.3f ms</title></rect>\n",
			p->suspend ? "early-suspend" : "late-resume",
			(p->end - p->start) / 1e6);
	}
	fputs("</g>\n", out);

	/* The system: awake, and the suspend attempts on it. */
	fprintf(out, "<g id=\"system\">\n<text x=\"8\" y=\"%.1f\">%s</text>\n",
		l.y_sys + 11, row_sys);
	bar(out, &l, b->first, b->last, l.y_sys, H_BAR, C_AWAKE);
	fprintf(out, "<title>awake</title></rect>\n");
	for (i = 0; i < b->natt; i++) {
		const struct attempt *a = &b->att[i];
		const char *c = a->aborted ? C_ABORTED : C_ASLEEP;

		att_label(b, i, false, buf, sizeof(buf));
		if (l.att_w[i] < text_w(buf, FONT_SMALL))
			att_label(b, i, true, buf, sizeof(buf));
		band_label(out, x_of(&l, a->start), l.att_lx[i],
			   l.att_level[i], l.y_sys, c, buf);
		bar(out, &l, a->start, a->end, l.y_sys, H_BAR, c);
		fprintf(out, "<title>suspend %d at %.3f s: ", i + 1,
			(a->start - b->first) / 1e9);
		if (a->aborted) {
			fputs("aborted by ", out);
			esc(out, a->blockers ? a->blockers : "(no request)");
		} else {
			fprintf(out, "completed, asleep %.3f s",
				a->asleep_ns / 1e9);
		}
		fputs("</title></rect>\n", out);
	}
	fputs("</g>\n", out);

	/* One lane per request. */
	for (i = 0; i < b->nreq; i++)
		draw_lane(out, &l, i);
	for (i = 0; i < b->natt; i++)
		if (b->att[i].aborted)
			blockers(out, &l, &b->att[i]);

	fprintf(out, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>\n",
		l.x0, l.x0 + W_PLOT, l.y_bottom, l.y_bottom);
	axis(out, &l, l.y_bottom + 18, false);
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" fill=\"" C_NOTE "\">time since the start of the trace; the trace clock stops while the system is asleep, so sleep shows only in the labels</text>\n",
		l.x0, l.y_bottom + 38, FONT_SMALL);
	fputs("</svg>\n", out);
	free(l.pass_level);
	free(l.pass_lx);
	free(l.att_level);
	free(l.att_lx);
	free(l.pass_w);
	free(l.att_w);
}
