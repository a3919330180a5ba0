// SPDX-License-Identifier: GPL-2.0
/*
 * wlbench N FROM TO: create the user locks "otherFROM" .. "otherTO-1",
 * then time N lock+unlock round trips of "PowerManagerService" through
 * /sys/power/wake_lock and wake_unlock, the way Android's
 * PowerManagerService uses them (files opened once, one write per
 * operation).  Prints "N TO ROUNDTRIPS_PER_S".  Built static for the guest.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int wr(int fd, const char *s)
{
	return write(fd, s, strlen(s)) == (ssize_t)strlen(s) ? 0 : -1;
}

int main(int argc, char **argv)
{
	int lock, unlock, i, n, from, others;
	struct timespec a, b;
	char name[32];
	double s;

	if (argc != 4)
		return 2;
	n = atoi(argv[1]);
	from = atoi(argv[2]);
	others = atoi(argv[3]);
	lock = open("/sys/power/wake_lock", O_WRONLY);
	unlock = open("/sys/power/wake_unlock", O_WRONLY);
	if (lock < 0 || unlock < 0) {
		perror("wlbench: open");
		return 1;
	}
	for (i = from; i < others; i++) {
		snprintf(name, sizeof(name), "other%d", i);
		if (wr(lock, name) || wr(unlock, name)) {
			perror("wlbench: other lock");
			return 1;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++) {
		if (wr(lock, "PowerManagerService") ||
		    wr(unlock, "PowerManagerService")) {
			perror("wlbench: round trip");
			return 1;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	s = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
	printf("%d %d %.0f\n", n, others, n / s);
	return 0;
}
