// SPDX-License-Identifier: GPL-2.0
/*
 * wakeup_stats [-a] [NAME...]: read /sys/class/wakeup the way Android 11
 * and later do (SystemSuspend's kernel wakelock statistics): every entry's
 * name and its nine counters, each parsed as a whole base-10 integer.
 * Prints one line per entry: the name, then the counters in the order of
 * ATTRS below, separated by tabs.  -a prints only the names of the active
 * entries (an entry is active when active_time_ms > 0, as Android decides
 * it).  With NAMEs, only the entries of those names are read past their
 * name (a test's quick look: a guest under TCG takes a while to read
 * every counter of a hundred entries).
 *
 * sysfs makes and removes a class device's files one by one after and
 * before its directory, on any kernel and for mainline's wakeup sources
 * too, so an entry met while it is being made or unregistered can have a
 * file missing: an entry with a file that fails is read again, every
 * 100 ms for up to 5 s, and skipped if its directory goes meanwhile
 * (an entry that was not there).  An entry that still fails after that is
 * what SystemSuspend logs as an error (and, for the name, turns into an
 * entry named ""): it is one here too.  Exit 1 if a counter does not
 * parse or a listed entry's file cannot be read, 2 if the directory
 * cannot be read.  Built static for the guest.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR_PATH "/sys/class/wakeup"

static const char *const attrs[] = {
	"active_count", "active_time_ms", "event_count", "expire_count",
	"last_change_ms", "max_time_ms", "prevent_suspend_time_ms",
	"total_time_ms", "wakeup_count",
};
#define NATTRS (sizeof(attrs) / sizeof(attrs[0]))

/* Read @entry/@attr into @buf without the newline; -errno on failure. */
static int read_attr(const char *entry, const char *attr, char *buf,
		     size_t size)
{
	char path[512];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), DIR_PATH "/%s/%s", entry, attr);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	if (n < 0) {
		n = -errno;
		close(fd);
		return n;
	}
	close(fd);
	buf[n] = '\0';
	if (n && buf[n - 1] == '\n')
		buf[n - 1] = '\0';
	return 0;
}

/* Whether @entry is gone from the directory. */
static int gone(const char *entry)
{
	char path[512];
	struct stat st;

	snprintf(path, sizeof(path), DIR_PATH "/%s", entry);
	return stat(path, &st) && errno == ENOENT;
}

/* Whether @name is among the @n names asked for (all when none are). */
static int wanted(const char *name, char **names, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			return 1;
	return !n;
}

/*
 * Read entry @d's name into @name and its counters into @val: 0, 1 if it
 * is not among @names, -errno if a file fails, 2 if a counter does not
 * parse.
 */
static int read_entry(const char *d, char *name, size_t size,
		      long long *val, char **names, int nnames)
{
	char num[64], *end;
	unsigned int i;
	int ret;

	ret = read_attr(d, "name", name, size);
	if (ret)
		return ret;
	if (!wanted(name, names, nnames))
		return 1;
	for (i = 0; i < NATTRS; i++) {
		ret = read_attr(d, attrs[i], num, sizeof(num));
		if (ret)
			return ret;
		errno = 0;
		val[i] = strtoll(num, &end, 10);
		if (errno || end == num || *end) {
			printf("wakeup_stats: %s/%s: not an integer: '%s'\n",
			       d, attrs[i], num);
			return 2;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	int active_only = argc > 1 && !strcmp(argv[1], "-a");
	char **names = argv + 1 + active_only;
	int nnames = argc - 1 - active_only;
	long long val[NATTRS];
	char name[4096];
	struct dirent *e;
	int bad = 0, ret, tries;
	unsigned int i;
	DIR *d;

	d = opendir(DIR_PATH);
	if (!d) {
		perror("wakeup_stats: " DIR_PATH);
		return 2;
	}
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		ret = read_entry(e->d_name, name, sizeof(name), val, names,
				 nnames);
		/* Being made or unregistered: again, until it reads or goes. */
		for (tries = 0; ret < 0 && tries < 50; tries++) {
			if (gone(e->d_name))
				break;
			usleep(100000);
			ret = read_entry(e->d_name, name, sizeof(name), val,
					 names, nnames);
		}
		if (ret < 0 && gone(e->d_name))
			continue;
		if (ret < 0)
			printf("wakeup_stats: %s: %s\n", e->d_name,
			       strerror(-ret));
		if (ret < 0 || ret == 2)
			bad = 1;
		if (ret)
			continue;
		if (active_only) {
			if (val[1] > 0)
				printf("%s\n", name);
			continue;
		}
		printf("%s", name);
		for (i = 0; i < NATTRS; i++)
			printf("\t%lld", val[i]);
		printf("\n");
	}
	closedir(d);
	return bad;
}
