/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Time arithmetic shared by the pm_qos classes and the layers on them:
 * interval lengths, lock-free maxima of statistics, and user space's
 * nanosecond timeouts in jiffies.
 */
#ifndef _KERNEL_POWER_QOS_TIME_H
#define _KERNEL_POWER_QOS_TIME_H

#include <linux/atomic.h>
#include <linux/jiffies.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/timekeeping.h>
#include <linux/types.h>

/*
 * The suspend-block class's clock: CLOCK_MONOTONIC in ns, the clock of
 * mainline's wakeup-source statistics, so that a wakeup source keeps the
 * very times its request's transitions read (one clock read each).  The
 * NMI-safe accessor, since the class's abort report runs after syscore
 * suspend, where ktime_get() warns; across a timekeeper update it may
 * differ from ktime_get() by a few ns, which the max() of the class's state
 * word and qos_elapsed_ns() absorb.
 */
static __always_inline u64 qos_mono_ns(void)
{
	return ktime_get_mono_fast_ns();
}

/*
 * Nanoseconds from @from to @to, 0 if @to is not later: the two ends may
 * come from racing calls, or from a clock read on two CPUs, which can be
 * slightly out of step, and an interval is never negative.
 */
static inline u64 qos_elapsed_ns(u64 from, u64 to)
{
	return to > from ? to - from : 0;
}

/* Raise @v to @val if it is below; any context, lock-free. */
static inline void qos_atomic64_max(atomic64_t *v, s64 val)
{
	s64 cur = atomic64_read(v);

	while (cur < val && !atomic64_try_cmpxchg(v, &cur, val))
		;
}

/*
 * A timeout given in nanoseconds by user space, in jiffies: rounded up, at
 * most MAX_JIFFY_OFFSET (what the timer code treats as "longest"), and
 * without the overflow of adding TICK_NSEC - 1 first, so that U64_MAX
 * ("forever") stays the longest timeout instead of wrapping to one jiffy.
 */
static inline unsigned long qos_ns_to_jiffies(u64 ns)
{
	u64 j = div_u64(ns, TICK_NSEC);

	if (j * TICK_NSEC < ns)
		j++;
	return min_t(u64, j, MAX_JIFFY_OFFSET);
}

#endif /* _KERNEL_POWER_QOS_TIME_H */
