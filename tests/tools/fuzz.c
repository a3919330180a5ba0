// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz SEED COUNT [--user [--cap]] [--fill] [--limit N] [--dry N]
 *
 * Seeded fuzzer of the interfaces the project adds for user space:
 * /sys/power/request_state, /sys/power/wake_lock, /sys/power/wake_unlock
 * and /dev/suspend_block.  Each interface gets COUNT inputs from its own
 * PRNG stream, seeded by SEED, so an input is named by its interface and
 * index and comes back the same on every run with the same seed.  Inputs
 * are mostly near-valid (a valid input with one byte corrupted, numbers at
 * their boundaries, names around the length limits, embedded NULs, no
 * trailing newline) and partly random bytes; bad pointers (NULL, an
 * unmapped page, kernel addresses, a buffer running into an unmapped
 * page) go to write(2) and to the ioctls.  A sysfs input is one write(2).
 *
 * For every input the answer the kernel must give is derived from the
 * documented rules (Documentation/ABI/testing/, the kernel-doc of
 * kernel/power/wakelock_user.c, earlysuspend.c, suspend_block_dev.c) and
 * the sysfs/VFS write path, then compared with the answer given.  A model
 * of the state (user wake locks in LRU order, held or released or timed;
 * the requests of the open /dev/suspend_block files; the requested state)
 * is checked against /sys/power/wake_lock, wake_unlock, suspend_blockers,
 * request_state and, as root in the /dev/suspend_block phase, the debugfs
 * request list (the full state).  The kernel's own blockers (the names
 * under /sys/class/wakeup at the start) may come and go at any time, as
 * devices signal wakeup events, and are left out of the comparisons.  Each of these files is opened once and
 * re-read with pread() at offset 0, which makes sysfs and the debugfs
 * seq_file generate it afresh.
 *
 * When the state is checked:
 *  - after every rejected input, the full state: it must match the model
 *    and, when the state read after the previous input is at hand (no
 *    accepted input in between), equal it, names of timed requests whose
 *    deadline may pass meanwhile left out: a rejected input changes
 *    nothing;
 *  - after an accepted input, only the one file that shows its effect,
 *    when that is cheap: request_state after request_state, the held
 *    list after wake_lock, the released list after wake_unlock (which
 *    also shows the locks its garbage collection freed), suspend_blockers
 *    after an acquire or release ioctl;
 *  - the full state after every 16th accepted input not followed by a
 *    full check, and at the end of each phase.  A mismatch found there is
 *    reported with the accepted inputs since the last full check.
 *
 * Never sent (counted as skipped, and not counted in COUNT: inputs are
 * generated until COUNT were sent, or 10 * COUNT + 1000 were generated): a
 * request_state value naming a sleep state /sys/power/state offers
 * ("freeze", "standby", "mem", "disk"), as that would suspend the guest;
 * and, without --fill, a wake_lock input that would create a user wake
 * lock beyond the budget (16 of the LIMIT slots, and 2 KiB of the
 * wake_unlock listing, are left for later tests; the locks cannot be
 * deleted from user space).  --fill lets the table fill up, so ENOSPC is
 * exercised.  While it runs, a /dev/suspend_block request named
 * "fuzz-guard" is held, so that even a kernel bug taking a sleep state
 * could not suspend.  At the end every wake lock the fuzzer left held (or
 * maybe held) is unlocked, every lock held before is locked again, and
 * every file closed.
 *
 * Files written: one file per sysfs interface is kept open for writing;
 * as root, 6% of the inputs (about 1 in 16) go through a fresh open(2)
 * instead (open, write, close), for the open-time paths.
 *
 * --user: drop to uid/gid 1000 after opening, as root, one file of each
 * sysfs interface and two /dev/suspend_block files.  Each sysfs input then
 * goes through a fresh open (EACCES unless the mode lets uid 1000 write)
 * or, half of them, through root's file (the capability is checked at
 * write time: EPERM for wake_lock and wake_unlock, while request_state
 * checks none); opening /dev/suspend_block fails with EPERM, and the
 * ioctls on root's files work, as the handle is the capability.  --cap
 * keeps CAP_BLOCK_SUSPEND (and only it).  As user the debugfs list is not
 * readable and is not checked.
 *
 * --dry N: send nothing; print the first N inputs of each interface with
 * the expected answers, for a model starting empty ("freeze mem" offered,
 * request_state "on").
 *
 * Output: the seed; one line per mismatch ("fuzz: MISMATCH ..." with the
 * interface, index and input, then "fuzz:   " detail lines); per interface
 * the inputs sent, accepted, rejected, skipped, mismatches and an errno
 * histogram; one line with the inputs sent, the syscalls issued (all of
 * them: inputs, state reads, setup and cleanup) and the wall time.  Exit 1
 * on any mismatch or cleanup failure, 2 on a setup error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <linux/suspend_block.h>

#include "switch_user.h"

typedef unsigned long long u64;

#define PG		4096	/* PAGE_SIZE of x86_64: the sysfs buffer */
#define UNAME_MAX	PG	/* WAKELOCK_USER_NAME_MAX: a page */
#define NLOCKS		1024	/* model capacity for user wake locks */
#define NSLOTS		4	/* /dev/suspend_block files */
#define RESERVE		16	/* lock slots left for later tests */
#define LIST_BUDGET	2048	/* bytes of wake_unlock listing we may use */
#define NERR		134
#define SKIP		(-1)
#define USER_UID	1000
#define MS		1000000ULL
#define SEC		1000000000ULL
#define GC_IDLE		(290 * SEC)	/* UWL_GC_IDLE_NS, with a margin */
#define FULL_EVERY	16	/* accepted inputs between full checks */
#define FRESH_PCT	6	/* as root: inputs through a fresh open, % */
#define HBITS		10

static const char *const P_WL = "/sys/power/wake_lock";
static const char *const P_WU = "/sys/power/wake_unlock";
static const char *const P_RS = "/sys/power/request_state";
static const char *const P_ST = "/sys/power/state";
static const char *const P_DEV = "/dev/suspend_block";

enum { IF_RS, IF_WL, IF_WU, IF_DEV, IF_N };
static const char *const if_name[IF_N] = {
	"request_state", "wake_lock", "wake_unlock", "suspend_block"
};

struct stats {
	unsigned long sent, accepted, rejected, skipped, mismatches;
	unsigned long err[NERR];
};

static struct stats st[IF_N];
static u64 seed;
static int dry, user, cap = 1, fill;
static unsigned int limit = 100;

/* ---- syscalls, counted ---- */

static unsigned long nsys;

static int x_open(const char *path, int flags)
{
	nsys++;
	return open(path, flags);
}

static int x_close(int fd)
{
	nsys++;
	return close(fd);
}

static ssize_t x_write(int fd, const void *buf, size_t len)
{
	nsys++;
	return write(fd, buf, len);
}

static ssize_t x_pread(int fd, void *buf, size_t len, off_t off)
{
	nsys++;
	return pread(fd, buf, len, off);
}

static ssize_t x_read(int fd, void *buf, size_t len)
{
	nsys++;
	return read(fd, buf, len);
}

static int x_ioctl(int fd, unsigned long cmd, void *arg)
{
	nsys++;
	return ioctl(fd, cmd, arg);
}

/* ---- PRNG: splitmix64, one stream per interface ---- */

static u64 rng_next(u64 *s)
{
	u64 z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static u64 rng_state;

static unsigned int rnd(unsigned int n)
{
	return n ? rng_next(&rng_state) % n : 0;
}

static int pct(unsigned int p)
{
	return rnd(100) < p;
}

static void rng_stream(int iface)
{
	rng_state = seed ^ ((u64)(iface + 1) * 0xd1b54a32d192ed03ULL);
}

/* ---- time and the state of one request ---- */

static u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * SEC + ts.tv_nsec;
}

static u64 sat_add(u64 a, u64 b)
{
	return a + b < a ? ~0ULL : a + b;
}

enum { H_OFF, H_ON, H_TIMED };
enum { C_OFF, C_ON, C_ANY };

struct hold {
	int h;
	u64 sure_until;	/* H_TIMED: held for sure before this */
	u64 gone_after;	/* H_TIMED: released for sure after this */
};

/*
 * A timeout of ns rounds up to whole jiffies from the jiffy of the call:
 * it cannot end before sent + ns - 1 tick (20 ms covers HZ >= 100), and
 * the timer wheel may be late by 1/8 of it; 10 s more for a slow guest.
 */
static void hold_timed(struct hold *h, u64 ns, u64 sent, u64 answered)
{
	h->h = H_TIMED;
	h->sure_until = ns > 20 * MS ? sat_add(sent, ns - 20 * MS) : 0;
	h->gone_after = sat_add(answered, sat_add(ns, ns / 4 + 10 * SEC));
}

/* What must be seen of @h in a read made between t0 and t1. */
static int hold_cert(const struct hold *h, u64 t0, u64 t1)
{
	if (h->h != H_TIMED)
		return h->h == H_ON ? C_ON : C_OFF;
	if (t1 < h->sure_until)
		return C_ON;
	if (t0 > h->gone_after)
		return C_OFF;
	return C_ANY;
}

/* ---- the model ---- */

struct ulock {
	char name[UNAME_MAX + 1];
	size_t len;
	int hnext;	/* next in the hash chain, index + 1 */
	struct hold h;
	u64 lru;	/* position in the kernel's LRU list */
	u64 touched;	/* our last successful write naming it, 0: never */
	int unknown;	/* held before we started: maybe timed */
	int init_held;
	int used;	/* slot in use */
	int last_if;	/* the input that last changed it */
	unsigned long last_idx;
};

struct slot {
	int fd;		/* -1: closed */
	int added;
	char name[SUSPEND_BLOCK_NAME_LEN];
	struct hold h;
	int unknown;	/* out of step with the kernel (reported) */
	int last_if;
	unsigned long last_idx;
};

static struct ulock ul[NLOCKS];
static unsigned int nul, count_locks;
static u64 lru_seq = 1;
static struct slot slots[NSLOTS];
static char rs_model[64], rs_init[64];
static char comm[32];
static char sleep_states[8][16];
static int nsleep, disk_offered;
static int writable[IF_N];	/* open for writing allowed by the mode */
static int wfd[IF_N] = { -1, -1, -1, -1 };	/* the sysfs files kept open */
static int guard = -1;
static int reg_ok;		/* debugfs list checked */

struct multiset {
	int n;
	char *s[2 * NLOCKS];
};

static struct multiset sb_base, reg_base;

static int hhead[1 << HBITS];	/* index + 1 of the first lock, 0: none */

static unsigned int hname(const char *name, size_t len)
{
	unsigned int h = 2166136261u;

	while (len--)
		h = (h ^ (unsigned char)*name++) * 16777619u;
	return (h ^ h >> HBITS ^ h >> 2 * HBITS) & ((1 << HBITS) - 1);
}

static struct ulock *ul_find(const char *name, size_t len)
{
	int k;

	for (k = hhead[hname(name, len)]; k; k = ul[k - 1].hnext)
		if (ul[k - 1].len == len && !memcmp(ul[k - 1].name, name, len))
			return &ul[k - 1];
	return NULL;
}

static struct ulock *ul_add(const char *name, size_t len)
{
	struct ulock *l = NULL;
	unsigned int i, h = hname(name, len);

	for (i = 0; i < nul && !l; i++)
		if (!ul[i].used)
			l = &ul[i];
	if (!l) {
		if (nul == NLOCKS) {
			fprintf(stderr, "fuzz: model full\n");
			exit(2);
		}
		l = &ul[nul++];
	}
	if (len > UNAME_MAX)
		len = UNAME_MAX;	/* a kernel bug: listed cut */
	memset(l, 0, sizeof(*l));
	memcpy(l->name, name, len);
	l->len = len;
	l->used = 1;
	l->lru = lru_seq++;
	l->hnext = hhead[h];
	hhead[h] = l - ul + 1;
	count_locks++;
	return l;
}

/* The lock is no more (freed by the kernel's garbage collection). */
static void ul_del(struct ulock *l)
{
	int *k = &hhead[hname(l->name, l->len)];

	while (*k && &ul[*k - 1] != l)
		k = &ul[*k - 1].hnext;
	if (*k)
		*k = l->hnext;
	l->used = 0;
	count_locks--;
}

static int ul_cert(const struct ulock *l, u64 t0, u64 t1)
{
	return l->unknown ? C_ANY : hold_cert(&l->h, t0, t1);
}

static int slot_cert(const struct slot *s, u64 t0, u64 t1)
{
	return s->unknown ? C_ANY : hold_cert(&s->h, t0, t1);
}

/*
 * Maybe freed, at @t, by the garbage collection of an unlock: maybe
 * released for GC_IDLE or more (the kernel frees released locks whose last
 * write and last change of state are 5 minutes old), judged from the
 * earliest time it could have been released; or never written by us
 * (existing before we started: its age is unknown).
 */
static int ul_may_free(const struct ulock *l, u64 t)
{
	u64 last = l->touched;

	if (!l->unknown) {
		if (l->h.h == H_ON)
			return 0;
		if (l->h.h == H_TIMED && l->h.sure_until > last)
			last = l->h.sure_until;
	}
	return !last || (t > last && t - last >= GC_IDLE);
}

static size_t list_bytes(void)
{
	size_t n = 0;
	unsigned int i;

	for (i = 0; i < nul; i++)
		if (ul[i].used)
			n += ul[i].len + 1;
	return n;
}

/* ---- reading the state ---- */

static ssize_t read_file(const char *path, char *buf, size_t cap)
{
	ssize_t n, len = 0;
	int fd = x_open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	while ((size_t)len < cap - 1) {
		n = x_read(fd, buf + len, cap - 1 - len);
		if (n < 0) {
			len = -errno;
			break;
		}
		if (!n)
			break;
		len += n;
	}
	x_close(fd);
	if (len >= 0)
		buf[len] = '\0';
	return len;
}

/* The parts of the state, as masks of what a snapshot holds. */
enum { S_WL = 1, S_WU = 2, S_SB = 4, S_RS = 8, S_REG = 16, S_NPART = 5 };
#define S_SYSFS	(S_WL | S_WU | S_SB | S_RS)

static const char *const part_path[S_NPART] = {
	"/sys/power/wake_lock", "/sys/power/wake_unlock",
	"/sys/power/suspend_blockers", "/sys/power/request_state",
	"/sys/kernel/debug/pm_qos/suspend_block",
};
static int rfd[S_NPART] = { -1, -1, -1, -1, -1 };	/* opened once */

/*
 * Read a whole state file again with one pread() at offset 0: the sysfs
 * files (at most a page, from one ->show()) and the debugfs list
 * (single_open(): one ->show() into a buffer grown to fit) come whole
 * from one read of a buffer larger than they are, and offset 0 makes
 * the seq_file start over.
 */
static ssize_t reread(int part, char *buf, size_t cap)
{
	ssize_t n;

	if (rfd[part] < 0) {
		buf[0] = '\0';
		return -EBADF;
	}
	n = x_pread(rfd[part], buf, cap - 1, 0);
	if (n < 0) {
		buf[0] = '\0';
		return -errno;
	}
	buf[n] = '\0';
	return n;
}

struct snap {
	char wl[PG + 1], wu[PG + 1], sb[PG + 1], rs[64];
	ssize_t nwl, nwu, nsb;
	char reg[256 * 1024];
	ssize_t nreg;
	u64 t0, t1;
};

static struct snap snaps[2];
static struct snap *prev = &snaps[0], *cur = &snaps[1];
/* prev is a full read of the state after the last input sent. */
static int prev_ok;

/* Read the parts @mask of the state into @s. */
static void snap_read(struct snap *s, int mask)
{
	if (dry)
		return;
	s->t0 = now_ns();
	if (mask & S_WL)
		s->nwl = reread(0, s->wl, sizeof(s->wl));
	if (mask & S_WU)
		s->nwu = reread(1, s->wu, sizeof(s->wu));
	if (mask & S_SB)
		s->nsb = reread(2, s->sb, sizeof(s->sb));
	if (mask & S_RS) {
		reread(3, s->rs, sizeof(s->rs));
		s->rs[strcspn(s->rs, "\n")] = '\0';
	}
	if (mask & S_REG)
		s->nreg = reread(4, s->reg, sizeof(s->reg));
	else if ((mask & S_SYSFS) == S_SYSFS)
		s->nreg = -1;
	s->t1 = now_ns();
}

/* Split @buf (a copy is made) at spaces and newlines. */
static int tokenize(const char *buf, ssize_t len, char *copy, char **tok,
		    int max)
{
	int n = 0;
	char *p, *save = NULL;

	if (len < 0)
		return 0;
	memcpy(copy, buf, len + 1);
	for (p = strtok_r(copy, " \n", &save); p && n < max;
	     p = strtok_r(NULL, " \n", &save))
		tok[n++] = p;
	return n;
}

/* Names (first column) of the debugfs list, without header and "deleted". */
static int reg_names(const struct snap *s, char *copy, char **tok, int max)
{
	char *line, *save = NULL;
	int n = 0;

	if (s->nreg < 0)
		return 0;
	memcpy(copy, s->reg, s->nreg + 1);
	line = strtok_r(copy, "\n", &save);	/* header */
	while ((line = strtok_r(NULL, "\n", &save)) && n < max) {
		line[strcspn(line, "\t")] = '\0';
		tok[n++] = line;
	}
	if (n)
		n--;				/* "deleted" */
	return n;
}

/* ---- reporting ---- */

struct sin;
struct din;
static int cur_if = -1;
static unsigned long cur_idx;
static int cur_reported;
static void describe_cur(char *out, size_t cap);
static const struct sin *cur_sin;	/* the input being run */
static const struct din *cur_din;

/* Accepted inputs since the last full check of the state. */
struct pend {
	int iface;
	unsigned long idx;
};
static struct pend pend[FULL_EVERY];
static int npend, gc_since_full;
static int checking;	/* problems are found by a state check */

static void describe_bytes(char *out, size_t cap, const unsigned char *b,
			   size_t len)
{
	static const char hex[] = "0123456789abcdef";
	size_t i, o = 0;

	for (i = 0; i < len && o + 8 < cap; i++) {
		if (i == 160) {
			o += snprintf(out + o, cap - o, "...");
			break;
		}
		if (b[i] >= 0x20 && b[i] < 0x7f && b[i] != '"' &&
		    b[i] != '\\') {
			out[o++] = b[i];
		} else {
			out[o++] = '\\';
			out[o++] = 'x';
			out[o++] = hex[b[i] >> 4];
			out[o++] = hex[b[i] & 15];
		}
	}
	out[o] = '\0';
}

static const char *ename(int e)
{
	const char *n;

	if (!e)
		return "ok";
	n = strerrorname_np(e);
	return n ? n : "E?";
}

static void problem(const char *fmt, ...)
{
	static int pend_told;
	char desc[1024];
	va_list ap;
	int i;

	if (!cur_reported) {
		st[cur_if].mismatches++;
		describe_cur(desc, sizeof(desc));
		printf("fuzz: MISMATCH seed=%llu %s #%lu: %s\n", seed,
		       if_name[cur_if], cur_idx, desc);
		cur_reported = 1;
		pend_told = 0;
	}
	printf("fuzz:   ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (checking && npend && !pend_told) {
		printf("fuzz:   (accepted since the last full check:");
		for (i = 0; i < npend; i++)
			printf(" %s #%lu", if_name[pend[i].iface],
			       pend[i].idx);
		printf(")\n");
		pend_told = 1;
	}
}

/* ---- checking the state read against the model ---- */

/* The inputs that last changed requests called @name, for reports. */
static const char *origin(const char *name)
{
	static char buf[512];
	size_t o = 0;
	unsigned int j;

	buf[0] = '\0';
	for (j = 0; j < nul && o < 400; j++)
		if (ul[j].used && ul[j].touched && !strcmp(ul[j].name, name))
			o += snprintf(buf + o, sizeof(buf) - o,
				      " (wake lock last set by %s #%lu)",
				      if_name[ul[j].last_if], ul[j].last_idx);
	for (j = 0; j < NSLOTS && o < 400; j++)
		if (slots[j].fd >= 0 && slots[j].added &&
		    slots[j].last_if >= 0 && !strcmp(slots[j].name, name))
			o += snprintf(buf + o, sizeof(buf) - o,
				      " (file %u last set by %s #%lu)", j,
				      if_name[slots[j].last_if],
				      slots[j].last_idx);
	return buf;
}

static struct multiset sb_opt;	/* blockers seen unexpectedly once */

/*
 * The kernel's own blockers: the names under /sys/class/wakeup before the
 * fuzzer makes anything.  A device's wakeup event (an RTC alarm an earlier
 * test left armed, say) may make one of them block suspend for a moment
 * at any time, so they are not part of the model and never judged.  A
 * name the model also has (a user lock of the same name) is judged by the
 * model.
 */
static struct multiset foreign;

static void foreign_load(void)
{
	char path[300], name[UNAME_MAX + 2];
	struct dirent *e;
	DIR *d = opendir("/sys/class/wakeup");
	FILE *f;

	if (!d)
		return;
	while ((e = readdir(d)) && foreign.n < 2 * NLOCKS) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/class/wakeup/%s/name",
			 e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(name, sizeof(name), f)) {
			name[strcspn(name, "\n")] = '\0';
			foreign.s[foreign.n++] = strdup(name);
		}
		fclose(f);
	}
	closedir(d);
}

static int is_foreign(const char *name)
{
	unsigned int j;
	int i;

	for (i = 0; i < foreign.n && strcmp(foreign.s[i], name); i++)
		;
	if (i == foreign.n)
		return 0;
	for (j = 0; j < nul; j++)
		if (ul[j].used && !strcmp(ul[j].name, name))
			return 0;
	for (j = 0; j < NSLOTS; j++)
		if (slots[j].fd >= 0 && slots[j].added &&
		    !strcmp(slots[j].name, name))
			return 0;
	return 1;
}

/*
 * After a reported difference, stop predicting the requests called
 * @name until our next successful write sets them again, so that one
 * fault is reported once.  Return: how many there were.
 */
static int desync(const char *name)
{
	unsigned int j;
	int n = 0;

	for (j = 0; j < nul; j++)
		if (ul[j].used && !strcmp(ul[j].name, name)) {
			ul[j].unknown = 1;
			n++;
		}
	for (j = 0; j < NSLOTS; j++)
		if (slots[j].fd >= 0 && slots[j].added &&
		    !strcmp(slots[j].name, name)) {
			slots[j].unknown = 1;
			n++;
		}
	return n;
}

static int lru_cmp(const void *a, const void *b)
{
	const struct ulock *x = *(struct ulock *const *)a;
	const struct ulock *y = *(struct ulock *const *)b;

	return x->lru < y->lru ? -1 : x->lru > y->lru;
}

static unsigned char seen[NLOCKS];

/*
 * One of the two listings: the names of the definite locks of that kind,
 * in LRU order; names that may be in either list (timed, or held before
 * we started), and released ones the GC may have freed, may also appear.
 * A listing of PAGE_SIZE - 1 bytes may be cut: its last word is dropped
 * and only the expected names older than the newest name shown are
 * required.  Counts the names seen in seen[].
 * Return: the LRU position up to which the listing is complete.
 */
static u64 check_list(const char *what, const char *buf, ssize_t len,
		      int held)
{
	static char copy[PG + 1];
	static char *tok[PG];
	static struct ulock *want[NLOCKS];
	int n, i, k, w = 0, r = 0, c, cut = len >= PG - 1;
	unsigned int j;
	struct ulock *l;
	u64 lim = 0;

	if (len < 0) {
		problem("%s: read failed: %s", what, ename(-len));
		return 0;
	}
	n = tokenize(buf, len, copy, tok, PG);
	if (cut && n)
		n--;
	for (j = 0; j < nul; j++) {
		l = &ul[j];
		if (!l->used || ul_cert(l, cur->t0, cur->t1) != (held ? C_ON :
								  C_OFF))
			continue;
		if (!held && ul_may_free(l, cur->t0))
			continue;
		want[w++] = l;
	}
	qsort(want, w, sizeof(*want), lru_cmp);
	for (i = 0; i < n; i++) {
		l = ul_find(tok[i], strlen(tok[i]));
		if (!l) {
			problem("%s: unknown name '%s'", what, tok[i]);
			l = ul_add(tok[i], strlen(tok[i]));
			l->unknown = 1;
			seen[l - ul]++;
			continue;
		}
		seen[l - ul]++;
		if (l->lru > lim)
			lim = l->lru;
		c = ul_cert(l, cur->t0, cur->t1);
		if (c == C_ANY ||
		    (!held && c == C_OFF && ul_may_free(l, cur->t0)))
			continue;
		for (k = r; k < w && want[k] != l; k++)
			;
		if (k == w) {
			problem("%s: '%s' unexpected here (want %s)%s", what,
				tok[i], r < w ? want[r]->name : "nothing more",
				origin(tok[i]));
			l->unknown = 1;
			continue;
		}
		for (; r < k; r++) {
			problem("%s: '%s' missing before '%s'%s", what,
				want[r]->name, tok[i], origin(want[r]->name));
			want[r]->unknown = 1;
		}
		r++;
	}
	for (; r < w && (!cut || want[r]->lru < lim); r++) {
		problem("%s: '%s' missing%s", what, want[r]->name,
			origin(want[r]->name));
		want[r]->unknown = 1;
	}
	return cut ? lim : ~0ULL;
}

/*
 * The locks not seen in the listings read that the GC may have freed:
 * they leave the model, silently if an unlock was accepted since the last
 * check (@gc_possible).  Only where the listings read tell: a released
 * one must be missing from the released list up to @lim_wu, a timed one
 * from both (@both: the held list was read too, complete up to @lim_wl).
 */
static void gc_sweep(u64 lim_wl, u64 lim_wu, int both, int gc_possible)
{
	struct ulock *l;
	unsigned int j;
	int c;

	for (j = 0; j < nul; j++) {
		l = &ul[j];
		if (!l->used || seen[j] || !ul_may_free(l, cur->t0))
			continue;
		c = ul_cert(l, cur->t0, cur->t1);
		if (c == C_ON || l->lru > lim_wu ||
		    (c == C_ANY && (!both || l->lru > lim_wl)))
			continue;
		if (!gc_possible)
			problem("'%s' vanished without an unlock%s", l->name,
				origin(l->name));
		ul_del(l);
	}
}

static int ms_take(struct multiset *m, const char *s)
{
	int i;

	for (i = 0; i < m->n; i++)
		if (m->s[i] && !strcmp(m->s[i], s)) {
			m->s[i] = NULL;
			return 1;
		}
	return 0;
}

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Match the words @tok (a multiset) against @need, the names that must
 * be there, and @may, the names that may: the words neither has go to
 * @extra, the needed names not there to @lack.  Sorts all three.
 */
static void ms_match(char **tok, int n, char **need, int nn, char **may,
		     int nm, char **extra, int *ne, char **lack, int *nl)
{
	int i, a = 0, b = 0, c = 1;

	qsort(tok, n, sizeof(*tok), str_cmp);
	qsort(need, nn, sizeof(*need), str_cmp);
	qsort(may, nm, sizeof(*may), str_cmp);
	*ne = *nl = 0;
	for (i = 0; i < n; i++) {
		while (a < nn && (c = strcmp(need[a], tok[i])) < 0)
			lack[(*nl)++] = need[a++];
		if (a < nn && !c) {
			a++;
			continue;
		}
		while (b < nm && strcmp(may[b], tok[i]) < 0)
			b++;
		if (b < nm && !strcmp(may[b], tok[i])) {
			b++;
			continue;
		}
		extra[(*ne)++] = tok[i];
	}
	while (a < nn)
		lack[(*nl)++] = need[a++];
}

static void check_sb(void)
{
	static char copy[PG + 1];
	static char *tok[PG], *extra[PG], *lack[3 * NLOCKS + NSLOTS];
	static char *need[3 * NLOCKS + NSLOTS], *may[3 * NLOCKS + NSLOTS];
	int n, i, nn = 0, nm = 0, ne, nl, cut = cur->nsb >= PG - 1;
	unsigned int j;

	if (cur->nsb < 0) {
		problem("suspend_blockers: read failed: %s", ename(-cur->nsb));
		return;
	}
	n = tokenize(cur->sb, cur->nsb, copy, tok, PG);
	if (cut && n)
		n--;
	for (i = j = 0; i < n; i++)
		if (!is_foreign(tok[i]))
			tok[j++] = tok[i];
	n = j;
	for (i = 0; i < sb_base.n; i++)
		if (sb_base.s[i] && !is_foreign(sb_base.s[i]))
			need[nn++] = sb_base.s[i];
	for (j = 0; j < nul; j++) {
		if (!ul[j].used)
			continue;
		switch (ul_cert(&ul[j], cur->t0, cur->t1)) {
		case C_ON:
			need[nn++] = ul[j].name;
			break;
		case C_ANY:
			may[nm++] = ul[j].name;
		}
	}
	for (j = 0; j < NSLOTS; j++) {
		if (slots[j].fd < 0 || !slots[j].added)
			continue;
		switch (slot_cert(&slots[j], cur->t0, cur->t1)) {
		case C_ON:
			need[nn++] = slots[j].name;
			break;
		case C_ANY:
			may[nm++] = slots[j].name;
		}
	}
	for (i = 0; i < sb_opt.n; i++)
		may[nm++] = sb_opt.s[i];
	ms_match(tok, n, need, nn, may, nm, extra, &ne, lack, &nl);
	for (i = 0; i < ne; i++) {
		problem("suspend_blockers: '%s' unexpected%s", extra[i],
			origin(extra[i]));
		if (!desync(extra[i]) && sb_opt.n < NLOCKS)
			sb_opt.s[sb_opt.n++] = strdup(extra[i]);
	}
	for (i = 0; i < nl && !cut; i++) {
		problem("suspend_blockers: '%s' missing%s", lack[i],
			origin(lack[i]));
		if (!desync(lack[i]))
			ms_take(&sb_base, lack[i]);
	}
}

static void check_reg(void)
{
	static char copy[sizeof(cur->reg)];
	static char *tok[4096], *extra[4096], *lack[2 * NLOCKS + NSLOTS];
	static char *need[2 * NLOCKS + NSLOTS], *none[1];
	int n, i, nn = 0, ne, nl;
	unsigned int j;

	if (!reg_ok)
		return;
	if (cur->nreg < 0) {
		problem("debugfs list: read failed: %s", ename(-cur->nreg));
		return;
	}
	n = reg_names(cur, copy, tok, 4096);
	for (i = 0; i < reg_base.n; i++)
		if (reg_base.s[i])
			need[nn++] = reg_base.s[i];
	for (j = 0; j < NSLOTS; j++)
		if (slots[j].fd >= 0 && slots[j].added)
			need[nn++] = slots[j].name;
	ms_match(tok, n, need, nn, none, 0, extra, &ne, lack, &nl);
	for (i = 0; i < ne; i++)
		problem("debugfs list: request '%s' unexpected%s", extra[i],
			origin(extra[i]));
	for (i = 0; i < nl; i++)
		problem("debugfs list: request '%s' missing%s", lack[i],
			origin(lack[i]));
	if (!ne && !nl)
		return;
	/* Start again from what is there, less our files' requests. */
	reg_base.n = 0;
	for (i = 0; i < n && reg_base.n < 2 * NLOCKS; i++)
		reg_base.s[reg_base.n++] = strdup(tok[i]);
	for (j = 0; j < NSLOTS; j++)
		if (slots[j].fd >= 0 && slots[j].added)
			ms_take(&reg_base, slots[j].name);
}

/*
 * The model against a full read of the state.  @gc_possible: an unlock
 * was accepted since the last full check, so the kernel may have freed
 * released locks idle for 5 minutes: those that vanished leave the model.
 */
static void check_model(int gc_possible, int with_reg)
{
	unsigned int j;
	u64 lim_wl, lim_wu;

	if (dry)
		return;
	memset(seen, 0, sizeof(seen));
	lim_wl = check_list("wake_lock", cur->wl, cur->nwl, 1);
	lim_wu = check_list("wake_unlock", cur->wu, cur->nwu, 0);
	for (j = 0; j < nul; j++)
		if (ul[j].used && seen[j] > 1 &&
		    ul_cert(&ul[j], cur->t0, cur->t1) != C_ANY)
			problem("'%s' listed %d times", ul[j].name, seen[j]);
	gc_sweep(lim_wl, lim_wu, 1, gc_possible);
	check_sb();
	if (strcmp(cur->rs, rs_model))
		problem("request_state: '%s', want '%s'", cur->rs, rs_model);
	if (with_reg)
		check_reg();
}

/* The model against the one part @part of the state just read. */
static void check_part(int part)
{
	u64 lim;

	if (part == S_RS) {
		if (strcmp(cur->rs, rs_model))
			problem("request_state: '%s', want '%s'", cur->rs,
				rs_model);
	} else if (part == S_WL) {
		memset(seen, 0, sizeof(seen));
		check_list("wake_lock", cur->wl, cur->nwl, 1);
	} else if (part == S_WU) {
		/* after an unlock: its garbage collection shows here */
		memset(seen, 0, sizeof(seen));
		lim = check_list("wake_unlock", cur->wu, cur->nwu, 0);
		gc_sweep(0, lim, 0, 1);
	} else if (part == S_SB) {
		check_sb();
	}
}

/*
 * Words of @buf minus the names whose state may change by itself; of a
 * listing cut at a page, without its last word.
 */
static void filtered(const char *buf, ssize_t len, char *out, size_t cap)
{
	static char copy[PG + 1];
	static char *tok[PG];
	static const char *vol[NLOCKS + NSLOTS];
	int n, i, k, nv = 0, skip;
	unsigned int j;
	size_t o = 0;

	for (j = 0; j < nul; j++)
		if (ul[j].used &&
		    ul_cert(&ul[j], prev->t0, cur->t1) == C_ANY)
			vol[nv++] = ul[j].name;
	for (j = 0; j < NSLOTS; j++)
		if (slots[j].fd >= 0 && slots[j].added &&
		    slot_cert(&slots[j], prev->t0, cur->t1) == C_ANY)
			vol[nv++] = slots[j].name;
	n = tokenize(buf, len, copy, tok, PG);
	if (len >= PG - 1 && n)
		n--;
	for (i = 0; i < n; i++) {
		skip = is_foreign(tok[i]);
		for (k = 0; k < nv && !skip; k++)
			skip = !strcmp(vol[k], tok[i]);
		if (!skip && o < cap)
			o += snprintf(out + o, cap - o, "%s ", tok[i]);
	}
	out[o < cap ? o : cap - 1] = '\0';
}

static void same_words(const char *what, const char *pb, ssize_t pn,
		       const char *cb, ssize_t cn)
{
	static char a[PG + 2], b[PG + 2];

	static char ca[PG + 2], cb2[PG + 2];
	static char *ta[PG], *tb[PG];
	int na, nb, i, k;
	char *p;

	if (pn == cn && (pn < 0 || !memcmp(pb, cb, pn)))
		return;				/* the common case */
	filtered(pb, pn, a, sizeof(a));
	filtered(cb, cn, b, sizeof(b));
	if (pn >= PG - 1 || cn >= PG - 1) {
		/* a cut listing: compare as many words as both show */
		for (na = 0, p = a; (p = strchr(p, ' ')); p++)
			na++;
		for (nb = 0, p = b; (p = strchr(p, ' ')); p++)
			nb++;
		for (k = 0, p = na > nb ? a : b; k < (na > nb ? nb : na);
		     p++)
			if (*p == ' ')
				k++;
		*p = '\0';
	}
	if (!strcmp(a, b))
		return;
	problem("rejected, yet %s changed: '%s' -> '%s'", what, a, b);
	na = tokenize(a, strlen(a), ca, ta, PG);
	nb = tokenize(b, strlen(b), cb2, tb, PG);
	for (i = 0; i < na + nb; i++) {
		const char *t = i < na ? ta[i] : tb[i - na];
		char **o = i < na ? tb : ta;
		int no = i < na ? nb : na;

		for (k = 0; k < no && strcmp(o[k], t); k++)
			;
		if (k == no && desync(t))
			problem("  '%s' %s%s", t, i < na ? "went" : "came",
				origin(t));
	}
}

/*
 * A rejected input: the state after must be the state before (prev: read
 * after the previous input, with nothing accepted since).
 */
static void check_unchanged(int with_reg)
{
	static char ca[sizeof(cur->reg)], cb[sizeof(cur->reg)];
	static char *ta[4096], *tb[4096];
	int na, nb, k;

	if (dry)
		return;
	same_words("wake_lock", prev->wl, prev->nwl, cur->wl, cur->nwl);
	same_words("wake_unlock", prev->wu, prev->nwu, cur->wu, cur->nwu);
	same_words("suspend_blockers", prev->sb, prev->nsb, cur->sb,
		   cur->nsb);
	if (strcmp(prev->rs, cur->rs))
		problem("rejected, yet request_state changed: '%s' -> '%s'",
			prev->rs, cur->rs);
	if (!with_reg || !reg_ok || prev->nreg < 0 || cur->nreg < 0)
		return;
	if (prev->nreg == cur->nreg && !memcmp(prev->reg, cur->reg,
						prev->nreg))
		return;		/* the counters may change, the names not */
	na = reg_names(prev, ca, ta, 4096);
	nb = reg_names(cur, cb, tb, 4096);
	for (k = 0; k < na && k < nb && !strcmp(ta[k], tb[k]); k++)
		;
	if (na != nb || k != na)
		problem("rejected, yet the debugfs list changed (%d -> %d)",
			na, nb);
}

/* ---- bad pointers ---- */

enum { P_OK, P_NULL, P_UNMAPPED, P_KERNEL, P_STRADDLE, P_N };
static const char *const ptr_name[P_N] = {
	"", " ptr=NULL", " ptr=unmapped", " ptr=kernel", " ptr=straddle"
};

static unsigned char *arena;	/* one page, the next one unmapped */
static unsigned char okbuf[2 * PG];
static const unsigned long kaddr[] = {
	0xffffffff81000000UL, 0xffff888000000000UL, 0x8000000000000000UL,
	0xfffffffffffff000UL,
};

/*
 * Where to put @len bytes for pointer kind @kind; with P_STRADDLE only
 * the first @k bytes are mapped (k < len: the kernel faults at byte k).
 */
static void *place(int kind, const void *data, size_t len, size_t k)
{
	switch (kind) {
	case P_OK:
		memcpy(okbuf, data, len);
		return okbuf;
	case P_NULL:
		return NULL;
	case P_UNMAPPED:
		return arena + PG;
	case P_KERNEL:
		return (void *)kaddr[k % 4];
	default:
		memcpy(arena + PG - k, data, k);
		return arena + PG - k;
	}
}

/* ---- sysfs inputs ---- */

struct sin {
	unsigned char b[2 * PG];
	size_t len;
	int ptr;
	size_t k;	/* P_STRADDLE: mapped bytes; P_KERNEL: which one */
	int fresh;	/* through a file opened for it, not the one kept */
};

static void app(struct sin *in, const void *s, size_t n)
{
	if (in->len + n > sizeof(in->b))
		n = sizeof(in->b) - in->len;
	memcpy(in->b + in->len, s, n);
	in->len += n;
}

static void apps(struct sin *in, const char *s)
{
	app(in, s, strlen(s));
}

static const unsigned char special[] = {
	0, '\n', ' ', '\t', '\r', 0x01, 0x1f, 0x7f, 0x80, 0x9f, 0xa0, 0xc3,
	0xff, '+', '-', '0', '9', 'x', '/', ':',
};

static unsigned char rbyte(void)
{
	if (pct(40))
		return special[rnd(sizeof(special))];
	if (pct(60))
		return 0x21 + rnd(0x5e);
	return rnd(256);
}

/* One corrupted byte: replaced, inserted, deleted, or the end cut. */
static void mutate(unsigned char *b, size_t *len, size_t cap)
{
	size_t at = rnd(*len + 1);

	switch (rnd(4)) {
	case 0:
		if (at < *len) {
			b[at] = rbyte();
			break;
		}
		/* fall through */
	case 1:
		if (*len < cap) {
			memmove(b + at + 1, b + at, *len - at);
			b[at] = rbyte();
			(*len)++;
		}
		break;
	case 2:
		if (at < *len) {
			memmove(b + at, b + at + 1, *len - at - 1);
			(*len)--;
		}
		break;
	default:
		*len = at;
	}
}

#define POOL_N 22
static char pool[POOL_N][UNAME_MAX + 1];

static void pool_init(void)
{
	int i;

	for (i = 0; i < 16; i++)
		snprintf(pool[i], sizeof(pool[i]), "fz%02d", i);
	strcpy(pool[16], "fz.PowerManagerService");
	strcpy(pool[17], "fz/radio-interface_1");
	strcpy(pool[18], "fz\xc3\xa9t\xc3\xa9");	/* UTF-8 */
	strcpy(pool[19], "fz\xa0nbsp");		/* Latin-1 no-break space */
	memset(pool[20], 'L', 128);		/* 2009's longest */
	memset(pool[21], 'M', 129);		/* longer: mainline takes it */
}

static const char *const timeouts[] = {
	"0", "1", "2", "3999999", "4000000", "4000001", "10000000",
	"200000000", "1000000000", "3600000000000",
	"18446744073709551615", "18446744073709551616",
	"99999999999999999999", "9223372036854775807", "9223372036854775808",
	"00000000000000000000001", "000000000000000000000001",
	"123456789012345678901234", "+5", "+", "++5", "-1", "-0", "0x10",
	"1e9", "5abc", "5.0", "\xd9\xa3", "0\n", "07",
};

static const char *const seps[] = { " ", "\t", " \t", "\n", "   " };
static const char *const trails[] = { "", "", "\n", " ", "\t\n", "\n\n" };

static void app_name(struct sin *in)
{
	apps(in, pool[rnd(POOL_N)]);
}

static void app_timeout(struct sin *in)
{
	char num[24];

	if (pct(25)) {
		snprintf(num, sizeof(num), "%llu",
			 pct(50) ? rng_next(&rng_state) :
			 (u64)rnd(1000000000));
		apps(in, num);
	} else {
		apps(in, timeouts[rnd(sizeof(timeouts) / sizeof(*timeouts))]);
	}
}

static void app_random(struct sin *in, size_t max)
{
	size_t n = rnd(max + 1), i;
	unsigned char c;

	for (i = 0; i < n; i++) {
		c = rbyte();
		app(in, &c, 1);
	}
}

static void app_long_name(struct sin *in)
{
	static const size_t lens[] = {
		1, 127, 128, 129, 130, 255, 1000, PG - 2, PG - 1, PG, PG + 1,
	};
	size_t n = lens[rnd(sizeof(lens) / sizeof(*lens))], i;
	char c = 'a' + rnd(26);

	for (i = 0; i < n; i++)
		app(in, &c, 1);
}

/* Pointer and file: mostly a good buffer. */
static void gen_ptr(struct sin *in)
{
	in->ptr = P_OK;
	if (in->len && pct(4)) {
		in->ptr = P_NULL + rnd(P_N - 1);
		in->k = rnd(4);
		if (in->ptr == P_STRADDLE)
			in->k = rnd(in->len < PG ? in->len : PG);
	}
	in->fresh = user ? !pct(50) : pct(FRESH_PCT);
}

static void gen_wake_lock(struct sin *in)
{
	unsigned int c = rnd(100);

	in->len = 0;
	if (c < 35) {			/* valid, maybe with a timeout */
		app_name(in);
		if (pct(60)) {
			apps(in, seps[rnd(5)]);
			app_timeout(in);
		}
		apps(in, trails[rnd(6)]);
	} else if (c < 55) {		/* one byte corrupted */
		app_name(in);
		if (pct(50)) {
			apps(in, seps[rnd(5)]);
			app_timeout(in);
		}
		mutate(in->b, &in->len, sizeof(in->b));
	} else if (c < 65) {		/* around the length limits */
		app_long_name(in);
		if (pct(30)) {
			apps(in, " ");
			app_timeout(in);
		}
		apps(in, trails[rnd(6)]);
	} else if (c < 72) {		/* embedded NUL */
		app_name(in);
		if (pct(50))
			apps(in, " 5");
		app(in, "", 1);
		app_random(in, 20);
	} else if (c < 78) {		/* a new random name */
		app_random(in, 12);
		apps(in, trails[rnd(6)]);
	} else if (c < 85) {		/* more than one word after it */
		app_name(in);
		apps(in, seps[rnd(5)]);
		app_timeout(in);
		apps(in, seps[rnd(5)]);
		app_timeout(in);
	} else {			/* random bytes */
		app_random(in, pct(90) ? 40 : 300);
	}
	gen_ptr(in);
}

static void gen_wake_unlock(struct sin *in)
{
	unsigned int c = rnd(100);
	char num[32];

	in->len = 0;
	if (c < 45) {
		app_name(in);
		apps(in, trails[rnd(6)]);
	} else if (c < 60) {
		app_name(in);
		mutate(in->b, &in->len, sizeof(in->b));
	} else if (c < 66) {
		snprintf(num, sizeof(num), "nosuch%u", rnd(10));
		apps(in, num);
	} else if (c < 74) {
		app_name(in);
		apps(in, seps[rnd(5)]);
		if (pct(50))
			app_timeout(in);
		else
			app_name(in);
	} else if (c < 80) {
		app_long_name(in);
		apps(in, trails[rnd(6)]);
	} else if (c < 86) {
		app_name(in);
		app(in, "", 1);
		app_random(in, 10);
	} else {
		app_random(in, pct(90) ? 40 : 300);
	}
	gen_ptr(in);
}

static const char *const rs_vals[] = {
	"on", "on", "on\n", "on\n\n", " on", "on ", "On", "ON", "o", "onn",
	"off", "mem", "mem\n", "freeze", "standby", "disk", "disk\n", "",
	"\n", "shutdown", "s2idle", "deep", "shallow", "mem ", "on\tmem",
};

static void gen_request_state(struct sin *in)
{
	unsigned int c = rnd(100);

	in->len = 0;
	if (c < 50) {
		apps(in, rs_vals[rnd(sizeof(rs_vals) / sizeof(*rs_vals))]);
	} else if (c < 75) {
		apps(in, rs_vals[rnd(sizeof(rs_vals) / sizeof(*rs_vals))]);
		mutate(in->b, &in->len, sizeof(in->b));
	} else if (c < 82) {
		apps(in, rs_vals[rnd(sizeof(rs_vals) / sizeof(*rs_vals))]);
		app(in, "", 1);
		apps(in, rs_vals[rnd(sizeof(rs_vals) / sizeof(*rs_vals))]);
	} else if (c < 86) {
		app_long_name(in);
	} else {
		app_random(in, pct(90) ? 16 : 300);
	}
	gen_ptr(in);
}

/* ---- the rules of the sysfs files ---- */

static int is_sep(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

/* The name at the start of @s: its length, or -errno. */
static int rule_name(const unsigned char *s)
{
	int i;

	for (i = 0; s[i] && !is_sep(s[i]); i++)
		if (s[i] < 0x20 || s[i] == 0x7f)
			return -EINVAL;		/* control character */
	if (!i)
		return -EINVAL;			/* empty */
	return i > UNAME_MAX ? -ENAMETOOLONG : i;
}

/*
 * The timeout after the name: separators, one word, separators.  The word
 * is a base-10 u64 (kstrtou64: an optional '+', digits only); more than 64
 * bits is ERANGE, as is (kernel quirk, see the report) any word of 24 or
 * more digits, even "000...001".  Anything else is EINVAL.
 */
static int rule_timeout(const unsigned char *s, u64 *ns)
{
	size_t len, i, d;
	u64 v = 0;

	*ns = 0;
	while (is_sep(*s))
		s++;
	for (len = 0; s[len] && !is_sep(s[len]); len++)
		;
	if (!len)
		return 0;
	for (i = len; is_sep(s[i]); i++)
		;
	if (s[i])
		return -EINVAL;			/* a second word */
	if (len >= 24) {
		for (i = 0; i < len; i++)
			if (s[i] < '0' || s[i] > '9')
				return -EINVAL;
		return -ERANGE;
	}
	i = s[0] == '+';
	if (i == len)
		return -EINVAL;
	for (; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -EINVAL;
		d = s[i] - '0';
		if (v > (~0ULL - d) / 10)
			return -ERANGE;
		v = v * 10 + d;
	}
	*ns = v;
	return 0;
}

struct verdict {
	int err;	/* expected errno, 0: accepted, SKIP: not to be sent */
	size_t ret;	/* expected return on success */
	int noop;	/* accepted without looking (zero length) */
	int nlen;	/* the name */
	u64 ns;		/* the timeout */
	int create;	/* accepted and creates a lock */
};

/* write(2) to a sysfs file, before the attribute sees the buffer. */
static int rule_write(int iface, const struct sin *in, struct verdict *v)
{
	memset(v, 0, sizeof(*v));
	if (in->fresh && !writable[iface])
		return v->err = EACCES;		/* open(O_WRONLY) */
	if (in->ptr == P_KERNEL)
		return v->err = EFAULT;		/* access_ok() */
	v->ret = in->len < PG ? in->len : PG;	/* kernfs cuts at a page */
	if (!v->ret) {
		v->noop = 1;
		return 0;
	}
	if (in->ptr != P_OK && !(in->ptr == P_STRADDLE && in->k >= v->ret))
		return v->err = EFAULT;
	return -1;
}

static int rule_wake_lock(const struct sin *in, struct verdict *v)
{
	unsigned char s[PG + 1];
	struct ulock *l;
	size_t blen;

	if (rule_write(IF_WL, in, v) >= 0)
		return v->err;
	if (!cap)
		return v->err = EPERM;
	memcpy(s, in->b, v->ret);
	s[v->ret] = '\0';
	v->nlen = rule_name(s);
	if (v->nlen < 0)
		return v->err = -v->nlen;
	v->err = -rule_timeout(s + v->nlen, &v->ns);
	if (v->err)
		return v->err;
	l = ul_find((char *)s, v->nlen);
	if (l)
		return 0;
	if (count_locks >= limit)
		return v->err = ENOSPC;
	blen = list_bytes() + v->nlen + 1;
	if (!fill && (count_locks + RESERVE >= limit || blen > LIST_BUDGET))
		return v->err = SKIP;		/* would use a reserved slot */
	v->create = 1;
	return 0;
}

static int rule_wake_unlock(const struct sin *in, struct verdict *v)
{
	unsigned char s[PG + 1];
	size_t i;

	if (rule_write(IF_WU, in, v) >= 0)
		return v->err;
	if (!cap)
		return v->err = EPERM;
	memcpy(s, in->b, v->ret);
	s[v->ret] = '\0';
	v->nlen = rule_name(s);
	if (v->nlen < 0)
		return v->err = -v->nlen;
	for (i = v->nlen; is_sep(s[i]); i++)
		;
	if (s[i])
		return v->err = EINVAL;		/* more than one word */
	if (!ul_find((char *)s, v->nlen))
		return v->err = EINVAL;		/* no such lock */
	return 0;
}

/* sysfs_streq(): equal, or equal but for one trailing newline. */
static int streq_nl(const char *s, const char *want)
{
	size_t n = strlen(s);

	if (n && s[n - 1] == '\n')
		n--;
	return n == strlen(want) && !memcmp(s, want, n);
}

/*
 * request_state: "on" (accepted: never suspends), a state /sys/power/state
 * offers (never sent: it would suspend), "disk" when not offered
 * (EINVAL, as any other value).  No capability is needed.
 */
static int rule_request_state(const struct sin *in, struct verdict *v)
{
	char s[PG + 1];
	int i;

	if (rule_write(IF_RS, in, v) >= 0)
		return v->err;
	memcpy(s, in->b, v->ret);
	s[v->ret] = '\0';
	if (streq_nl(s, "on"))
		return 0;
	if (streq_nl(s, "disk"))
		return v->err = disk_offered ? SKIP : EINVAL;
	for (i = 0; i < nsleep; i++)
		if (streq_nl(s, sleep_states[i]))
			return v->err = SKIP;
	/* Belt and braces: any sleep state's name is never sent. */
	if (streq_nl(s, "mem") || streq_nl(s, "freeze") ||
	    streq_nl(s, "standby"))
		return v->err = SKIP;
	return v->err = EINVAL;
}

static const char *sysfs_path(int iface)
{
	return iface == IF_RS ? P_RS : iface == IF_WL ? P_WL : P_WU;
}

/*
 * One write(2) of the input, through the file kept open (its offset does
 * not matter to a sysfs attribute) or a fresh one; returns its errno, 0
 * on success.
 */
static int send_write(int iface, const struct sin *in, ssize_t *got)
{
	void *p;
	int fd = wfd[iface], e = 0;

	*got = -1;
	if (in->fresh) {
		fd = x_open(sysfs_path(iface), O_WRONLY | O_CLOEXEC);
		if (fd < 0)
			return errno;
	}
	p = place(in->ptr, in->b, in->len, in->k);
	*got = x_write(fd, p, in->len);
	if (*got < 0)
		e = errno;
	if (in->fresh)
		x_close(fd);
	return e;
}

static void count_answer(int iface, int e)
{
	if (e)
		st[iface].rejected++;
	else
		st[iface].accepted++;
	st[iface].err[e < NERR ? e : NERR - 1]++;
}

/* Apply an accepted wake_lock / wake_unlock to the model. */
static void model_wake(int iface, const struct sin *in,
		       const struct verdict *v, u64 sent, u64 answered)
{
	struct ulock *l;

	if (v->noop)
		return;
	l = ul_find((char *)in->b, v->nlen);
	if (!l)
		l = ul_add((char *)in->b, v->nlen);
	l->lru = lru_seq++;
	l->touched = answered ? answered : 1;
	l->unknown = 0;
	l->last_if = iface;
	l->last_idx = cur_idx;
	if (iface == IF_WU)
		l->h.h = H_OFF;
	else if (v->ns)
		hold_timed(&l->h, v->ns, sent, answered);
	else
		l->h.h = H_ON;
}

/*
 * request_state is not what it should be: ask for "on" again, and read
 * the full state (@with_reg: with the debugfs list) into cur.
 */
static void restore_on(int with_reg)
{
	if (x_write(wfd[IF_RS], "on", 2) != 2)
		printf("fuzz: cannot write \"on\" to %s: %s\n", P_RS,
		       ename(errno));
	strcpy(rs_model, "on");
	snap_read(cur, S_SYSFS | (with_reg ? S_REG : 0));
}

/* The state read into cur is the one after the last input. */
static void cur_is_prev(void)
{
	struct snap *t = prev;

	prev = cur;
	cur = t;
	prev_ok = 1;
}

/* A full check of the state read into cur. */
static void full_check(int with_reg)
{
	check_model(gc_since_full, with_reg);
	npend = 0;
	gc_since_full = 0;
}

/*
 * The checks after an input that was sent (see the top of the file).
 * @rejected: the answer was an error; @part: for an accepted input, the
 * one part of the state that shows its effect cheaply, 0 for none;
 * @unlock: an accepted unlock, whose garbage collection may free idle
 * released locks; @with_reg: the debugfs list is part of the state.
 *
 * Rejected: the full state is read and checked, and compared with the
 * one read after the previous input when there is one.  Accepted: the
 * full state is read and checked only every FULL_EVERY accepted inputs
 * (and at the end of each phase, phase_end()), else just @part.
 */
static void after_input(int rejected, int part, int unlock, int with_reg)
{
	int full = S_SYSFS | (with_reg ? S_REG : 0);

	if (dry)
		return;
	gc_since_full |= unlock;
	checking = 1;
	if (!rejected) {
		pend[npend].iface = cur_if;
		pend[npend++].idx = cur_idx;
		prev_ok = 0;
	}
	if (!rejected && npend < FULL_EVERY) {
		if (part) {
			snap_read(cur, part);
			check_part(part);
		}
		checking = 0;
		if (part == S_RS && strcmp(cur->rs, rs_model)) {
			restore_on(with_reg);
			cur_is_prev();
		}
		return;
	}
	snap_read(cur, full);
	if (rejected && prev_ok)
		check_unchanged(with_reg);
	full_check(with_reg);
	checking = 0;
	if (strcmp(cur->rs, rs_model))
		restore_on(with_reg);
	cur_is_prev();
}

/* At the end of a phase: the full state, if not checked since. */
static void phase_end(int with_reg)
{
	if (dry || (!npend && prev_ok))
		return;
	checking = 1;
	snap_read(cur, S_SYSFS | (with_reg ? S_REG : 0));
	full_check(with_reg);
	checking = 0;
	if (strcmp(cur->rs, rs_model))
		restore_on(with_reg);
	cur_is_prev();
}

/* Returns 1 if the input was sent, 0 if skipped. */
static int run_sysfs(int iface, unsigned long i, unsigned long ndry)
{
	static struct sin in;
	struct verdict v;
	char desc[1024];
	ssize_t got = -1;
	u64 sent, answered;
	int e;

	if (iface == IF_RS)
		gen_request_state(&in);
	else if (iface == IF_WL)
		gen_wake_lock(&in);
	else
		gen_wake_unlock(&in);
	if (iface == IF_RS)
		rule_request_state(&in, &v);
	else if (iface == IF_WL)
		rule_wake_lock(&in, &v);
	else
		rule_wake_unlock(&in, &v);

	cur_if = iface;
	cur_idx = i;
	cur_reported = 0;
	cur_sin = &in;
	cur_din = NULL;
	if (dry && i < ndry)
		describe_cur(desc, sizeof(desc));

	if (v.err == SKIP) {
		st[iface].skipped++;
		if (dry && i < ndry)
			printf("%s #%lu: %s -> not sent\n", if_name[iface], i,
			       desc);
		return 0;
	}
	st[iface].sent++;
	if (dry) {
		if (i < ndry)
			printf("%s #%lu: %s -> %s\n", if_name[iface], i, desc,
			       ename(v.err));
		count_answer(iface, v.err);
		if (!v.err && iface != IF_RS)
			model_wake(iface, &in, &v, 0, 0);
		return 1;
	}
	sent = now_ns();
	e = send_write(iface, &in, &got);
	answered = now_ns();
	count_answer(iface, e);
	if (e != v.err)
		problem("answer %s, want %s", ename(e), ename(v.err));
	else if (!e && (size_t)got != v.ret)
		problem("returned %zd, want %zu", got, v.ret);
	if (!e && !v.err) {
		if (iface == IF_RS)
			strcpy(rs_model, "on");
		else
			model_wake(iface, &in, &v, sent, answered);
	} else if (!e && iface != IF_RS && v.nlen > 0) {
		/* Accepted against the rules: follow the kernel. */
		model_wake(iface, &in, &v, sent, answered);
	}
	if (e)
		after_input(1, 0, 0, 0);
	else if (iface == IF_RS)
		after_input(0, S_RS, 0, 0);
	else if (v.noop || v.nlen <= 0)
		after_input(0, 0, 0, 0);
	else
		after_input(0, iface == IF_WL ? S_WL : S_WU, iface == IF_WU,
			    0);
	return 1;
}

/* ---- /dev/suspend_block ---- */

enum { D_OPEN, D_CLOSE, D_IOCTL };

struct din {
	int op, slot;
	unsigned long cmd;
	int ptr;
	size_t k;
	unsigned char data[SUSPEND_BLOCK_NAME_LEN];
	size_t dlen;	/* bytes the command reads: 64, 8 or 0 */
};

static const unsigned int valid_cmds[] = {
	SUSPEND_BLOCK_IOC_SET_NAME, SUSPEND_BLOCK_IOC_ACQUIRE,
	SUSPEND_BLOCK_IOC_ACQUIRE_TIMEOUT, SUSPEND_BLOCK_IOC_RELEASE,
};

/*
 * Types (bits 8-15) the VFS answers itself before the driver (FIOCLEX,
 * FIONBIO, FIOASYNC: 'T'; FIFREEZE, FITHAW, FS_IOC_FSGETXATTR: 'X';
 * FS_IOC_FIEMAP, FS_IOC_GETFLAGS: 'f'; FICLONE: 0x94): not the driver's
 * interface, not generated.
 */
static int vfs_type(unsigned int cmd)
{
	unsigned int t = (cmd >> 8) & 0xff;

	return t == 'T' || t == 'X' || t == 'f' || t == 0x94;
}

static unsigned int random_cmd(void)
{
	unsigned int c = valid_cmds[rnd(4)], sz;

	switch (rnd(5)) {
	case 0:		/* another size */
		sz = pct(50) ? rnd(128) : rnd(1 << _IOC_SIZEBITS);
		c = (c & ~(_IOC_SIZEMASK << _IOC_SIZESHIFT)) |
		    (sz << _IOC_SIZESHIFT);
		break;
	case 1:		/* another direction */
		c = (c & ~(_IOC_DIRMASK << _IOC_DIRSHIFT)) |
		    (rnd(4) << _IOC_DIRSHIFT);
		break;
	case 2:		/* another number */
		c = (c & ~(_IOC_NRMASK << _IOC_NRSHIFT)) |
		    (rnd(pct(50) ? 8 : 256) << _IOC_NRSHIFT);
		break;
	case 3:		/* another type */
		c = (c & ~(_IOC_TYPEMASK << _IOC_TYPESHIFT)) |
		    (rnd(256) << _IOC_TYPESHIFT);
		break;
	default:
		c = (unsigned int)rng_next(&rng_state);
	}
	return c;
}

static const u64 ns_vals[] = {
	0, 1, 2, 3999999, 4000000, 10000000, 200000000, 1000000000,
	3600000000000ULL, 1ULL << 62, 1ULL << 63, ~0ULL, ~0ULL - 1,
};

/* A name for SET_NAME: valid, near-valid or random, in 64 bytes. */
static void gen_dev_name(unsigned char *n)
{
	size_t len, i;
	unsigned int c = rnd(100);

	memset(n, 0, SUSPEND_BLOCK_NAME_LEN);
	if (c < 40) {
		snprintf((char *)n, SUSPEND_BLOCK_NAME_LEN, "fzd%u", rnd(8));
	} else if (c < 60) {
		snprintf((char *)n, SUSPEND_BLOCK_NAME_LEN, "fzd%u", rnd(8));
		len = strlen((char *)n);
		mutate(n, &len, SUSPEND_BLOCK_NAME_LEN);
		n[len < SUSPEND_BLOCK_NAME_LEN ? len : 0] = 0;
	} else if (c < 75) {	/* 62, 63 or 64 bytes (no NUL) */
		len = 62 + rnd(3);
		memset(n, 'a' + rnd(26), len);
		if (pct(30))
			n[rnd(len)] = rbyte();
	} else if (c < 85) {	/* Latin-1 and other high bytes */
		n[0] = 'h';
		n[1] = 0x80 + rnd(128);
		n[2] = pct(50) ? 'x' : 0;
	} else {
		len = rnd(SUSPEND_BLOCK_NAME_LEN + 1);
		for (i = 0; i < len; i++)
			n[i] = rbyte();
	}
}

static void gen_dev(struct din *d)
{
	u64 ns;
	unsigned int c;

	memset(d, 0, sizeof(*d));
	d->slot = rnd(NSLOTS);
	c = rnd(100);
	d->op = c < 5 ? D_OPEN : c < 10 ? D_CLOSE : D_IOCTL;
	c = rnd(100);
	if (c < 60) {
		d->cmd = valid_cmds[rnd(4)];
	} else if (c < 65) {	/* the syscall takes the low 32 bits */
		d->cmd = valid_cmds[rnd(4)] |
			 ((unsigned long)(rnd(0xffff) + 1) << 32);
	} else {
		do
			d->cmd = random_cmd();
		while (vfs_type(d->cmd));
	}
	if (pct(50)) {
		gen_dev_name(d->data);
	} else {
		ns = pct(80) ? ns_vals[rnd(sizeof(ns_vals) / sizeof(*ns_vals))]
			     : rng_next(&rng_state);
		memcpy(d->data, &ns, sizeof(ns));
	}
	d->ptr = pct(88) ? P_OK : P_NULL + rnd(P_N - 1);
	d->k = d->ptr == P_STRADDLE ? rnd(SUSPEND_BLOCK_NAME_LEN + 1) :
		rnd(4);
}

/*
 * Kernel isgraph(): ASCII 0x21-0x7e, and Latin-1 0xa1-0xff; names also
 * exclude quotes and backslashes.
 */
static int k_isgraph(unsigned char c)
{
	return (c > 0x20 && c < 0x7f) || c > 0xa0;
}

static int dev_name_valid(const unsigned char *n)
{
	size_t len = strnlen((const char *)n, SUSPEND_BLOCK_NAME_LEN), i;

	if (!len || len == SUSPEND_BLOCK_NAME_LEN)
		return 0;
	for (i = 0; i < len; i++)
		if (!k_isgraph(n[i]) || n[i] == '"' || n[i] == '\\')
			return 0;
	return 1;
}

/* The answer of an ioctl on an open file. */
static int rule_ioctl(const struct din *d, const struct slot *s, u64 *ns)
{
	unsigned int cmd = (unsigned int)d->cmd;
	size_t need;

	if (cmd == SUSPEND_BLOCK_IOC_ACQUIRE ||
	    cmd == SUSPEND_BLOCK_IOC_RELEASE)
		return 0;			/* the argument is not read */
	if (cmd != SUSPEND_BLOCK_IOC_SET_NAME &&
	    cmd != SUSPEND_BLOCK_IOC_ACQUIRE_TIMEOUT)
		return ENOTTY;
	need = cmd == SUSPEND_BLOCK_IOC_SET_NAME ? SUSPEND_BLOCK_NAME_LEN :
						   sizeof(u64);
	if (d->ptr != P_OK && !(d->ptr == P_STRADDLE && d->k >= need))
		return EFAULT;
	if (cmd == SUSPEND_BLOCK_IOC_ACQUIRE_TIMEOUT) {
		memcpy(ns, d->data, sizeof(*ns));
		return *ns ? 0 : EINVAL;
	}
	if (!dev_name_valid(d->data))
		return EINVAL;
	return s->added ? EBUSY : 0;
}

static int dev_open_rule(void)
{
	if (!writable[IF_DEV])
		return EACCES;
	return cap ? 0 : EPERM;
}

static void slot_open(struct slot *s, int fd)
{
	s->fd = fd;
	s->added = 0;
	s->unknown = 0;
	s->last_if = -1;
	s->h.h = H_OFF;
	snprintf(s->name, sizeof(s->name), "fd:%s", comm);
}

static void slot_add(struct slot *s)
{
	s->added = 1;
}

static struct din cur_d;	/* the /dev/suspend_block input being run */

/* The input being run, for the reports: built only when needed. */
static void describe_cur(char *out, size_t cap)
{
	static const char *const opn[] = { "open", "close", "ioctl" };
	const struct sin *in = cur_sin;
	const struct din *d = cur_din;
	char data[300];
	size_t k, o;
	u64 ns;

	if (in) {
		out[0] = '"';
		describe_bytes(out + 1, cap - 1, in->b, in->len);
		o = strlen(out);
		snprintf(out + o, cap - o, "\" (len %zu%s%s)", in->len,
			 ptr_name[in->ptr],
			 user ? (in->fresh ? "" : " root's file") :
				(in->fresh ? " fresh open" : ""));
		return;
	}
	if (!d) {
		snprintf(out, cap, "(setup)");
		return;
	}
	if (d->op != D_IOCTL) {
		snprintf(out, cap, "%s file %d", opn[d->op], d->slot);
		return;
	}
	k = SUSPEND_BLOCK_NAME_LEN;
	while (k && !d->data[k - 1])
		k--;
	describe_bytes(data, sizeof(data), d->data, k);
	memcpy(&ns, d->data, sizeof(ns));
	snprintf(out, cap, "ioctl file %d cmd %#lx%s (k %zu) arg \"%s\" (%llu)",
		 d->slot, d->cmd, ptr_name[d->ptr], d->k, data, ns);
}

static void run_dev(unsigned long i, unsigned long ndry)
{
	struct din d;
	struct slot *s;
	u64 ns = 0, sent = 0, answered = 0;
	int want, e = 0, fd, part = 0;
	char desc[1024];
	void *p;

	gen_dev(&d);
	s = &slots[d.slot];
	/* Make the operation fit the slot. */
	if (user) {
		if (d.op == D_CLOSE)
			d.op = D_IOCTL;
	} else if (d.op == D_IOCTL && s->fd < 0) {
		d.op = D_OPEN;
	} else if (d.op == D_CLOSE && s->fd < 0) {
		d.op = D_OPEN;
	} else if (d.op == D_OPEN && s->fd >= 0) {
		d.op = D_CLOSE;
	}
	if (d.op == D_IOCTL && s->fd < 0)
		d.op = D_OPEN;

	cur_if = IF_DEV;
	cur_idx = i;
	cur_reported = 0;
	cur_d = d;
	cur_din = &cur_d;
	cur_sin = NULL;

	if (d.op == D_OPEN)
		want = dev_open_rule();
	else if (d.op == D_CLOSE)
		want = 0;
	else
		want = rule_ioctl(&d, s, &ns);
	st[IF_DEV].sent++;
	if (dry) {
		if (i < ndry) {
			describe_cur(desc, sizeof(desc));
			printf("%s #%lu: %s -> %s\n", if_name[IF_DEV], i,
			       desc, ename(want));
		}
		e = want;
		fd = 100;
		goto model;
	}

	sent = now_ns();
	if (d.op == D_OPEN) {
		fd = x_open(P_DEV, O_RDWR | O_CLOEXEC);
		e = fd < 0 ? errno : 0;
		if (fd >= 0 && user) {
			x_close(fd);	/* slots stay root's */
			fd = -1;
		}
	} else if (d.op == D_CLOSE) {
		e = x_close(s->fd) ? errno : 0;
		fd = -1;
	} else {
		p = place(d.ptr, d.data, SUSPEND_BLOCK_NAME_LEN, d.k);
		fd = s->fd;
		e = x_ioctl(s->fd, d.cmd, p) ? errno : 0;
	}
	answered = now_ns();
	if (e != want)
		problem("answer %s, want %s", ename(e), ename(want));

model:
	count_answer(IF_DEV, e);
	if (!e && d.op == D_OPEN && !user) {
		slot_open(s, fd);
	} else if (!e && d.op == D_CLOSE) {
		s->fd = -1;
		s->added = 0;
	} else if (!e && d.op == D_IOCTL) {
		s->last_if = IF_DEV;
		s->last_idx = i;
		part = S_SB;	/* but SET_NAME: shows in the debugfs list */
		switch ((unsigned int)d.cmd) {
		case SUSPEND_BLOCK_IOC_SET_NAME:
			memcpy(s->name, d.data, SUSPEND_BLOCK_NAME_LEN);
			s->name[SUSPEND_BLOCK_NAME_LEN - 1] = '\0';
			slot_add(s);
			part = 0;
			break;
		case SUSPEND_BLOCK_IOC_ACQUIRE:
			slot_add(s);
			s->unknown = 0;
			s->h.h = H_ON;
			break;
		case SUSPEND_BLOCK_IOC_ACQUIRE_TIMEOUT:
			slot_add(s);
			s->unknown = 0;
			if (!dry)
				hold_timed(&s->h, ns, sent, answered);
			break;
		case SUSPEND_BLOCK_IOC_RELEASE:
			if (s->added) {
				s->unknown = 0;
				s->h.h = H_OFF;
			}
		}
	}
	after_input(e != 0, part, 0, reg_ok);
}

/* ---- setup and cleanup ---- */

static int may_write(const char *path, int rw)
{
	struct stat sb;
	gid_t groups[64];
	int n, i, ingroup;
	mode_t m;

	if (!user)
		return 1;
	if (stat(path, &sb))
		return 0;
	m = sb.st_mode;
	if (sb.st_uid == USER_UID)
		return (m & S_IWUSR) && (!rw || (m & S_IRUSR));
	ingroup = sb.st_gid == getegid();
	n = getgroups(64, groups);
	for (i = 0; i < n && !ingroup; i++)
		ingroup = groups[i] == sb.st_gid;
	if (ingroup)
		return (m & S_IWGRP) && (!rw || (m & S_IRGRP));
	return (m & S_IWOTH) && (!rw || (m & S_IROTH));
}

static void ms_from(struct multiset *m, char *copy, const char *buf,
		    ssize_t len)
{
	static char *tok[PG];
	int n, i;

	n = tokenize(buf, len, copy, tok, PG);
	m->n = 0;
	for (i = 0; i < n && m->n < 2 * NLOCKS; i++)
		m->s[m->n++] = tok[i];
}

/* The locks that exist, the blockers, the request, the sleep states. */
static int setup_state(void)
{
	static char cwl[PG + 1], cwu[PG + 1], csb[PG + 1], cst[256];
	static char *tok[PG];
	char *p, *save = NULL;
	struct ulock *l;
	int n, i;

	strcpy(rs_model, "on");
	strcpy(rs_init, "on");
	if (dry) {
		strcpy(sleep_states[nsleep++], "freeze");
		strcpy(sleep_states[nsleep++], "mem");
		return 0;
	}
	if (read_file(P_ST, cst, sizeof(cst)) < 0)
		return -1;
	for (p = strtok_r(cst, " \n", &save); p && nsleep < 8;
	     p = strtok_r(NULL, " \n", &save)) {
		if (!strcmp(p, "disk"))
			disk_offered = 1;
		else
			snprintf(sleep_states[nsleep++], 16, "%s", p);
	}
	snap_read(prev, S_SYSFS);
	if (prev->nwl < 0 || prev->nwu < 0 || prev->nsb < 0)
		return -1;
	prev_ok = 1;
	if (prev->nwl >= PG - 1 || prev->nwu >= PG - 1) {
		fprintf(stderr, "fuzz: too many wake locks to model\n");
		return -1;
	}
	snprintf(rs_model, sizeof(rs_model), "%s", prev->rs);
	strcpy(rs_init, rs_model);
	n = tokenize(prev->wu, prev->nwu, cwu, tok, PG);
	for (i = 0; i < n; i++)
		if (!ul_find(tok[i], strlen(tok[i])))
			ul_add(tok[i], strlen(tok[i]))->h.h = H_OFF;
	n = tokenize(prev->wl, prev->nwl, cwl, tok, PG);
	for (i = 0; i < n; i++) {
		if (ul_find(tok[i], strlen(tok[i])))
			continue;
		l = ul_add(tok[i], strlen(tok[i]));
		l->h.h = H_ON;
		l->unknown = 1;		/* maybe timed: we cannot tell */
		l->init_held = 1;
	}
	/* The blockers that are not user locks stay as they are. */
	ms_from(&sb_base, csb, prev->sb, prev->nsb);
	for (i = 0; i < (int)nul; i++)
		if (ul[i].init_held)
			ms_take(&sb_base, ul[i].name);
	for (i = n = 0; i < sb_base.n; i++)
		if (sb_base.s[i])
			sb_base.s[n++] = sb_base.s[i];
	sb_base.n = n;
	return 0;
}

static int open_guard(void)
{
	struct suspend_block_name n = { .name = "fuzz-guard" };

	guard = x_open(P_DEV, O_RDWR | O_CLOEXEC);
	if (guard < 0 || x_ioctl(guard, SUSPEND_BLOCK_IOC_SET_NAME, &n) ||
	    x_ioctl(guard, SUSPEND_BLOCK_IOC_ACQUIRE, NULL))
		return -1;
	return 0;
}

/* As root, the debugfs list becomes part of the state. */
static void reg_baseline(void)
{
	static char copy[sizeof(cur->reg)];
	static char *tok[4096];
	int n, i;

	if (user || dry)
		return;
	rfd[4] = x_open(part_path[4], O_RDONLY | O_CLOEXEC);
	reg_ok = rfd[4] >= 0 && reread(4, prev->reg, sizeof(prev->reg)) >= 0;
	if (!reg_ok)
		return;
	snap_read(prev, S_SYSFS | S_REG);
	prev_ok = 1;
	n = reg_names(prev, copy, tok, 4096);
	reg_base.n = 0;
	for (i = 0; i < n && reg_base.n < 2 * NLOCKS; i++)
		reg_base.s[reg_base.n++] = tok[i];
	for (i = 0; i < NSLOTS; i++)
		if (slots[i].fd >= 0 && slots[i].added)
			ms_take(&reg_base, slots[i].name);
}

/*
 * Unlock the locks we may have left held, lock again those held before
 * we started, close the files.  A lock the model has as released is not
 * written: our unlocks here run the kernel's garbage collection, which
 * may free released locks idle for 5 minutes (then the name is unknown:
 * EINVAL).  Such an EINVAL is accepted for a lock that may have been
 * released long enough (a timed one); the held list read at the end
 * must not have any of our locks.
 */
static int cleanup(void)
{
	static char copy[PG + 1];
	static char *tok[PG];
	unsigned int j;
	struct ulock *l;
	int bad = 0, i, n, iface;
	u64 t;

	if (dry)
		return 0;
	t = now_ns();
	for (j = 0; j < nul; j++) {
		l = &ul[j];
		if (!l->used || !l->touched)
			continue;
		iface = l->init_held ? IF_WL : IF_WU;
		if (iface == IF_WU && ul_cert(l, t, t) == C_OFF)
			continue;
		if (x_write(wfd[iface], l->name, l->len) >= 0)
			continue;
		if (iface == IF_WU && errno == EINVAL &&
		    ul_may_free(l, now_ns()))
			continue;
		printf("fuzz: cleanup: cannot write '%s' to %s: %s\n",
		       l->name, sysfs_path(iface), ename(errno));
		bad = 1;
	}
	for (i = 0; i < NSLOTS; i++)
		if (slots[i].fd >= 0) {
			x_close(slots[i].fd);
			slots[i].fd = -1;
		}
	snap_read(cur, S_SYSFS);
	n = tokenize(cur->wl, cur->nwl, copy, tok, PG);
	for (i = 0; i < n; i++) {
		l = ul_find(tok[i], strlen(tok[i]));
		if (l && l->touched && !l->init_held) {
			printf("fuzz: cleanup: '%s' still held\n", l->name);
			x_write(wfd[IF_WU], l->name, l->len);
			bad = 1;
		}
	}
	if (strcmp(cur->rs, rs_init)) {
		printf("fuzz: request_state is '%s', was '%s'\n", cur->rs,
		       rs_init);
		bad = 1;
	}
	if (guard >= 0)
		x_close(guard);
	for (i = 0; i < IF_N; i++)
		if (wfd[i] >= 0)
			x_close(wfd[i]);
	for (i = 0; i < S_NPART; i++)
		if (rfd[i] >= 0)
			x_close(rfd[i]);
	return bad;
}

static void print_stats(void)
{
	char line[2048];
	size_t o;
	int i, e;

	for (i = 0; i < IF_N; i++) {
		printf("fuzz: %-13s sent %lu accepted %lu rejected %lu",
		       if_name[i], st[i].sent, st[i].accepted, st[i].rejected);
		printf(" skipped %lu mismatches %lu\n", st[i].skipped,
		       st[i].mismatches);
		o = snprintf(line, sizeof(line), "fuzz: %-13s errnos:",
			     if_name[i]);
		for (e = 0; e < NERR; e++)
			if (st[i].err[e])
				o += snprintf(line + o, sizeof(line) - o,
					      " %s=%lu", ename(e),
					      st[i].err[e]);
		printf("%s\n", line);
	}
}

static void usage(void)
{
	fprintf(stderr,
		"usage: fuzz SEED COUNT [--user [--cap]] [--fill] [--limit N]\n"
		"            [--dry N]\n");
	exit(2);
}

/* Generated @gen inputs for @iface, and not @count of them sent. */
static int gave_up(int iface, unsigned long gen, unsigned long count)
{
	printf("fuzz: %s: gave up after %lu inputs, %lu of %lu sent\n",
	       if_name[iface], gen, st[iface].sent, count);
	return 1;
}

int main(int argc, char **argv)
{
	unsigned long count, ndry = 0, i, left[2], gen[2], maxgen, total;
	unsigned int k;
	int a, bad = 0;
	u64 start;
	double secs;
	char *end;

	if (argc < 3)
		usage();
	seed = strtoull(argv[1], &end, 0);
	if (*end)
		usage();
	count = strtoul(argv[2], &end, 0);
	if (*end)
		usage();
	cap = 1;
	for (a = 3; a < argc; a++) {
		if (!strcmp(argv[a], "--user")) {
			user = 1;
		} else if (!strcmp(argv[a], "--cap")) {
			cap = 2;
		} else if (!strcmp(argv[a], "--fill")) {
			fill = 1;
		} else if (!strcmp(argv[a], "--limit") && a + 1 < argc) {
			limit = strtoul(argv[++a], NULL, 0);
		} else if (!strcmp(argv[a], "--dry") && a + 1 < argc) {
			dry = 1;
			ndry = strtoul(argv[++a], NULL, 0);
		} else {
			usage();
		}
	}
	if (dry && count > ndry)
		count = ndry;
	maxgen = 10 * count + 1000;
	if (user)
		cap = cap == 2;
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("fuzz: seed %llu, %lu inputs per interface, as %s%s%s\n", seed,
	       count, user ? "uid 1000" : "root",
	       user && cap ? " with CAP_BLOCK_SUSPEND" : "",
	       fill ? ", may fill the wake lock table" : "");
	start = now_ns();

	arena = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (arena == MAP_FAILED || munmap(arena + PG, PG))
		return 2;
	if (read_file("/proc/self/comm", comm, sizeof(comm)) < 0)
		strcpy(comm, "fuzz");
	comm[strcspn(comm, "\n")] = '\0';
	pool_init();
	for (k = 0; k < NSLOTS; k++)
		slots[k].fd = -1;

	if (!dry) {
		foreign_load();
		if (open_guard()) {
			fprintf(stderr, "fuzz: cannot hold %s: %s\n", P_DEV,
				ename(errno));
			return 2;
		}
		/* The files kept open, opened as root. */
		wfd[IF_RS] = x_open(P_RS, O_WRONLY | O_CLOEXEC);
		wfd[IF_WL] = x_open(P_WL, O_WRONLY | O_CLOEXEC);
		wfd[IF_WU] = x_open(P_WU, O_WRONLY | O_CLOEXEC);
		for (k = 0; k < 4; k++)
			rfd[k] = x_open(part_path[k], O_RDONLY | O_CLOEXEC);
		if (wfd[IF_RS] < 0 || wfd[IF_WL] < 0 || wfd[IF_WU] < 0 ||
		    rfd[0] < 0 || rfd[1] < 0 || rfd[2] < 0 || rfd[3] < 0) {
			fprintf(stderr, "fuzz: cannot open the sysfs files\n");
			return 2;
		}
		if (user) {
			for (k = 0; k < 2; k++)
				slot_open(&slots[k], x_open(P_DEV,
							    O_RDWR |
							    O_CLOEXEC));
			if (slots[0].fd < 0 || slots[1].fd < 0) {
				fprintf(stderr, "fuzz: cannot open as root\n");
				return 2;
			}
			if (switch_user(USER_UID, cap)) {
				perror("fuzz: switch_user");
				return 2;
			}
		}
	} else if (user) {
		for (k = 0; k < 2; k++)
			slot_open(&slots[k], 100 + k);
	}
	writable[IF_RS] = may_write(P_RS, 0);
	writable[IF_WL] = may_write(P_WL, 0);
	writable[IF_WU] = may_write(P_WU, 0);
	writable[IF_DEV] = may_write(P_DEV, 1);
	if (dry && user) {	/* the guest's modes: 0644 root, and 0666 */
		writable[IF_RS] = writable[IF_WL] = writable[IF_WU] = 0;
		writable[IF_DEV] = 1;
	}
	if (setup_state()) {
		fprintf(stderr, "fuzz: cannot read the state\n");
		return 2;
	}

	/* request_state: generated until COUNT were sent */
	rng_stream(IF_RS);
	for (i = 0; st[IF_RS].sent < count; i++) {
		if (i == maxgen) {
			bad |= gave_up(IF_RS, i, count);
			break;
		}
		run_sysfs(IF_RS, i, ndry);
	}
	phase_end(0);

	/* wake_lock and wake_unlock, COUNT sent each, in a seeded mix */
	left[0] = left[1] = count;
	gen[0] = gen[1] = 0;
	{
		u64 mix = seed ^ 0x5bd1e9955bd1e995ULL, s[2];

		rng_stream(IF_WL);
		s[0] = rng_state;
		rng_stream(IF_WU);
		s[1] = rng_state;
		while (left[0] + left[1]) {
			k = rng_next(&mix) % (left[0] + left[1]) >= left[0];
			if (gen[k] == maxgen) {
				bad |= gave_up(k ? IF_WU : IF_WL, gen[k],
					       count);
				left[k] = 0;
				continue;
			}
			rng_state = s[k];
			left[k] -= run_sysfs(k ? IF_WU : IF_WL, gen[k]++,
					     ndry);
			s[k] = rng_state;
		}
	}
	phase_end(0);

	/* /dev/suspend_block: every input is sent */
	reg_baseline();
	rng_stream(IF_DEV);
	for (i = 0; i < count; i++)
		run_dev(i, ndry);
	phase_end(reg_ok);

	cur_sin = NULL;
	cur_din = NULL;
	bad |= cleanup();
	print_stats();
	for (k = 0, total = 0; k < IF_N; k++) {
		bad |= st[k].mismatches != 0;
		total += st[k].sent;
	}
	secs = (now_ns() - start) / 1e9;
	printf("fuzz: total %lu inputs sent, %lu syscalls (%.1f per input), "
	       "%.1f s (%.0f inputs/s)\n", total, nsys,
	       total ? (double)nsys / total : 0.0, secs,
	       secs > 0 ? total / secs : 0.0);
	return bad;
}
