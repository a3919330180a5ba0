// SPDX-License-Identifier: GPL-2.0
/*
 * suspend-block list and why: the kernel's read-outs of suspend blockers.
 *
 *   /proc/suspend_blockers  a header, then one tab-separated row per
 *	suspend-block request (kind kernel, fd or sysfs) and per mainline
 *	wakeup source (kind wakeup_source): kind, name, active (0 or 1),
 *	active_ns, count, total_ns, max_ns (total and max include the open
 *	interval), then the owner's pid, uid and comm, "-" where the kernel
 *	shows none (a kernel request, a wakeup source; the pid alone once
 *	the owner has exited, or if the reader cannot see it).  Spaces, tabs,
 *	newlines and backslashes in names and comms are octal escapes.
 *	Power-level requests are not in it: every active row blocks suspend.
 *	When it is there, it is all list and why read (but suspend_stats).
 *
 * Without it (an older kernel), the older read-outs, merged:
 *
 *   /sys/power/suspend_blockers  the names of the suspend-block requests
 *	active now, separated by spaces: the authority on what blocks
 *	suspend, but names only;
 *   /proc/wakelocks  Android's statistics: a header, then one row per
 *	suspend-block request, power-level request and mainline wakeup
 *	source (and "deleted_wake_locks"), the name in double quotes with
 *	'"' and '\' as \042 and \134, then count, expire_count, wake_count,
 *	active_since, total_time, sleep_time, max_time, last_change (ns);
 *   /sys/class/wakeup/ (why)  mainline's wakeup sources, which block
 *	suspend too but are not suspend-block requests.
 *
 * Each name in suspend_blockers is matched to a /proc/wakelocks row of that
 * name (names need not be unique: each row is matched once); a name without
 * a row (a read-out raced with a new request) is still listed, without
 * statistics.
 *
 * Either way, why reads /sys/power/suspend_stats/ for the last failed
 * suspend.  Names are printed as the kernel gave them (unescaped), except that
 * control characters become '?' in text and JSON strings are escaped.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "suspend-block.h"

#define PROC_BLOCKERS		"/proc/suspend_blockers"
#define SUSPEND_BLOCKERS	"/sys/power/suspend_blockers"
#define WAKELOCKS		"/proc/wakelocks"
#define WAKEUP_CLASS		"/sys/class/wakeup"
#define SUSPEND_STATS		"/sys/power/suspend_stats"

/* The numbers of a /proc/wakelocks row, in its order. */
enum {
	COUNT, EXPIRE_COUNT, WAKE_COUNT, ACTIVE_SINCE, TOTAL_TIME,
	SLEEP_TIME, MAX_TIME, LAST_CHANGE, NR_FIELDS
};

struct blocker {
	char *name;
	bool active;
	bool has_stats;		/* v is known (not a bare name) */
	bool matched;		/* to a name in suspend_blockers */
	bool wakeup_source;	/* from /sys/class/wakeup (why only) */
	uint64_t v[NR_FIELDS];
	/*
	 * From /proc/suspend_blockers only (of v, only COUNT, ACTIVE_SINCE,
	 * TOTAL_TIME and MAX_TIME):
	 */
	char *kind;		/* kernel, fd, sysfs, wakeup_source */
	bool has_pid, has_uid;
	int pid;
	uint32_t uid;
	char *comm;		/* NULL if the kernel shows none */
};

struct blockers {
	struct blocker *b;
	size_t n, cap;
	bool proc;		/* read from /proc/suspend_blockers */
};

static void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size);
	if (!p) {
		error_msg("out of memory");
		exit(EXIT_RUNTIME);
	}
	return p;
}

static void *xmalloc(size_t size)
{
	void *p = malloc(size);

	if (!p) {
		error_msg("out of memory");
		exit(EXIT_RUNTIME);
	}
	return p;
}

static struct blocker *add_blocker(struct blockers *l, const char *name,
				   size_t len)
{
	struct blocker *b;

	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 32;
		l->b = xrealloc(l->b, l->cap * sizeof(*l->b));
	}
	b = &l->b[l->n++];
	memset(b, 0, sizeof(*b));
	b->name = xmalloc(len + 1);
	memcpy(b->name, name, len);
	b->name[len] = '\0';
	return b;
}

static char *xstrdup(const char *s)
{
	size_t len = strlen(s) + 1;

	return memcpy(xmalloc(len), s, len);
}

static void free_blocker(struct blocker *b)
{
	free(b->name);
	free(b->kind);
	free(b->comm);
}

static void free_blockers(struct blockers *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free_blocker(&l->b[i]);
	free(l->b);
}

/* All of @path, NUL-terminated; NULL (errno set) if it cannot be read. */
static char *read_file(const char *path)
{
	size_t len = 0, cap = 4096;
	char *buf;
	ssize_t r;
	int fd, err;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	buf = xmalloc(cap);
	for (;;) {
		if (cap - len < 2) {
			cap *= 2;
			buf = xrealloc(buf, cap);
		}
		r = read(fd, buf + len, cap - len - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		len += r;
	}
	err = errno;
	close(fd);
	if (r < 0) {
		free(buf);
		errno = err;
		return NULL;
	}
	buf[len] = '\0';
	return buf;
}

/* A one-line sysfs file, without its newline; NULL if unreadable. */
static char *read_line(const char *path)
{
	char *s = read_file(path);

	if (s)
		s[strcspn(s, "\n")] = '\0';
	return s;
}

static bool read_u64(const char *path, uint64_t *v)
{
	char *s = read_line(path), *end;
	bool ok;

	if (!s)
		return false;
	errno = 0;
	*v = strtoull(s, &end, 10);
	ok = s[0] >= '0' && s[0] <= '9' && !*end && !errno;
	free(s);
	return ok;
}

/*
 * One row of /proc/wakelocks, NUL-terminated at its newline.  Returns
 * false for anything else (the header, a malformed row).
 */
static bool parse_wakelock_row(char *line, struct blockers *l)
{
	char *p = line + 1, *name = line + 1, *q = name, *end;
	struct blocker *b;
	uint64_t v[NR_FIELDS];
	int i;

	if (line[0] != '"')
		return false;
	/* Unescape in place; a raw '"' ends the name. */
	while (*p && *p != '"') {
		if (p[0] == '\\' && p[1] >= '0' && p[1] <= '3' &&
		    p[2] >= '0' && p[2] <= '7' && p[3] >= '0' && p[3] <= '7') {
			*q++ = (char)((p[1] - '0') << 6 | (p[2] - '0') << 3 |
				      (p[3] - '0'));
			p += 4;
		} else {
			*q++ = *p++;
		}
	}
	if (*p != '"')
		return false;
	p++;
	for (i = 0; i < NR_FIELDS; i++) {
		if (*p++ != '\t' || *p < '0' || *p > '9')
			return false;
		errno = 0;
		v[i] = strtoull(p, &end, 10);
		if (errno)
			return false;
		p = end;
	}
	if (*p)
		return false;
	b = add_blocker(l, name, q - name);
	b->has_stats = true;
	b->active = v[ACTIVE_SINCE] != 0;
	memcpy(b->v, v, sizeof(v));
	return true;
}

static void parse_wakelocks(char *buf, struct blockers *l)
{
	char *line, *next;

	for (line = buf; *line; line = next) {
		next = line + strcspn(line, "\n");
		if (*next)
			*next++ = '\0';
		parse_wakelock_row(line, l);
	}
}

/* The row for a name in suspend_blockers: an active one first. */
static struct blocker *match_row(struct blockers *l, const char *name,
				 size_t len)
{
	struct blocker *any = NULL, *b;
	size_t i;

	for (i = 0; i < l->n; i++) {
		b = &l->b[i];
		if (b->matched || !b->has_stats || strlen(b->name) != len ||
		    memcmp(b->name, name, len))
			continue;
		if (b->active)
			return b;
		if (!any)
			any = b;
	}
	return any;
}

/*
 * Mark the rows of the names in suspend_blockers active, and add the names
 * without a row.  The file is cut at a page: then it lacks its newline,
 * and its last name may be cut.
 */
static void merge_suspend_blockers(char *buf, struct blockers *l)
{
	size_t len, total = strlen(buf);
	bool cut = !total || buf[total - 1] != '\n';
	struct blocker *b;
	char *p = buf;

	for (;;) {
		p += strspn(p, "\n ");
		if (!*p)
			break;
		len = strcspn(p, "\n ");
		if (!p[len] && cut)
			break;
		b = match_row(l, p, len);
		if (!b)
			b = add_blocker(l, p, len);
		b->matched = true;
		b->active = true;
		p += len;
	}
}

/* The columns of /proc/suspend_blockers, in its order. */
enum {
	P_KIND, P_NAME, P_ACTIVE, P_ACTIVE_NS, P_COUNT, P_TOTAL_NS, P_MAX_NS,
	P_PID, P_UID, P_COMM, NR_P_FIELDS
};
#define PROC_HEADER \
	"kind\tname\tactive\tactive_ns\tcount\ttotal_ns\tmax_ns\tpid\tuid\tcomm"

/* Decode seq_escape()'s \ooo in place. */
static void unescape_octal(char *s)
{
	char *q = s;

	while (*s) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*q++ = (char)((s[1] - '0') << 6 | (s[2] - '0') << 3 |
				      (s[3] - '0'));
			s += 4;
		} else {
			*q++ = *s++;
		}
	}
	*q = '\0';
}

/* A whole decimal field, at most @max. */
static bool parse_field(const char *s, uint64_t max, uint64_t *v)
{
	char *end;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return !*end && !errno && *v <= max;
}

/*
 * One row of /proc/suspend_blockers, NUL-terminated at its newline.
 * Returns false for a malformed one.  Columns after comm, should a later
 * kernel add any, are ignored.
 */
static bool parse_proc_row(char *line, struct blockers *l)
{
	char *f[NR_P_FIELDS];
	uint64_t active, n[NR_P_FIELDS], v;
	struct blocker *b;
	int i;

	for (i = 0; i < NR_P_FIELDS; i++) {
		f[i] = line;
		line += strcspn(line, "\t");
		if (!*line && i < NR_P_FIELDS - 1)
			return false;
		if (*line)
			*line++ = '\0';
	}
	if (!parse_field(f[P_ACTIVE], 1, &active))
		return false;
	for (i = P_ACTIVE_NS; i <= P_MAX_NS; i++)
		if (!parse_field(f[i], UINT64_MAX, &n[i]))
			return false;
	unescape_octal(f[P_NAME]);
	b = add_blocker(l, f[P_NAME], strlen(f[P_NAME]));
	b->kind = xstrdup(f[P_KIND]);
	b->active = active;
	b->has_stats = true;
	b->v[ACTIVE_SINCE] = n[P_ACTIVE_NS];
	b->v[COUNT] = n[P_COUNT];
	b->v[TOTAL_TIME] = n[P_TOTAL_NS];
	b->v[MAX_TIME] = n[P_MAX_NS];
	if (parse_field(f[P_PID], INT32_MAX, &v) && v) {
		b->has_pid = true;
		b->pid = (int)v;
	}
	if (parse_field(f[P_UID], UINT32_MAX, &v)) {
		b->has_uid = true;
		b->uid = (uint32_t)v;
	}
	/* Without a uid, a comm of "-" means none (with one, it is a name). */
	if (b->has_uid || strcmp(f[P_COMM], "-")) {
		unescape_octal(f[P_COMM]);
		b->comm = xstrdup(f[P_COMM]);
	}
	return true;
}

/*
 * All of /proc/suspend_blockers; false if its header is not the one this
 * tool knows (later columns may follow).
 */
static bool parse_proc_blockers(char *buf, struct blockers *l)
{
	size_t len = strlen(PROC_HEADER);
	char *line, *next;

	if (strncmp(buf, PROC_HEADER, len) ||
	    (buf[len] != '\n' && buf[len] != '\t'))
		return false;
	line = buf + strcspn(buf, "\n");
	if (*line)
		line++;
	for (; *line; line = next) {
		next = line + strcspn(line, "\n");
		if (*next)
			*next++ = '\0';
		parse_proc_row(line, l);
	}
	l->proc = true;
	return true;
}

/*
 * Everything the kernel shows: /proc/suspend_blockers, or without it the
 * older read-outs.  Returns false, after a message, if it shows nothing at
 * all; *exact says whether suspend_blockers was there to tell the requests
 * that block suspend from other active rows of /proc/wakelocks.
 */
static bool read_blockers(struct blockers *l, bool *exact)
{
	char *proc = read_file(PROC_BLOCKERS), *wakelocks, *names;
	bool ok;

	memset(l, 0, sizeof(*l));
	*exact = true;
	if (proc) {
		ok = parse_proc_blockers(proc, l);
		free(proc);
		if (!ok)
			error_msg("%s: not the header this tool knows",
				  PROC_BLOCKERS);
		return ok;
	}
	if (errno != ENOENT) {
		error_msg("cannot read %s: %s", PROC_BLOCKERS, strerror(errno));
		return false;
	}
	wakelocks = read_file(WAKELOCKS);
	names = read_file(SUSPEND_BLOCKERS);
	if (!wakelocks && !names) {
		error_msg("cannot read %s, %s or %s: %s", PROC_BLOCKERS,
			  SUSPEND_BLOCKERS, WAKELOCKS, strerror(errno));
		return false;
	}
	if (wakelocks)
		parse_wakelocks(wakelocks, l);
	if (names)
		merge_suspend_blockers(names, l);
	*exact = !!names;
	free(wakelocks);
	free(names);
	return true;
}

void format_duration(uint64_t ns, char *buf, size_t size)
{
	uint64_t s = ns / NSEC_PER_SEC;

	if (!ns)
		snprintf(buf, size, "0s");
	else if (ns < NSEC_PER_MSEC)
		snprintf(buf, size, "%" PRIu64 "us", ns / 1000);
	else if (ns < NSEC_PER_SEC)
		snprintf(buf, size, "%" PRIu64 "ms", ns / NSEC_PER_MSEC);
	else if (s < 60)
		snprintf(buf, size, "%" PRIu64 ".%03" PRIu64 "s", s,
			 ns % NSEC_PER_SEC / NSEC_PER_MSEC);
	else if (s < 3600)
		snprintf(buf, size, "%" PRIu64 "m%02" PRIu64 "s", s / 60,
			 s % 60);
	else if (s < 86400)
		snprintf(buf, size, "%" PRIu64 "h%02" PRIu64 "m", s / 3600,
			 s % 3600 / 60);
	else
		snprintf(buf, size, "%" PRIu64 "d%02" PRIu64 "h", s / 86400,
			 s % 86400 / 3600);
}

/* A name for a terminal: control characters become '?'. */
static void print_name(const char *name)
{
	const unsigned char *p;

	for (p = (const unsigned char *)name; *p; p++)
		putchar(*p < ' ' || *p == 0x7f ? '?' : *p);
}

/* Columns a name takes: UTF-8 continuation bytes take none. */
static size_t name_width(const char *name)
{
	size_t w = 0;

	for (; *name; name++)
		if ((*name & 0xc0) != 0x80)
			w++;
	return w;
}

/* Length of the valid UTF-8 sequence at @p (lead byte >= 0x80), or 0. */
static size_t utf8_len(const unsigned char *p)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4;
	else
		return 0;
	/* No overlong forms, surrogates, or code points past U+10FFFF. */
	if (p[0] == 0xe0)
		lo = 0xa0;
	else if (p[0] == 0xed)
		hi = 0x9f;
	else if (p[0] == 0xf0)
		lo = 0x90;
	else if (p[0] == 0xf4)
		hi = 0x8f;
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

/* A JSON string; bytes that are not UTF-8 become U+FFFD. */
static void json_string(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	putchar('"');
	while (*p) {
		n = *p < 0x80 ? 1 : utf8_len(p);
		if (*p == '"' || *p == '\\')
			printf("\\%c", *p);
		else if (*p < ' ' || *p == 0x7f)
			printf("\\u%04x", *p);
		else if (n)
			fwrite(p, 1, n, stdout);
		else
			fputs("\\ufffd", stdout);
		p += n ? n : 1;
	}
	putchar('"');
}

static void json_number(const char *key, const struct blocker *b, int field)
{
	if (b->has_stats)
		printf(", \"%s\": %" PRIu64, key, b->v[field]);
	else
		printf(", \"%s\": null", key);
}

/* A /proc/suspend_blockers row: the owner's keys are null without one. */
static void json_proc_row(const struct blocker *b)
{
	printf("{\"kind\": ");
	json_string(b->kind);
	printf(", \"name\": ");
	json_string(b->name);
	printf(", \"active\": %s", b->active ? "true" : "false");
	json_number("active_ns", b, ACTIVE_SINCE);
	json_number("count", b, COUNT);
	json_number("total_ns", b, TOTAL_TIME);
	json_number("max_ns", b, MAX_TIME);
	if (b->has_pid)
		printf(", \"pid\": %d", b->pid);
	else
		printf(", \"pid\": null");
	if (b->has_uid)
		printf(", \"uid\": %" PRIu32, b->uid);
	else
		printf(", \"uid\": null");
	printf(", \"comm\": ");
	if (b->comm)
		json_string(b->comm);
	else
		printf("null");
	putchar('}');
}

static void list_json(const struct blockers *l, bool all)
{
	const struct blocker *b;
	bool first = true;
	size_t i;

	putchar('[');
	for (i = 0; i < l->n; i++) {
		b = &l->b[i];
		if (!all && !b->active)
			continue;
		printf("%s\n  ", first ? "" : ",");
		first = false;
		if (l->proc) {
			json_proc_row(b);
			continue;
		}
		printf("{\"name\": ");
		json_string(b->name);
		printf(", \"active\": %s", b->active ? "true" : "false");
		json_number("active_ns", b, ACTIVE_SINCE);
		json_number("count", b, COUNT);
		json_number("expire_count", b, EXPIRE_COUNT);
		json_number("wake_count", b, WAKE_COUNT);
		json_number("total_ns", b, TOTAL_TIME);
		json_number("sleep_ns", b, SLEEP_TIME);
		json_number("max_ns", b, MAX_TIME);
		json_number("last_change_ns", b, LAST_CHANGE);
		putchar('}');
	}
	printf("%s]\n", first ? "" : "\n");
}

/* The text columns after NAME and ACTIVE. */
enum { COL_FOR, COL_COUNT, COL_TOTAL, COL_MAX, NR_COLS };
#define CELL_LEN	24

static void table_cells(const struct blocker *b, char cell[NR_COLS][CELL_LEN])
{
	int i;

	if (!b->has_stats) {
		for (i = 0; i < NR_COLS; i++)
			strcpy(cell[i], "-");
		return;
	}
	if (b->active)
		format_duration(b->v[ACTIVE_SINCE], cell[COL_FOR], CELL_LEN);
	else
		strcpy(cell[COL_FOR], "-");
	snprintf(cell[COL_COUNT], CELL_LEN, "%" PRIu64, b->v[COUNT]);
	format_duration(b->v[TOTAL_TIME], cell[COL_TOTAL], CELL_LEN);
	format_duration(b->v[MAX_TIME], cell[COL_MAX], CELL_LEN);
}

static void list_text(const struct blockers *l, bool all)
{
	static const char *const head[NR_COLS] = {
		"ACTIVE FOR", "COUNT", "TOTAL", "MAX",
	};
	char cell[NR_COLS][CELL_LEN];
	size_t width[NR_COLS], name_w = strlen("NAME"), i, w;
	const struct blocker *b;
	int c;

	for (c = 0; c < NR_COLS; c++)
		width[c] = strlen(head[c]);
	for (i = 0; i < l->n; i++) {
		b = &l->b[i];
		if (!all && !b->active)
			continue;
		w = name_width(b->name);
		if (w > name_w)
			name_w = w;
		table_cells(b, cell);
		for (c = 0; c < NR_COLS; c++)
			if (strlen(cell[c]) > width[c])
				width[c] = strlen(cell[c]);
	}
	printf("%-*s  ACTIVE", (int)name_w, "NAME");
	for (c = 0; c < NR_COLS; c++)
		printf("  %*s", (int)width[c], head[c]);
	putchar('\n');
	for (i = 0; i < l->n; i++) {
		b = &l->b[i];
		if (!all && !b->active)
			continue;
		print_name(b->name);
		printf("%*s  %-6s", (int)(name_w - name_width(b->name)), "",
		       b->active ? "yes" : "no");
		table_cells(b, cell);
		for (c = 0; c < NR_COLS; c++)
			printf("  %*s", (int)width[c], cell[c]);
		putchar('\n');
	}
}

/* The columns of list from /proc/suspend_blockers. */
enum {
	T_KIND, T_NAME, T_ACTIVE, T_FOR, T_COUNT, T_TOTAL, T_MAX, T_PID,
	T_UID, T_COMM, NR_T_COLS
};

static const struct {
	const char *head;
	bool left;		/* aligned left, else right */
} proc_cols[NR_T_COLS] = {
	[T_KIND]	= { "KIND", true },
	[T_NAME]	= { "NAME", true },
	[T_ACTIVE]	= { "ACTIVE", true },
	[T_FOR]		= { "ACTIVE-FOR", false },
	[T_COUNT]	= { "COUNT", false },
	[T_TOTAL]	= { "TOTAL", false },
	[T_MAX]		= { "MAX", false },
	[T_PID]		= { "PID", false },
	[T_UID]		= { "UID", false },
	[T_COMM]	= { "COMM", true },
};

/* The text of column @c of @b: the row's own strings, or in @buf. */
static const char *proc_cell(const struct blocker *b, int c,
			     char buf[CELL_LEN])
{
	char cell[NR_COLS][CELL_LEN];

	switch (c) {
	case T_KIND:
		return b->kind;
	case T_NAME:
		return b->name;
	case T_ACTIVE:
		return b->active ? "yes" : "no";
	case T_PID:
		if (!b->has_pid)
			return "-";
		snprintf(buf, CELL_LEN, "%d", b->pid);
		return buf;
	case T_UID:
		if (!b->has_uid)
			return "-";
		snprintf(buf, CELL_LEN, "%" PRIu32, b->uid);
		return buf;
	case T_COMM:
		return b->comm ? b->comm : "-";
	}
	/* T_FOR to T_MAX, in the order of table_cells()' columns. */
	table_cells(b, cell);
	strcpy(buf, cell[c - T_FOR + COL_FOR]);
	return buf;
}

/* Aligned columns; the last one is not padded. */
static void list_proc_text(const struct blockers *l, bool all)
{
	size_t width[NR_T_COLS], i, w;
	const struct blocker *b;
	char buf[CELL_LEN];
	const char *cell;
	int c;

	for (c = 0; c < NR_T_COLS; c++)
		width[c] = strlen(proc_cols[c].head);
	for (i = 0; i < l->n; i++) {
		b = &l->b[i];
		if (!all && !b->active)
			continue;
		for (c = 0; c < NR_T_COLS; c++) {
			w = name_width(proc_cell(b, c, buf));
			if (w > width[c])
				width[c] = w;
		}
	}
	for (i = 0; i <= l->n; i++) {
		b = i ? &l->b[i - 1] : NULL;	/* the header first */
		if (b && !all && !b->active)
			continue;
		for (c = 0; c < NR_T_COLS; c++) {
			cell = b ? proc_cell(b, c, buf) : proc_cols[c].head;
			w = width[c] - name_width(cell);
			if (c)
				fputs("  ", stdout);
			if (!proc_cols[c].left)
				printf("%*s", (int)w, "");
			print_name(cell);
			if (proc_cols[c].left && c < NR_T_COLS - 1)
				printf("%*s", (int)w, "");
		}
		putchar('\n');
	}
}

static int finish_output(void)
{
	if (fflush(stdout) || ferror(stdout)) {
		error_msg("cannot write the output: %s", strerror(errno));
		return EXIT_RUNTIME;
	}
	return 0;
}

int blockers_list(bool all, bool json)
{
	struct blockers l;
	bool exact;

	if (!read_blockers(&l, &exact))
		return EXIT_RUNTIME;
	if (json)
		list_json(&l, all);
	else if (l.proc)
		list_proc_text(&l, all);
	else
		list_text(&l, all);
	free_blockers(&l);
	return finish_output();
}

/*
 * Mainline wakeup sources that are active: they block suspend like a
 * request does (pm_stay_awake() in drivers, EPOLLWAKEUP), and
 * suspend_blockers does not name them.  active_time_ms is the length of
 * the current activation, 0 when inactive.
 */
static void add_wakeup_sources(struct blockers *l)
{
	char path[512], *name;
	struct blocker *b;
	struct dirent *d;
	uint64_t ms;
	DIR *dir;

	dir = opendir(WAKEUP_CLASS);
	if (!dir)
		return;
	while ((d = readdir(dir))) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), WAKEUP_CLASS "/%s/active_time_ms",
			 d->d_name);
		if (!read_u64(path, &ms) || !ms)
			continue;
		snprintf(path, sizeof(path), WAKEUP_CLASS "/%s/name",
			 d->d_name);
		name = read_line(path);
		if (!name)
			continue;
		b = add_blocker(l, name, strlen(name));
		b->active = true;
		b->has_stats = true;
		b->wakeup_source = true;
		b->v[ACTIVE_SINCE] = ms * NSEC_PER_MSEC;
		free(name);
	}
	closedir(dir);
}

/* Longest active first; names without statistics last. */
static int cmp_active(const void *a, const void *b)
{
	const struct blocker *x = a, *y = b;

	if (x->has_stats != y->has_stats)
		return x->has_stats ? -1 : 1;
	if (x->v[ACTIVE_SINCE] != y->v[ACTIVE_SINCE])
		return x->v[ACTIVE_SINCE] > y->v[ACTIVE_SINCE] ? -1 : 1;
	return 0;
}

/*
 * One line on the last failed suspend, from suspend_stats (the kernel
 * keeps the last errno, step and device of failures separately).
 */
static void why_last_failure(void)
{
	static const char *const steps[] = {
		"freeze", "prepare", "suspend", "suspend_late",
		"suspend_noirq", "resume", "resume_early", "resume_noirq",
	};
	uint64_t fail, success, n;
	char path[128], *step, *dev, *err;
	const char *sep = " (";
	size_t i;

	if (!read_u64(SUSPEND_STATS "/fail", &fail) ||
	    !read_u64(SUSPEND_STATS "/success", &success))
		return;
	if (!fail) {
		printf("no suspend has failed since boot\n");
		return;
	}
	step = read_line(SUSPEND_STATS "/last_failed_step");
	err = read_line(SUSPEND_STATS "/last_failed_errno");
	dev = read_line(SUSPEND_STATS "/last_failed_dev");
	printf("last failed suspend:");
	if (step && *step)
		printf(" step %s,", step);
	if (err && atoi(err))
		printf(" error %s (%s),", err, strerror(abs(atoi(err))));
	if (dev && *dev) {
		printf(" device ");
		print_name(dev);
		putchar(',');
	}
	printf(" %" PRIu64 " of %" PRIu64 " suspends failed", fail,
	       fail + success);
	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		snprintf(path, sizeof(path), SUSPEND_STATS "/failed_%s",
			 steps[i]);
		if (!read_u64(path, &n) || !n)
			continue;
		printf("%s%s %" PRIu64, sep, steps[i], n);
		sep = ", ";
	}
	printf("%s\n", *sep == ',' ? ")" : "");
	free(step);
	free(err);
	free(dev);
}

/*
 * "NAME (KIND, pid P COMM, uid U)" for a /proc/suspend_blockers row, with
 * the owner's parts the kernel shows.
 */
static void why_proc_name(const struct blocker *b)
{
	print_name(b->name);
	printf(" (");
	print_name(strcmp(b->kind, "wakeup_source") ? b->kind :
		   "wakeup source");
	if (b->has_pid)
		printf(", pid %d%s", b->pid, b->comm ? " " : "");
	else if (b->comm)
		printf(", ");
	if (b->comm)
		print_name(b->comm);
	if (b->has_uid)
		printf(", uid %" PRIu32, b->uid);
	putchar(')');
}

int blockers_why(void)
{
	char buf[CELL_LEN];
	struct blockers l;
	struct blocker *b;
	bool exact, any = false;
	size_t i, n;

	if (!read_blockers(&l, &exact))
		return EXIT_RUNTIME;
	/*
	 * Every active row of /proc/suspend_blockers blocks suspend.
	 * Without it, with suspend_blockers, only its names: other active
	 * rows of /proc/wakelocks are power-level requests, which do not
	 * block suspend, or wakeup sources, taken from their own class.
	 */
	for (i = 0, n = 0; i < l.n; i++)
		if (l.b[i].active && (l.proc || l.b[i].matched || !exact))
			l.b[n++] = l.b[i];
		else
			free_blocker(&l.b[i]);
	l.n = n;
	if (!l.proc)
		add_wakeup_sources(&l);
	if (l.n)
		qsort(l.b, l.n, sizeof(*l.b), cmp_active);
	for (i = 0; i < l.n; i++) {
		b = &l.b[i];
		if (l.proc)
			why_proc_name(b);
		else
			print_name(b->name);
		if (b->has_stats) {
			format_duration(b->v[ACTIVE_SINCE], buf, sizeof(buf));
			printf(": active for %s", buf);
		} else {
			printf(": active");
		}
		printf("%s\n", b->wakeup_source ? " (wakeup source)" : "");
		any = true;
	}
	if (!any)
		printf("nothing blocks suspend\n");
	why_last_failure();
	free_blockers(&l);
	if (finish_output())
		return EXIT_RUNTIME;
	return any ? 1 : 0;
}
