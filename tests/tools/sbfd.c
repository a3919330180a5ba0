// SPDX-License-Identifier: GPL-2.0
/*
 * sbfd [-u UID [-k]] [DEV] CMD...: open /dev/suspend_block (or DEV) and
 * run the commands on that one file, in order; on the first failure print
 * the errno's name (EPERM, ...) and exit 1.  Exiting closes the file.
 * Built static for the guest.
 *
 *   name NAME     SUSPEND_BLOCK_IOC_SET_NAME (the first 64 bytes of NAME,
 *                 without a NUL if it is that long)
 *   acquire       SUSPEND_BLOCK_IOC_ACQUIRE
 *   timeout NS    SUSPEND_BLOCK_IOC_ACQUIRE_TIMEOUT
 *   release       SUSPEND_BLOCK_IOC_RELEASE
 *   bad           an ioctl the device does not know
 *   sleep S       sleep S seconds holding the file
 *   fork S        fork a child that keeps the file S seconds and exits;
 *                 this process closes its copy and goes on
 *   pass S        send the file over a socketpair (SCM_RIGHTS) to a new
 *                 process, which keeps it S seconds and exits; this
 *                 process closes its copy and goes on
 *   listed NAME   /sys/class/wakeup has an entry named NAME now, with
 *                 this file open (ENOENT if not)
 *
 * -u UID and -k as for wr: switch user before opening, keeping only
 * CAP_BLOCK_SUSPEND with -k.  -c COMM: name the process COMM (any bytes,
 * prctl(PR_SET_NAME)) before opening, for the default request name.
 * -n N: open N files (raising the open-file limit) and run the commands
 * other than sleep on each, then sleep on the last one: N requests in the
 * registry at once.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/suspend_block.h>

#include "switch_user.h"

static int fail(void)
{
	printf("%s\n", strerrorname_np(errno));
	return 1;
}

/* A child keeps @fd (or a copy passed with SCM_RIGHTS) @secs seconds. */
static int hand_over(int fd, int secs, int pass)
{
	char cbuf[CMSG_SPACE(sizeof(int))], byte = 0;
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *c;
	int sv[2], got;
	pid_t pid;

	if (pass && socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		/* Not the caller's output: $(sbfd ...) must not wait for us. */
		got = open("/dev/null", O_WRONLY);
		dup2(got, 1);
		dup2(got, 2);
		close(got);
		if (pass) {
			/* Only the received copy may keep the request. */
			close(fd);
			if (recvmsg(sv[1], &msg, 0) != 1)
				_exit(1);
			c = CMSG_FIRSTHDR(&msg);
			if (!c || c->cmsg_type != SCM_RIGHTS)
				_exit(1);
			memcpy(&got, CMSG_DATA(c), sizeof(got));
		}
		sleep(secs);
		_exit(0);
	}
	if (pass) {
		c = CMSG_FIRSTHDR(&msg);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &fd, sizeof(fd));
		if (sendmsg(sv[0], &msg, 0) != 1)
			return -1;
		close(sv[0]);
		close(sv[1]);
	}
	printf("%d\n", pid);
	fflush(stdout);
	return close(fd);
}

/* 0 when an entry of /sys/class/wakeup is named @want, else -1 (ENOENT). */
static int listed(const char *want)
{
	char path[512], buf[256];
	struct dirent *e;
	int found = 0;
	ssize_t len;
	DIR *d;
	int fd;

	d = opendir("/sys/class/wakeup");
	if (!d)
		return -1;
	while (!found && (e = readdir(d))) {
		snprintf(path, sizeof(path), "/sys/class/wakeup/%s/name",
			 e->d_name);
		fd = open(path, O_RDONLY);
		if (fd < 0)
			continue;
		len = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (len <= 0)
			continue;
		buf[len] = '\0';
		buf[strcspn(buf, "\n")] = '\0';
		found = !strcmp(buf, want);
	}
	closedir(d);
	errno = ENOENT;
	return found ? 0 : -1;
}

static int run(int fd, char **cmd, int n, int nosleep)
{
	struct suspend_block_name name;
	unsigned long long ns;
	int i, ret;

	for (i = 0; i < n; i++) {
		if (!strcmp(cmd[i], "name") && i + 1 < n) {
			/* Deliberately unterminated when 64 bytes long. */
			memset(&name, 0, sizeof(name));
			i++;
			memcpy(name.name, cmd[i],
			       strnlen(cmd[i], sizeof(name.name)));
			ret = ioctl(fd, SUSPEND_BLOCK_IOC_SET_NAME, &name);
		} else if (!strcmp(cmd[i], "acquire")) {
			ret = ioctl(fd, SUSPEND_BLOCK_IOC_ACQUIRE);
		} else if (!strcmp(cmd[i], "timeout") && i + 1 < n) {
			ns = strtoull(cmd[++i], NULL, 10);
			ret = ioctl(fd, SUSPEND_BLOCK_IOC_ACQUIRE_TIMEOUT, &ns);
		} else if (!strcmp(cmd[i], "release")) {
			ret = ioctl(fd, SUSPEND_BLOCK_IOC_RELEASE);
		} else if (!strcmp(cmd[i], "bad")) {
			ret = ioctl(fd, _IO(SUSPEND_BLOCK_IOC_MAGIC, 0x7f));
		} else if ((!strcmp(cmd[i], "fork") || !strcmp(cmd[i], "pass")) &&
			   i + 1 < n) {
			ret = hand_over(fd, atoi(cmd[i + 1]),
					!strcmp(cmd[i], "pass"));
			i++;
		} else if (!strcmp(cmd[i], "listed") && i + 1 < n) {
			ret = listed(cmd[++i]);
		} else if (!strcmp(cmd[i], "sleep") && i + 1 < n) {
			i++;
			ret = nosleep ? 0 : sleep(atoi(cmd[i])) ? -1 : 0;
		} else {
			fprintf(stderr, "sbfd: bad command '%s'\n", cmd[i]);
			return 2;
		}
		if (ret)
			return fail();
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *dev = "/dev/suspend_block";
	int opt, keep = 0, fd, ret;
	long uid = -1, files = 1, i;
	struct rlimit lim;

	while ((opt = getopt(argc, argv, "u:kc:n:")) != -1) {
		if (opt == 'u')
			uid = strtol(optarg, NULL, 10);
		else if (opt == 'n')
			files = strtol(optarg, NULL, 10);
		else if (opt == 'c')
			prctl(PR_SET_NAME, optarg);
		else if (opt == 'k')
			keep = 1;
		else
			return 2;
	}
	if (optind < argc && argv[optind][0] == '/')
		dev = argv[optind++];
	if (uid >= 0 && switch_user(uid, keep))
		return fail();
	if (files > 1) {
		lim.rlim_cur = files + 64;
		lim.rlim_max = lim.rlim_cur;
		if (setrlimit(RLIMIT_NOFILE, &lim))
			return fail();
	}
	for (i = 0; i < files; i++) {
		fd = open(dev, O_RDWR);
		if (fd < 0)
			return fail();
		ret = run(fd, argv + optind, argc - optind, i + 1 < files);
		if (ret)
			return ret;
	}
	return 0;
}
