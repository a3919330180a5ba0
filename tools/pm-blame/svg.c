// SPDX-License-Identifier: GPL-2.0
/*
 * The timeline picture: a self-contained SVG a browser opens directly.
 * Top band: the system (suspend attempts: completed dark, aborted red;
 * early-suspend passes above it).  Then one lane per request, its active
 * intervals as bars (suspend-block blue, power-level green), each with a
 * tooltip.
 */
#include <stdio.h>

#include "blame.h"

#define W_LABEL	220
#define W_PLOT	960
#define H_LANE	22
#define H_TOP	70

static double x_of(const struct blame *b, unsigned long long ts)
{
	double span = b->last > b->first ? (double)(b->last - b->first) : 1;

	return W_LABEL + (ts - b->first) / span * W_PLOT;
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

static void bar(FILE *out, const struct blame *b, unsigned long long s,
		unsigned long long e, double y, double h, const char *fill)
{
	double x0 = x_of(b, s), x1 = x_of(b, e);

	fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">",
		x0, y, x1 - x0 < 1 ? 1 : x1 - x0, h, fill);
}

void blame_svg(const struct blame *b, FILE *out)
{
	int i, j, lanes = b->nreq;
	double y;

	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n",
		W_LABEL + W_PLOT + 20, H_TOP + lanes * H_LANE + 40);
	fprintf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
	fprintf(out, "<text x=\"8\" y=\"16\" font-weight=\"bold\">pm-blame: %.3f s of trace</text>\n",
		(b->last - b->first) / 1e9);

	/* The system band: passes, then suspend attempts. */
	fprintf(out, "<g id=\"system\">\n<text x=\"8\" y=\"40\">early suspend</text>\n");
	for (i = 0; i < b->npass; i++) {
		const struct pass *p = &b->pass[i];

		bar(out, b, p->start, p->end, 28, 14,
		    p->suspend ? "#f0a030" : "#a0c040");
		fprintf(out, "<title>%s pass, %.3f ms</title></rect>\n",
			p->suspend ? "early-suspend" : "late-resume",
			(p->end - p->start) / 1e6);
	}
	fprintf(out, "<text x=\"8\" y=\"60\">system</text>\n");
	bar(out, b, b->first, b->last, 48, 14, "#e8f0e8");
	fprintf(out, "<title>awake</title></rect>\n");
	for (i = 0; i < b->natt; i++) {
		const struct attempt *a = &b->att[i];

		bar(out, b, a->start, a->end, 48, 14,
		    a->aborted ? "#d03030" : "#303030");
		fprintf(out, "<title>suspend %d: ", i + 1);
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
	for (i = 0; i < b->nreq; i++) {
		const struct request *r = &b->req[i];

		y = H_TOP + i * H_LANE;
		fprintf(out, "<g class=\"lane\" data-name=\"");
		esc(out, r->name);
		fprintf(out, "\">\n<text x=\"8\" y=\"%.1f\">", y + 15);
		esc(out, r->name);
		fputs("</text>\n", out);
		fprintf(out, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
			W_LABEL, W_LABEL + W_PLOT, y + H_LANE - 1,
			y + H_LANE - 1);
		for (j = 0; j < r->spans.n; j++) {
			bar(out, b, r->spans.v[j].start, r->spans.v[j].end,
			    y + 3, H_LANE - 6,
			    r->kind == REQ_SUSPEND_BLOCK ? "#3060c0" :
							   "#30a050");
			fputs("<title>", out);
			esc(out, r->name);
			fprintf(out, ": %.3f s at %.3f s</title></rect>\n",
				(r->spans.v[j].end - r->spans.v[j].start) / 1e9,
				(r->spans.v[j].start - b->first) / 1e9);
		}
		fputs("</g>\n", out);
	}
	y = H_TOP + lanes * H_LANE + 20;
	fprintf(out, "<text x=\"%d\" y=\"%.1f\">0 s</text>\n", W_LABEL, y);
	fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.1f s</text>\n",
		W_LABEL + W_PLOT, y, (b->last - b->first) / 1e9);
	fputs("</svg>\n", out);
}
