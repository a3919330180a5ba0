// SPDX-License-Identifier: GPL-2.0
/*
 * suspend-block: keep the system awake while a command runs, and say what
 * keeps it awake.
 *
 *   suspend-block run [--name NAME] [--timeout DURATION] [--] COMMAND...
 *   suspend-block hold [--name NAME] [--timeout DURATION]
 *   suspend-block list [--all] [--json]
 *   suspend-block why
 *
 * run and hold acquire the suspend-block request of an open file of
 * /dev/suspend_block (include/uapi/linux/suspend_block.h).  The kernel
 * ties the request to the file, so however this process ends, even by
 * SIGKILL, the block ends with it: a shell script writing to
 * /sys/power/wake_lock cannot promise that, which is why this tool uses
 * the device and nothing else.  The file is opened close-on-exec, so
 * COMMAND does not inherit it and cannot keep the block alive after this
 * process is gone.  list and why only read (blockers.c).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/suspend_block.h>

#include "suspend-block.h"

#define DEVICE		"/dev/suspend_block"

static const char usage_text[] =
"Usage: suspend-block run [--name NAME] [--timeout DURATION] [--] COMMAND...\n"
"       suspend-block hold [--name NAME] [--timeout DURATION]\n"
"       suspend-block list [--all] [--json]\n"
"       suspend-block why\n"
"       suspend-block help\n"
"\n"
"Keep the system from suspending, through /dev/suspend_block: the kernel\n"
"ends the block when this tool exits, however it exits.\n"
"\n"
"  run    block suspend while COMMAND runs, and exit with its status\n"
"  hold   block suspend until SIGINT or SIGTERM, or until the timeout\n"
"  list   the active suspend blockers and who holds them (with --all,\n"
"         every one the kernel shows)\n"
"  why    what keeps the system awake now, and the last failed suspend\n"
"\n"
"Options:\n"
"  -n, --name NAME         the blocker's name (1 to 63 printable bytes, no\n"
"                          space, '\"' or '\\'); default \"run:\" and\n"
"                          COMMAND's base name, or \"hold\"\n"
"  -t, --timeout DURATION  stop blocking after DURATION even if COMMAND\n"
"                          still runs: 90 (seconds), 90s, 500ms, 15m, 2h\n"
"  -a, --all               list inactive blockers too\n"
"      --json              list as a JSON array\n"
"  -h, --help              show this help\n"
"\n"
"Exit status: 0 success (why: nothing blocks suspend), 1 error (why:\n"
"something blocks suspend), 2 usage error; run: COMMAND's status, 128+N if\n"
"signal N killed it, 126 if it could not be run, 127 if it was not found.\n";

void error_msg(const char *fmt, ...)
{
	va_list ap;

	fputs(PROG ": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void __attribute__((format(printf, 1, 2), noreturn))
usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs(PROG ": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\nTry '" PROG " --help'.\n", stderr);
	exit(EXIT_USAGE);
}

static bool is_help(const char *arg)
{
	return !strcmp(arg, "-h") || !strcmp(arg, "--help");
}

/* The options that take their value from the next argument. */
static bool takes_value(const char *arg)
{
	return !strcmp(arg, "-n") || !strcmp(arg, "--name") ||
	       !strcmp(arg, "-t") || !strcmp(arg, "--timeout");
}

/*
 * -h or --help anywhere among the tool's own arguments, or the command
 * "help": the arguments after "--", and run's COMMAND and its arguments,
 * belong to COMMAND.
 */
static bool help_wanted(int argc, char **argv)
{
	const char *cmd = NULL;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			break;
		if (is_help(argv[i]))
			return true;
		if (takes_value(argv[i])) {
			i++;
		} else if (argv[i][0] != '-' || !argv[i][1]) {
			if (!cmd)
				cmd = argv[i];
			else if (!strcmp(cmd, "run"))
				break;	/* COMMAND */
		}
	}
	return cmd && !strcmp(cmd, "help");
}

/*
 * Is argv[*i] the option @name (or -@letter)?  Its value is the next
 * argument, or follows "=" in "--name=VALUE"; *i moves past it.
 */
static bool opt_value(int argc, char **argv, int *i, const char *name,
		      char letter, const char **value)
{
	const char *arg = argv[*i];
	size_t len = strlen(name);

	if (!strncmp(arg, name, len) && arg[len] == '=') {
		*value = arg + len + 1;
		return true;
	}
	if (strcmp(arg, name) &&
	    !(arg[0] == '-' && arg[1] == letter && !arg[2]))
		return false;
	if (*i + 1 >= argc)
		usage_error("option '%s' needs a value", arg);
	*value = argv[++*i];
	return true;
}

/*
 * DURATION: a positive whole number and an optional unit (none means
 * seconds).  Returns ns, or 0 for zero, junk or more than 64 bits of ns.
 */
static uint64_t parse_duration(const char *s)
{
	static const struct {
		const char *unit;
		uint64_t ns;
	} units[] = {
		{ "", NSEC_PER_SEC },
		{ "s", NSEC_PER_SEC },
		{ "ms", NSEC_PER_MSEC },
		{ "m", 60 * NSEC_PER_SEC },
		{ "h", 3600 * NSEC_PER_SEC },
	};
	uint64_t n = 0;
	unsigned int digit;
	size_t i;

	if (!isdigit((unsigned char)*s))
		return 0;
	for (; isdigit((unsigned char)*s); s++) {
		digit = *s - '0';
		if (n > (UINT64_MAX - digit) / 10)
			return 0;
		n = n * 10 + digit;
	}
	for (i = 0; i < ARRAY_SIZE(units); i++) {
		if (strcmp(s, units[i].unit))
			continue;
		if (n > UINT64_MAX / units[i].ns)
			return 0;
		return n * units[i].ns;
	}
	return 0;
}

static uint64_t duration_arg(const char *s)
{
	uint64_t ns = parse_duration(s);

	if (!ns)
		usage_error("bad duration '%s' (a positive whole number, then ms, s, m or h)",
			    s);
	return ns;
}

/*
 * The bytes SUSPEND_BLOCK_IOC_SET_NAME accepts: the kernel's isgraph()
 * (its ctype is Latin-1: 0x21-0x7e and 0xa1-0xff), without the double
 * quote and the backslash that /proc/wakelocks quotes names with.
 */
static bool name_byte_ok(unsigned char c)
{
	return ((c > ' ' && c < 0x7f) || c > 0xa0) && c != '"' && c != '\\';
}

static void check_name(const char *name)
{
	const unsigned char *p;

	if (!*name)
		usage_error("empty name");
	if (strlen(name) >= SUSPEND_BLOCK_NAME_LEN)
		usage_error("name longer than %d bytes",
			    SUSPEND_BLOCK_NAME_LEN - 1);
	for (p = (const unsigned char *)name; *p; p++)
		if (!name_byte_ok(*p))
			usage_error("name '%s': byte 0x%02x not allowed (printable, no space, '\"', '\\')",
				    name, *p);
}

/* "run:" and COMMAND's base name, made acceptable as the kernel does. */
static void default_run_name(const char *cmd, char *name, size_t size)
{
	const char *base = strrchr(cmd, '/');
	char *p;

	base = base ? base + 1 : cmd;
	/* @size is the kernel's: a longer name is cut. */
	snprintf(name, size, "run:%s", *base ? base : "_");
	for (p = name; *p; p++)
		if (!name_byte_ok(*p))
			*p = '_';
}

/*
 * Open /dev/suspend_block close-on-exec, name its request and acquire it
 * (for @timeout_ns if not 0).  Returns the file, or -1 after a message.
 */
static int acquire_blocker(const char *name, uint64_t timeout_ns)
{
	struct suspend_block_name n;
	const char *hint = "";
	int fd, ret, err;

	fd = open(DEVICE, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		err = errno;
		if (err == ENOENT || err == ENODEV || err == ENXIO)
			hint = " (it needs a kernel with CONFIG_PM_SUSPEND_BLOCK_DEV)";
		else if (err == EPERM || err == EACCES)
			hint = " (blocking suspend needs CAP_BLOCK_SUSPEND)";
		error_msg("cannot open " DEVICE ": %s%s", strerror(err), hint);
		return -1;
	}
	memset(&n, 0, sizeof(n));
	strncpy(n.name, name, sizeof(n.name) - 1);
	if (ioctl(fd, SUSPEND_BLOCK_IOC_SET_NAME, &n)) {
		error_msg("cannot name the request '%s': %s", name,
			  strerror(errno));
		goto fail;
	}
	if (timeout_ns)
		ret = ioctl(fd, SUSPEND_BLOCK_IOC_ACQUIRE_TIMEOUT, &timeout_ns);
	else
		ret = ioctl(fd, SUSPEND_BLOCK_IOC_ACQUIRE);
	if (ret) {
		error_msg("cannot acquire the request '%s': %s", name,
			  strerror(errno));
		goto fail;
	}
	return fd;
fail:
	close(fd);
	return -1;
}

static const int forwarded_signals[] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2,
};

static volatile sig_atomic_t child_pid;

/*
 * Pass a signal on to COMMAND.  The terminal sends its signals (^C, ^\,
 * hangup) to the whole foreground process group, and COMMAND is in ours
 * unless it left it: those it got already, and a second ^C would make
 * many programs give up a clean shutdown.  A session leader is the
 * exception: it gets a hangup alone.
 */
static void forward_signal(int sig, siginfo_t *info, void *ucontext)
{
	int saved_errno = errno;
	pid_t pid = child_pid;

	(void)ucontext;
	if (pid <= 0)
		return;
	if (info->si_code != SI_KERNEL || getsid(0) == getpid() ||
	    getpgid(pid) != getpgrp())
		kill(pid, sig);
	errno = saved_errno;
}

/* Fork and exec @cmd, wait for it: its exit status, 128+N if killed. */
static int run_command(char **cmd)
{
	bool forward[ARRAY_SIZE(forwarded_signals)];
	struct sigaction sa, cur;
	sigset_t block, old;
	int status, err;
	pid_t pid;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = forward_signal;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&block);
	for (i = 0; i < ARRAY_SIZE(forwarded_signals); i++)
		sigaddset(&block, forwarded_signals[i]);
	/* Until child_pid is known, signals wait. */
	sigprocmask(SIG_BLOCK, &block, &old);
	for (i = 0; i < ARRAY_SIZE(forwarded_signals); i++) {
		/*
		 * An ignored signal (a background job's SIGINT, nohup's
		 * SIGHUP) stays ignored, for COMMAND too, as without us.
		 */
		sigaction(forwarded_signals[i], NULL, &cur);
		forward[i] = cur.sa_handler != SIG_IGN;
		if (forward[i])
			sigaction(forwarded_signals[i], &sa, NULL);
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		error_msg("cannot fork: %s", strerror(errno));
		return EXIT_RUNTIME;
	}
	if (!pid) {
		/* Handlers first: a pending signal must not run ours here. */
		for (i = 0; i < ARRAY_SIZE(forwarded_signals); i++)
			if (forward[i])
				signal(forwarded_signals[i], SIG_DFL);
		sigprocmask(SIG_SETMASK, &old, NULL);
		execvp(cmd[0], cmd);
		err = errno;
		error_msg("%s: %s", cmd[0], strerror(err));
		_exit(err == ENOENT ? EXIT_NOT_FOUND : EXIT_CANNOT_EXEC);
	}
	child_pid = pid;
	sigprocmask(SIG_SETMASK, &old, NULL);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			error_msg("cannot wait for %s: %s", cmd[0],
				  strerror(errno));
			return EXIT_RUNTIME;
		}
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return EXIT_RUNTIME;
}

/* --name NAME and --timeout DURATION, common to run and hold. */
static bool blocker_option(int argc, char **argv, int *i, const char **name,
			   uint64_t *timeout_ns)
{
	const char *value;

	if (opt_value(argc, argv, i, "--name", 'n', name))
		return true;
	if (opt_value(argc, argv, i, "--timeout", 't', &value)) {
		*timeout_ns = duration_arg(value);
		return true;
	}
	return false;
}

static int cmd_run(int argc, char **argv)
{
	char default_name[SUSPEND_BLOCK_NAME_LEN];
	const char *name = NULL;
	uint64_t timeout_ns = 0;
	int i, fd, status;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		}
		if (blocker_option(argc, argv, &i, &name, &timeout_ns))
			continue;
		if (argv[i][0] == '-' && argv[i][1])
			usage_error("run: unknown option '%s'", argv[i]);
		break;
	}
	if (i >= argc)
		usage_error("run: missing COMMAND");
	if (name) {
		check_name(name);
	} else {
		default_run_name(argv[i], default_name, sizeof(default_name));
		name = default_name;
	}
	fd = acquire_blocker(name, timeout_ns);
	if (fd < 0)
		return EXIT_RUNTIME;
	status = run_command(argv + i);
	/* Blocked until COMMAND is gone; closing the file releases it. */
	close(fd);
	return status;
}

static int cmd_hold(int argc, char **argv)
{
	struct timespec deadline, now, left;
	const char *name = "hold";
	uint64_t timeout_ns = 0;
	sigset_t stop;
	int i, fd, sig;

	for (i = 1; i < argc; i++) {
		if (blocker_option(argc, argv, &i, &name, &timeout_ns))
			continue;
		if (argv[i][0] == '-' && argv[i][1])
			usage_error("hold: unknown option '%s'", argv[i]);
		usage_error("hold: unexpected argument '%s'", argv[i]);
	}
	check_name(name);

	/* SIGINT and SIGTERM end the hold; they wait for sigtimedwait(). */
	sigemptyset(&stop);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGTERM);
	sigprocmask(SIG_BLOCK, &stop, NULL);
	fd = acquire_blocker(name, timeout_ns);
	if (fd < 0)
		return EXIT_RUNTIME;
	/*
	 * The kernel ends a timed acquisition by itself; the tool only has
	 * to go away at about the same time.
	 */
	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += timeout_ns / NSEC_PER_SEC;
	deadline.tv_nsec += timeout_ns % NSEC_PER_SEC;
	if (deadline.tv_nsec >= (long)NSEC_PER_SEC) {
		deadline.tv_sec++;
		deadline.tv_nsec -= NSEC_PER_SEC;
	}
	for (;;) {
		if (timeout_ns) {
			clock_gettime(CLOCK_MONOTONIC, &now);
			left.tv_sec = deadline.tv_sec - now.tv_sec;
			left.tv_nsec = deadline.tv_nsec - now.tv_nsec;
			if (left.tv_nsec < 0) {
				left.tv_sec--;
				left.tv_nsec += NSEC_PER_SEC;
			}
			if (left.tv_sec < 0)
				break;
			sig = sigtimedwait(&stop, NULL, &left);
		} else {
			sig = sigwaitinfo(&stop, NULL);
		}
		/* A signal, or the time is up. */
		if (sig > 0 || errno == EAGAIN)
			break;
		if (errno != EINTR) {
			error_msg("cannot wait: %s", strerror(errno));
			close(fd);
			return EXIT_RUNTIME;
		}
	}
	close(fd);
	return 0;
}

static int cmd_list(int argc, char **argv)
{
	bool all = false, json = false;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-a") || !strcmp(argv[i], "--all"))
			all = true;
		else if (!strcmp(argv[i], "--json"))
			json = true;
		else if (argv[i][0] == '-' && argv[i][1])
			usage_error("list: unknown option '%s'", argv[i]);
		else
			usage_error("list: unexpected argument '%s'", argv[i]);
	}
	return blockers_list(all, json);
}

static int cmd_why(int argc, char **argv)
{
	if (argc > 1) {
		if (argv[1][0] == '-' && argv[1][1])
			usage_error("why: unknown option '%s'", argv[1]);
		usage_error("why: unexpected argument '%s'", argv[1]);
	}
	return blockers_why();
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*fn)(int argc, char **argv);
	} cmds[] = {
		{ "run", cmd_run },
		{ "hold", cmd_hold },
		{ "list", cmd_list },
		{ "why", cmd_why },
	};
	size_t i;

	if (help_wanted(argc, argv)) {
		fputs(usage_text, stdout);
		return fflush(stdout) || ferror(stdout) ? EXIT_RUNTIME : 0;
	}
	if (argc < 2)
		usage_error("missing command (run, hold, list or why)");
	if (argv[1][0] == '-' && argv[1][1])
		usage_error("unknown option '%s' (options follow the command)",
			    argv[1]);
	for (i = 0; i < ARRAY_SIZE(cmds); i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].fn(argc - 1, argv + 1);
	usage_error("unknown command '%s'", argv[1]);
}
