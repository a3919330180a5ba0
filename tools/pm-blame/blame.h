/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pm-blame: the model built from a trace of the suspend_qos events.
 */
#ifndef PM_BLAME_H
#define PM_BLAME_H

#include <stdbool.h>
#include <stdio.h>

/* One interval of a lane, in trace ns. */
struct span {
	unsigned long long start, end;
	bool timed;			/* last activation had a timeout */
	bool expired;			/* ended by that timeout */
};

struct spans {
	struct span *v;
	int n, cap;
};

enum req_kind { REQ_SUSPEND_BLOCK, REQ_POWER_LEVEL };

struct request {
	char *name;
	enum req_kind kind;
	int pid;			/* owner, from suspend_block_request_add */
	bool added;			/* suspend_block_request_add seen: pid is valid */
	char *comm;			/* owner's command, if trace-cmd saved it */
	bool timed;			/* the last activation had a timeout */
	unsigned long activations;
	unsigned long expiries;
	unsigned long long total_ns;	/* held, as the kernel measured */
	unsigned long long max_ns;
	unsigned long long alone_ns;	/* the only active request */
	unsigned long aborts;		/* suspends it was named in */
	bool active;
	unsigned long long since;	/* trace time it became active */
	struct spans spans;
};

struct attempt {
	unsigned long long start, end;
	bool ended, aborted;
	unsigned long long abort_ts;	/* suspend_aborted, 0 if none */
	unsigned long long asleep_ns;
	char *blockers;			/* names, as traced */
};

struct pass {
	unsigned long long start, end;
	bool suspend, ended;
};

struct blame {
	struct request *req;
	int nreq, capreq;
	struct attempt *att;
	int natt, capatt;
	struct pass *pass;
	int npass, cappass;
	unsigned long long first, last;	/* trace time span */
	int active;			/* active suspend-block requests */
	unsigned long long alone_since;
};

void blame_svg(const struct blame *b, FILE *out);

#endif /* PM_BLAME_H */
