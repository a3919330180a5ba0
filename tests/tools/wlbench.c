// SPDX-License-Identifier: GPL-2.0
/*
 * wlbench: user-space lock+unlock round trips per second.  Built static
 * for the guest.
 *
 *   wlbench sysfs N FROM TO  create the user locks "otherFROM" ..
 *	"otherTO-1", then time N round trips of "PowerManagerService"
 *	through /sys/power/wake_lock and wake_unlock, the way Android's
 *	PowerManagerService uses them (files opened once, one write per
 *	operation)
 *   wlbench fd N             N acquire+release ioctls on one open
 *	/dev/suspend_block file
 *   wlbench nullioctl N      N pairs of ioctls of a command the same file
 *	does not know (ENOTTY): the fd round trip's cost without the class
 *   wlbench floor N          N pairs of writes of "1" to
 *	/sys/power/pm_async: what two sysfs writes cost with a store that
 *	does next to nothing
 *   wlbench syscall N        N pairs of getppid(): what any round trip of
 *	two system calls costs at least
 *
 * Prints "MODE N OTHERS ROUNDTRIPS_PER_S".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <linux/suspend_block.h>

static int wr(int fd, const char *s)
{
	return write(fd, s, strlen(s)) == (ssize_t)strlen(s) ? 0 : -1;
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static int open_or_die(const char *path, int flags)
{
	int fd = open(path, flags);

	if (fd < 0) {
		perror(path);
		exit(1);
	}
	return fd;
}

static int bench_sysfs(int n, int from, int others)
{
	int lock = open_or_die("/sys/power/wake_lock", O_WRONLY);
	int unlock = open_or_die("/sys/power/wake_unlock", O_WRONLY);
	char name[32];
	double t;
	int i;

	for (i = from; i < others; i++) {
		snprintf(name, sizeof(name), "other%d", i);
		if (wr(lock, name) || wr(unlock, name)) {
			perror("wlbench: other lock");
			return 1;
		}
	}
	t = now();
	for (i = 0; i < n; i++) {
		if (wr(lock, "PowerManagerService") ||
		    wr(unlock, "PowerManagerService")) {
			perror("wlbench: round trip");
			return 1;
		}
	}
	printf("sysfs %d %d %.0f\n", n, others, n / (now() - t));
	return 0;
}

static int bench_fd(int n)
{
	int fd = open_or_die("/dev/suspend_block", O_RDWR);
	struct suspend_block_name name = { "PowerManagerService" };
	double t;
	int i;

	if (ioctl(fd, SUSPEND_BLOCK_IOC_SET_NAME, &name)) {
		perror("wlbench: SET_NAME");
		return 1;
	}
	t = now();
	for (i = 0; i < n; i++) {
		if (ioctl(fd, SUSPEND_BLOCK_IOC_ACQUIRE) ||
		    ioctl(fd, SUSPEND_BLOCK_IOC_RELEASE)) {
			perror("wlbench: ioctl");
			return 1;
		}
	}
	printf("fd %d 0 %.0f\n", n, n / (now() - t));
	return 0;
}

/* A command number /dev/suspend_block does not define. */
#define NULL_IOCTL _IO(SUSPEND_BLOCK_IOC_MAGIC, 0x7f)

static int bench_null_ioctl(int n)
{
	int fd = open_or_die("/dev/suspend_block", O_RDWR);
	double t;
	int i;

	t = now();
	for (i = 0; i < n; i++) {
		if (ioctl(fd, NULL_IOCTL) != -1 || errno != ENOTTY ||
		    ioctl(fd, NULL_IOCTL) != -1 || errno != ENOTTY) {
			fprintf(stderr, "wlbench: null ioctl did not fail with ENOTTY\n");
			return 1;
		}
	}
	printf("nullioctl %d 0 %.0f\n", n, n / (now() - t));
	return 0;
}

static int bench_floor(int n)
{
	int fd = open_or_die("/sys/power/pm_async", O_WRONLY);
	double t;
	int i;

	t = now();
	for (i = 0; i < n; i++) {
		if (wr(fd, "1") || wr(fd, "1")) {
			perror("wlbench: pm_async");
			return 1;
		}
	}
	printf("floor %d 0 %.0f\n", n, n / (now() - t));
	return 0;
}

static int bench_syscall(int n)
{
	double t;
	int i;

	t = now();
	for (i = 0; i < n; i++) {
		syscall(SYS_getppid);
		syscall(SYS_getppid);
	}
	printf("syscall %d 0 %.0f\n", n, n / (now() - t));
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 5 && !strcmp(argv[1], "sysfs"))
		return bench_sysfs(atoi(argv[2]), atoi(argv[3]),
				   atoi(argv[4]));
	if (argc == 3 && !strcmp(argv[1], "fd"))
		return bench_fd(atoi(argv[2]));
	if (argc == 3 && !strcmp(argv[1], "nullioctl"))
		return bench_null_ioctl(atoi(argv[2]));
	if (argc == 3 && !strcmp(argv[1], "floor"))
		return bench_floor(atoi(argv[2]));
	if (argc == 3 && !strcmp(argv[1], "syscall"))
		return bench_syscall(atoi(argv[2]));
	fprintf(stderr,
		"usage: wlbench sysfs N FROM TO | fd N | nullioctl N | floor N | syscall N\n");
	return 2;
}
