// SPDX-License-Identifier: GPL-2.0
/*
 * pm-blame TRACE.DAT [SVG]: who kept the system awake, and why each
 * suspend attempt failed, from a trace-cmd recording of the suspend_qos
 * events (include/trace/events/suspend_qos.h).
 *
 * Prints, per suspend-block request: activations, expiries, total and
 * longest hold (the kernel's own held_ns), time it alone kept the system
 * awake, and the suspends it aborted; per power-level request its
 * activations and time; per suspend attempt, its outcome and blockers.
 * With SVG, also writes a timeline: the system's band on top, then one
 * lane per request.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <trace-cmd.h>
#include <event-parse.h>

#include "blame.h"

static void *grow(void *v, int *cap, int n, size_t size)
{
	if (n < *cap)
		return v;
	*cap = *cap ? *cap * 2 : 16;
	v = realloc(v, *cap * size);
	if (!v) {
		perror("pm-blame");
		exit(1);
	}
	return v;
}

static struct request *find(struct blame *b, const char *name,
			    enum req_kind kind)
{
	struct request *r;
	int i;

	for (i = 0; i < b->nreq; i++)
		if (b->req[i].kind == kind && !strcmp(b->req[i].name, name))
			return &b->req[i];
	b->req = grow(b->req, &b->capreq, b->nreq, sizeof(*b->req));
	r = &b->req[b->nreq++];
	memset(r, 0, sizeof(*r));
	r->name = strdup(name);
	r->kind = kind;
	return r;
}

static struct span *span_add(struct request *r, unsigned long long s,
			     unsigned long long e)
{
	r->spans.v = grow(r->spans.v, &r->spans.cap, r->spans.n,
			  sizeof(*r->spans.v));
	r->spans.v[r->spans.n] = (struct span){ s, e, false, false };
	return &r->spans.v[r->spans.n++];
}

/* The only active suspend-block request, if exactly one is active. */
static struct request *alone(struct blame *b)
{
	int i;

	if (b->active != 1)
		return NULL;
	for (i = 0; i < b->nreq; i++)
		if (b->req[i].kind == REQ_SUSPEND_BLOCK && b->req[i].active)
			return &b->req[i];
	return NULL;
}

/* Account time alone up to @ts before the active set changes. */
static void settle_alone(struct blame *b, unsigned long long ts)
{
	struct request *r = alone(b);

	if (r && ts > b->alone_since)
		r->alone_ns += ts - b->alone_since;
	b->alone_since = ts;
}

static void sb_start(struct blame *b, struct request *r,
		     unsigned long long ts)
{
	settle_alone(b, ts);
	r->active = true;
	r->since = ts;
	r->activations++;
	b->active++;
}

static void sb_stop(struct blame *b, struct request *r,
		    unsigned long long ts, unsigned long long held,
		    bool expired)
{
	struct span *sp;

	settle_alone(b, ts);
	if (r->active) {
		sp = span_add(r, r->since, ts);
		b->active--;
	} else {
		/* Active since before the recording. */
		sp = span_add(r, b->first, ts);
	}
	sp->timed = r->timed || expired;
	sp->expired = expired;
	r->active = false;
	r->total_ns += held;
	if (held > r->max_ns)
		r->max_ns = held;
}

static unsigned long long num(struct tep_event *ev, struct tep_record *rec,
			      const char *field)
{
	unsigned long long v = 0;

	tep_get_field_val(NULL, ev, field, rec, &v, 0);
	return v;
}

static const char *str(struct tep_event *ev, struct tep_record *rec,
		       const char *field)
{
	int len;
	const char *s = tep_get_field_raw(NULL, ev, field, rec, &len, 0);

	return s ? s : "?";
}

/* Count @r as a blocker of the suspend whose blockers are @names. */
static void blame_names(struct blame *b, const char *names)
{
	char *copy = strdup(names), *tok, *save;
	int i;

	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save))
		for (i = 0; i < b->nreq; i++)
			if (b->req[i].kind == REQ_SUSPEND_BLOCK &&
			    !strcmp(b->req[i].name, tok))
				b->req[i].aborts++;
	free(copy);
}

static int on_record(struct tracecmd_input *h, struct tep_record *rec,
		     int cpu, void *data)
{
	struct blame *b = data;
	struct tep_event *ev;
	unsigned long long ts = rec->ts;
	struct request *r;
	struct attempt *a;
	struct pass *p;
	const char *n;

	(void)cpu;
	ev = tep_find_event_by_record(tracecmd_get_tep(h), rec);
	if (!b->first)
		b->first = ts;
	b->last = ts;
	if (!ev || strcmp(ev->system, "suspend_qos"))
		return 0;
	n = ev->name;

	if (!strcmp(n, "suspend_block_request_add")) {
		const char *comm;

		r = find(b, str(ev, rec, "name"), REQ_SUSPEND_BLOCK);
		r->pid = num(ev, rec, "pid");
		r->added = true;
		free(r->comm);
		r->comm = NULL;
		comm = r->pid > 0 ?
			tep_data_comm_from_pid(tracecmd_get_tep(h), r->pid) :
			NULL;
		if (comm && comm[0] != '<')	/* "<...>": not saved */
			r->comm = strdup(comm);
	} else if (!strcmp(n, "suspend_block_activate")) {
		r = find(b, str(ev, rec, "name"), REQ_SUSPEND_BLOCK);
		/* A re-arm replaces the timeout (0: none). */
		r->timed = num(ev, rec, "timeout_ms") != 0;
		if (num(ev, rec, "started") && !r->active)
			sb_start(b, r, ts);
	} else if (!strcmp(n, "suspend_block_deactivate") || !strcmp(n, "suspend_block_expire")) {
		r = find(b, str(ev, rec, "name"), REQ_SUSPEND_BLOCK);
		if (!strcmp(n, "suspend_block_expire"))
			r->expiries++;
		sb_stop(b, r, ts, num(ev, rec, "held_ns"),
			!strcmp(n, "suspend_block_expire"));
	} else if (!strcmp(n, "power_level_update")) {
		int old = (int)num(ev, rec, "old"), new = (int)num(ev, rec, "new");
		const int any = 0x7fffffff;

		r = find(b, str(ev, rec, "name"), REQ_POWER_LEVEL);
		if (old == any && new != any) {
			r->active = true;
			r->since = ts;
			r->activations++;
		} else if (new == any && r->active) {
			r->active = false;
			span_add(r, r->since, ts);
			r->total_ns += ts - r->since;
			if (ts - r->since > r->max_ns)
				r->max_ns = ts - r->since;
		}
	} else if (!strcmp(n, "suspend_start")) {
		b->att = grow(b->att, &b->capatt, b->natt, sizeof(*b->att));
		a = &b->att[b->natt++];
		memset(a, 0, sizeof(*a));
		a->start = ts;
	} else if (!strcmp(n, "suspend_aborted") && b->natt) {
		a = &b->att[b->natt - 1];
		a->aborted = true;
		a->abort_ts = ts;
		free(a->blockers);
		a->blockers = strdup(str(ev, rec, "names"));
		blame_names(b, a->blockers);
	} else if (!strcmp(n, "suspend_end") && b->natt) {
		a = &b->att[b->natt - 1];
		a->end = ts;
		a->ended = true;
		a->asleep_ns = num(ev, rec, "asleep_ns");
		if (!num(ev, rec, "completed"))
			a->aborted = true;
	} else if (!strcmp(n, "early_suspend_pass_start")) {
		b->pass = grow(b->pass, &b->cappass, b->npass,
			       sizeof(*b->pass));
		p = &b->pass[b->npass++];
		memset(p, 0, sizeof(*p));
		p->start = ts;
		p->suspend = num(ev, rec, "suspend");
	} else if (!strcmp(n, "early_suspend_pass_end") && b->npass) {
		p = &b->pass[b->npass - 1];
		p->end = ts;
		p->ended = true;
	}
	return 0;
}

/* Close what is still open at the end of the trace. */
static void finish(struct blame *b)
{
	int i;

	settle_alone(b, b->last);
	for (i = 0; i < b->nreq; i++) {
		struct request *r = &b->req[i];

		if (!r->active)
			continue;
		span_add(r, r->since, b->last)->timed = r->timed;
		r->total_ns += b->last - r->since;
		if (b->last - r->since > r->max_ns)
			r->max_ns = b->last - r->since;
	}
	for (i = 0; i < b->natt; i++)
		if (!b->att[i].ended)
			b->att[i].end = b->last;
	for (i = 0; i < b->npass; i++)
		if (!b->pass[i].ended)
			b->pass[i].end = b->last;
}

static double sec(unsigned long long ns)
{
	return ns / 1e9;
}

static void report(const struct blame *b)
{
	int i;

	printf("suspend-block requests (times in s)\n");
	printf("%-28s %6s %11s %7s %9s %9s %9s %7s\n", "name", "pid",
	       "activations", "expired", "total", "max", "alone",
	       "aborted");
	for (i = 0; i < b->nreq; i++) {
		const struct request *r = &b->req[i];

		if (r->kind != REQ_SUSPEND_BLOCK)
			continue;
		printf("%-28s %6d %11lu %7lu %9.3f %9.3f %9.3f %7lu\n",
		       r->name, r->pid, r->activations, r->expiries,
		       sec(r->total_ns), sec(r->max_ns), sec(r->alone_ns),
		       r->aborts);
	}
	printf("\npower-level requests (times in s)\n");
	printf("%-28s %11s %9s %9s\n", "name", "activations", "total", "max");
	for (i = 0; i < b->nreq; i++) {
		const struct request *r = &b->req[i];

		if (r->kind == REQ_POWER_LEVEL)
			printf("%-28s %11lu %9.3f %9.3f\n", r->name,
			       r->activations, sec(r->total_ns),
			       sec(r->max_ns));
	}
	printf("\nsuspend attempts (times in s from the start of the trace)\n");
	for (i = 0; i < b->natt; i++) {
		const struct attempt *a = &b->att[i];

		if (a->aborted)
			printf("%d at %.3f: aborted, blocked by %s\n", i + 1,
			       sec(a->start - b->first),
			       a->blockers ? a->blockers : "(no request)");
		else
			printf("%d at %.3f: completed, asleep %.3f\n", i + 1,
			       sec(a->start - b->first), sec(a->asleep_ns));
	}
	printf("\nearly-suspend passes\n");
	for (i = 0; i < b->npass; i++)
		printf("%s at %.3f, %.3f ms\n",
		       b->pass[i].suspend ? "suspend" : "resume",
		       sec(b->pass[i].start - b->first),
		       (b->pass[i].end - b->pass[i].start) / 1e6);
}

int main(int argc, char **argv)
{
	struct tracecmd_input *h;
	struct blame b = { 0 };
	FILE *svg;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: pm-blame TRACE.DAT [TIMELINE.SVG]\n");
		return 2;
	}
	h = tracecmd_open(argv[1], 0);
	if (!h) {
		fprintf(stderr, "pm-blame: cannot read %s\n", argv[1]);
		return 1;
	}
	if (tracecmd_iterate_events(h, NULL, 0, on_record, &b) < 0) {
		fprintf(stderr, "pm-blame: cannot iterate %s\n", argv[1]);
		return 1;
	}
	finish(&b);
	report(&b);
	if (argc == 3) {
		svg = fopen(argv[2], "w");
		if (!svg) {
			perror(argv[2]);
			return 1;
		}
		blame_svg(&b, svg);
		if (fclose(svg)) {
			perror(argv[2]);
			return 1;
		}
	}
	tracecmd_close(h);
	return 0;
}
