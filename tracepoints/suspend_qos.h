/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoints of the pm_qos suspend-block and power-level classes, early
 * suspend, and system suspend attempts as they see them: who asked, when,
 * for how long, and which requests made a suspend abort.
 *
 * Every field prints without trace-cmd plugins: names as strings, states
 * through __print_symbolic(), hooks through %ps (resolved from the
 * kallsyms that trace-cmd record saves).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM suspend_qos

#if !defined(_TRACE_SUSPEND_QOS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_SUSPEND_QOS_H

#include <linux/jiffies.h>
#include <linux/pid.h>
#include <linux/pm_qos_suspend_block.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#ifndef _TRACE_SUSPEND_QOS_HELPERS
#define _TRACE_SUSPEND_QOS_HELPERS
/*
 * The copy __assign_str() makes, into a string field that __string() sized
 * for @src.  __assign_str() takes @src up to Linux 6.9 and not from 6.10
 * on; this takes the field's address, which every base gives the same way,
 * so the header needs no version test.
 */
static inline void sq_copy_str(char *field, const char *src)
{
	if (!src)
		src = "(null)";
	memcpy(field, src, strlen(src) + 1);
}
#endif

#define sq_assign_str(field, src)	sq_copy_str(__get_str(field), src)

/*
 * pid: the user process the request is made for (the caller, when it is a
 * user task), 0 for the kernel.  Worked out here, so that only an enabled
 * event pays for it.
 */
DECLARE_EVENT_CLASS(suspend_block_request_owner,
	TP_PROTO(const char *name),
	TP_ARGS(name),
	TP_STRUCT__entry(
		__string(name, name)
		__field(pid_t, pid)
	),
	TP_fast_assign(
		sq_assign_str(name, name);
		__entry->pid = in_task() && current->mm ?
			task_tgid_nr(current) : 0;
	),
	TP_printk("name=%s pid=%d", __get_str(name), __entry->pid)
);

DEFINE_EVENT(suspend_block_request_owner, suspend_block_request_add,
	TP_PROTO(const char *name),
	TP_ARGS(name)
);

DEFINE_EVENT(suspend_block_request_owner, suspend_block_request_remove,
	TP_PROTO(const char *name),
	TP_ARGS(name)
);

/*
 * Every activation call: "start" if it made the request active; timeout
 * in jiffies (0: none), printed in ms; owner: the pid of the process that
 * created a /dev/suspend_block or sysfs request (0 for the kernel's own),
 * which need not be the caller (any process may write a sysfs lock's name).
 */
TRACE_EVENT(suspend_block_activate,
	TP_PROTO(const struct suspend_block_request *req,
		 unsigned long timeout, bool started),
	TP_ARGS(req, timeout, started),
	TP_STRUCT__entry(
		__string(name, req->name)
		__field(u64, timeout_ms)
		__field(bool, started)
		__field(pid_t, owner)
	),
	TP_fast_assign(
		sq_assign_str(name, req->name);
		/* 64 bits: MAX_JIFFY_OFFSET in ms overflows 32. */
		__entry->timeout_ms = jiffies64_to_msecs(timeout);
		__entry->started = started;
		/* The creator of a user-space request (init pid ns), else 0. */
		__entry->owner = req->owner ? pid_nr(req->owner->pid) : 0;
	),
	TP_printk("name=%s timeout_ms=%llu %s owner=%d", __get_str(name),
		  __entry->timeout_ms,
		  __print_symbolic(__entry->started, { 0, "rearm" },
				   { 1, "start" }), __entry->owner)
);

DECLARE_EVENT_CLASS(suspend_block_request_end,
	TP_PROTO(const char *name, u64 held_ns),
	TP_ARGS(name, held_ns),
	TP_STRUCT__entry(
		__string(name, name)
		__field(u64, held_ns)
	),
	TP_fast_assign(
		sq_assign_str(name, name);
		__entry->held_ns = held_ns;
	),
	TP_printk("name=%s held_ns=%llu", __get_str(name), __entry->held_ns)
);

/* Deactivated by its owner (or by removal). */
DEFINE_EVENT(suspend_block_request_end, suspend_block_deactivate,
	TP_PROTO(const char *name, u64 held_ns),
	TP_ARGS(name, held_ns)
);

/* Deactivated by its timeout. */
DEFINE_EVENT(suspend_block_request_end, suspend_block_expire,
	TP_PROTO(const char *name, u64 held_ns),
	TP_ARGS(name, held_ns)
);

/* The number of active requests changed. */
TRACE_EVENT(suspend_block_aggregate,
	TP_PROTO(unsigned int active),
	TP_ARGS(active),
	TP_STRUCT__entry(
		__field(unsigned int, active)
		__field(bool, blocked)
	),
	TP_fast_assign(
		__entry->active = active;
		__entry->blocked = active > 0;
	),
	TP_printk("active=%u %s", __entry->active,
		  __print_symbolic(__entry->blocked, { 0, "unblocked" },
				   { 1, "blocked" }))
);

/*
 * Levels, by name: trace parsers read the print format, which cannot loop
 * over POWER_LEVEL_COUNT, so the table lists every level, and
 * qos_power_level.c fails to build if the class's count and the table part
 * ways.  2147483647 is POWER_LEVEL_ANY (a literal for parsers).
 */
#define SQ_SHOW_LEVEL_COUNT	10
#define SQ_SHOW_LEVEL_ANY	2147483647
#define sq_show_level(l)						\
	__print_symbolic(l, { 0, "0" }, { 1, "1" }, { 2, "2" }, { 3, "3" },\
			 { 4, "4" }, { 5, "5" }, { 6, "6" }, { 7, "7" },	\
			 { 8, "8" }, { 9, "9" }, { 2147483647, "any" })

TRACE_EVENT(power_level_update,
	TP_PROTO(const char *name, s32 old, s32 new),
	TP_ARGS(name, old, new),
	TP_STRUCT__entry(
		__string(name, name)
		__field(s32, old)
		__field(s32, new)
	),
	TP_fast_assign(
		sq_assign_str(name, name);
		__entry->old = old;
		__entry->new = new;
	),
	TP_printk("name=%s old=%s new=%s", __get_str(name),
		  sq_show_level(__entry->old), sq_show_level(__entry->new))
);

TRACE_EVENT(power_level_limit,
	TP_PROTO(s32 old, s32 new),
	TP_ARGS(old, new),
	TP_STRUCT__entry(
		__field(s32, old)
		__field(s32, new)
	),
	TP_fast_assign(
		__entry->old = old;
		__entry->new = new;
	),
	TP_printk("old=%s new=%s", sq_show_level(__entry->old),
		  sq_show_level(__entry->new))
);

#define sq_show_direction(d)	\
	__print_symbolic(d, { 0, "resume" }, { 1, "suspend" })

TRACE_EVENT(early_suspend_pass_start,
	TP_PROTO(bool suspend),
	TP_ARGS(suspend),
	TP_STRUCT__entry(
		__field(bool, suspend)
	),
	TP_fast_assign(
		__entry->suspend = suspend;
	),
	TP_printk("%s", sq_show_direction(__entry->suspend))
);

TRACE_EVENT(early_suspend_pass_end,
	TP_PROTO(bool suspend, u64 duration_ns),
	TP_ARGS(suspend, duration_ns),
	TP_STRUCT__entry(
		__field(bool, suspend)
		__field(u64, duration_ns)
	),
	TP_fast_assign(
		__entry->suspend = suspend;
		__entry->duration_ns = duration_ns;
	),
	TP_printk("%s duration_ns=%llu", sq_show_direction(__entry->suspend),
		  __entry->duration_ns)
);

/* One hook call of an early-suspend pass. */
TRACE_EVENT(early_suspend_handler,
	TP_PROTO(int level, void *fn, bool suspend, u64 duration_ns),
	TP_ARGS(level, fn, suspend, duration_ns),
	TP_STRUCT__entry(
		__field(int, level)
		__field(void *, fn)
		__field(bool, suspend)
		__field(u64, duration_ns)
	),
	TP_fast_assign(
		__entry->level = level;
		__entry->fn = fn;
		__entry->suspend = suspend;
		__entry->duration_ns = duration_ns;
	),
	TP_printk("%s level=%d fn=%ps duration_ns=%llu",
		  sq_show_direction(__entry->suspend), __entry->level,
		  __entry->fn, __entry->duration_ns)
);

/* A system suspend begins (the first PM notifier). */
TRACE_EVENT(suspend_start,
	TP_PROTO(unsigned int blocking),
	TP_ARGS(blocking),
	TP_STRUCT__entry(
		__field(unsigned int, blocking)
	),
	TP_fast_assign(
		__entry->blocking = blocking;
	),
	TP_printk("active_requests=%u", __entry->blocking)
);

/*
 * The suspend aborts because requests are active: how many, the names of
 * the first few (cut at 127 bytes, "..." when there are more) and, in the
 * same order, their owners' pids (initial namespace; 0 for the kernel's
 * own requests).
 */
TRACE_EVENT(suspend_aborted,
	TP_PROTO(unsigned int active, const char *names, const char *owners),
	TP_ARGS(active, names, owners),
	TP_STRUCT__entry(
		__field(unsigned int, active)
		__string(names, names)
		__string(owners, owners)
	),
	TP_fast_assign(
		__entry->active = active;
		sq_assign_str(names, names);
		sq_assign_str(owners, owners);
	),
	TP_printk("active=%u blockers=%s owners=%s", __entry->active,
		  __get_str(names), __get_str(owners))
);

/*
 * The suspend is over (the last PM notifier, or the first when a PREPARE
 * notifier vetoed): "completed" if the PM core reached the step that
 * enters the sleep state (its machine_suspend event: S3 past the last
 * wakeup check, or the s2idle loop), else "aborted".  asleep_ns is the sleep time timekeeping
 * accounted, 0 under the resolution of its persistent clock.
 */
TRACE_EVENT(suspend_end,
	TP_PROTO(bool completed, u64 asleep_ns),
	TP_ARGS(completed, asleep_ns),
	TP_STRUCT__entry(
		__field(bool, completed)
		__field(u64, asleep_ns)
	),
	TP_fast_assign(
		__entry->completed = completed;
		__entry->asleep_ns = asleep_ns;
	),
	TP_printk("%s asleep_ns=%llu",
		  __print_symbolic(__entry->completed, { 0, "aborted" },
				   { 1, "completed" }),
		  __entry->asleep_ns)
);

#endif /* _TRACE_SUSPEND_QOS_H */

/* This part must be outside protection */
#include <trace/define_trace.h>
