// SPDX-License-Identifier: GPL-2.0
/*
 * wr [-u UID [-k]] FILE VALUE: write VALUE to FILE with a single write(2),
 * as sysfs and debugfs files expect, and on failure print the errno's name
 * (EINVAL, ...) so tests can check the exact error.  Built static for the
 * guest.
 *
 * -u UID  write as that user and group (an unprivileged process: no
 *         capabilities left after the switch);
 * -k      keep CAP_BLOCK_SUSPEND, and only it, across the switch, as
 *         Android's system_server does.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "switch_user.h"

static int fail(void)
{
	printf("%s\n", strerrorname_np(errno));
	return 1;
}

int main(int argc, char **argv)
{
	int opt, keep = 0, fd;
	long uid = -1;
	size_t len;
	ssize_t n;

	while ((opt = getopt(argc, argv, "u:k")) != -1) {
		if (opt == 'u')
			uid = strtol(optarg, NULL, 10);
		else if (opt == 'k')
			keep = 1;
		else
			optind = argc + 1;
	}
	if (argc - optind != 2 || (keep && uid < 0)) {
		fprintf(stderr, "usage: wr [-u UID [-k]] FILE VALUE\n");
		return 2;
	}
	if (uid >= 0 && switch_user(uid, keep))
		return fail();
	fd = open(argv[optind], O_WRONLY);
	if (fd < 0)
		return fail();
	len = strlen(argv[optind + 1]);
	n = write(fd, argv[optind + 1], len);
	if (n < 0)
		return fail();
	if ((size_t)n != len) {
		printf("short write %zd of %zu\n", n, len);
		return 1;
	}
	return close(fd) ? 1 : 0;
}
