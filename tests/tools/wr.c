// SPDX-License-Identifier: GPL-2.0
/*
 * wr FILE VALUE: write VALUE to FILE with a single write(2), as sysfs and
 * debugfs files expect, and on failure print the errno's name (EINVAL, ...)
 * so tests can check the exact error.  Built static for the guest.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	size_t len;
	ssize_t n;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: wr FILE VALUE\n");
		return 2;
	}
	fd = open(argv[1], O_WRONLY);
	if (fd < 0) {
		printf("%s\n", strerrorname_np(errno));
		return 1;
	}
	len = strlen(argv[2]);
	n = write(fd, argv[2], len);
	if (n < 0) {
		printf("%s\n", strerrorname_np(errno));
		return 1;
	}
	if ((size_t)n != len) {
		printf("short write %zd of %zu\n", n, len);
		return 1;
	}
	return close(fd) ? 1 : 0;
}
