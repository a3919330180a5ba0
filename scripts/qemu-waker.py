#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# qemu-waker.py FILES_LOG MONITOR_SOCKET [RESULTS_LOG [WAKE_SOCKET]]: wake
# the guest every WAKER_PERIOD seconds (0.5) while it asks for it: between
# the lines "#waker on" and "#waker off" it writes to its files port
# (ttyS2).  "#waker in N" asks for one wake-up N seconds later.  A wake-up
# is the QEMU monitor's "system_wakeup", which ends S3, and, when
# WAKE_SOCKET is given, one byte written to the guest's serial port behind
# that socket, whose interrupt the guest arms for wake-up: that ends
# suspend-to-idle, in which the monitor's wake-up does nothing (the guest
# is running).  Ends when QEMU closes the monitor.
#
# For tests/suspend-race.sh, which suspends hundreds of times under
# autosleep: an RTC alarm armed from user space must be seconds ahead of a
# suspend that a debug guest under TCG takes seconds to enter, and one that
# fires just before the sleep state never wakes the guest.  The monitor's
# wake-up is a no-op unless the guest is asleep.
#
# The same late alarm in any other test would leave the guest in S3 until
# the run's timeout, with none of the checks after it run.  So the waker
# also asks the monitor for the run state ("info status") every
# STATUS_PERIOD seconds, and once WAKER_STUCK seconds (60) of answers in a
# row have said "suspended", wakes the guest itself and reports it as a
# failed check: "not ok - waker: ..." on stderr at once and, after QEMU has
# exited (and closed the file), appended to RESULTS_LOG, where
# scripts/run-guest.sh counts it (it waits for the waker before counting).
# The tests' alarms are 5 to 8 s ahead; 60 s, not less, since under TCG a
# suspend cycle now and then takes a minute of host time (see
# scripts/run-guest.sh).  Only answers count, and one more than
# STATUS_TIMEOUT seconds late starts the count over: while QEMU does not
# answer (the host busy), its RTC alarm cannot fire either.
# RESULTS_LOG defaults to FILES_LOG with "-files.log" replaced by
# "-results.log", the names run-guest.sh gives them; without either, the
# waker does not step in, so a guest stuck in S3 never passes unnoticed.

import os
import re
import socket
import sys
import time

log_path, sock_path = sys.argv[1], sys.argv[2]
wake_path = sys.argv[4] if len(sys.argv) > 4 else None
if len(sys.argv) > 3:
    results_path = sys.argv[3]
elif log_path.endswith("-files.log"):
    results_path = log_path[: -len("-files.log")] + "-results.log"
else:
    results_path = None
period = float(os.environ.get("WAKER_PERIOD", "0.5"))
stuck_secs = float(os.environ.get("WAKER_STUCK", "60"))
STATUS_PERIOD = 2.0
# An "info status" not answered in this long is asked again; the answers
# in a row start over (QEMU was not responding).
STATUS_TIMEOUT = 10.0
# Answers of "suspended" in a row that make the guest stuck: the first and
# the last of them at least WAKER_STUCK seconds apart.
stuck_polls = int(stuck_secs / STATUS_PERIOD) + 1
status_re = re.compile(r"VM status: ([^\r\n]*)")

sock = None
for _ in range(600):
    try:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(sock_path)
        break
    except OSError:
        sock = None
        time.sleep(0.1)
if sock is None:
    sys.exit(0)
sock.setblocking(False)

# The wake-up port: QEMU listens there from its start, as on the monitor.
wake_sock = None
for _ in range(100 if wake_path is not None else 0):
    try:
        wake_sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        wake_sock.connect(wake_path)
        wake_sock.setblocking(False)
        break
    except OSError:
        wake_sock = None
        time.sleep(0.1)
if wake_path is not None and wake_sock is None:
    print("waker: no wake-up port at %s" % wake_path, file=sys.stderr)

failures = []


def wake():
    """Wake the guest from S3 (monitor) and from s2idle (the port)."""
    sock.sendall(b"system_wakeup\n")
    if wake_sock is not None:
        try:
            wake_sock.send(b"w")
        except BlockingIOError:
            pass  # the guest reads nothing while asleep: the wake is sent


def last_result():
    """The guest's last result line, to say where it got stuck."""
    try:
        with open(results_path, "rb") as f:
            lines = f.read().decode(errors="replace").splitlines()
    except OSError:
        return "none"
    lines = [line.strip() for line in lines if line.strip()]
    return "'%s'" % lines[-1] if lines else "none"


def finish():
    """QEMU is gone: add the waker's failures to the results, and end."""
    if failures:
        try:
            with open(results_path, "a") as f:
                for line in failures:
                    f.write(line + "\n")
        except OSError as e:
            print("waker: cannot add to %s: %s" % (results_path, e),
                  file=sys.stderr)
            sys.exit(1)
    sys.exit(0)


on = False
wake_at = None  # when a "#waker in N" is due
pos = 0
monitor_out = ""
asked = None  # when the outstanding "info status" was sent
last_ask = 0.0
suspended_polls = 0
suspended_since = 0.0
while True:
    try:
        with open(log_path, "rb") as f:
            f.seek(pos)
            data = f.read()
            pos += len(data)
        for line in data.decode(errors="replace").splitlines():
            line = line.strip()
            if line == "#waker on":
                on = True
            elif line == "#waker off":
                on = False
            elif line.startswith("#waker in "):
                try:
                    wake_at = time.monotonic() + float(line.split()[2])
                except (IndexError, ValueError):
                    print("waker: bad line '%s'" % line, file=sys.stderr)
    except FileNotFoundError:
        pass
    now = time.monotonic()
    try:
        if on:
            wake()
        if wake_at is not None and now >= wake_at:
            wake_at = None
            wake()
        if results_path is not None:
            if asked is not None and now - asked > STATUS_TIMEOUT:
                asked = None
                suspended_polls = 0
            if asked is None and now - last_ask >= STATUS_PERIOD:
                sock.sendall(b"info status\n")
                asked = last_ask = now
        # Drain the monitor's output; an empty read means QEMU is gone.
        while True:
            out = sock.recv(4096)
            if not out:
                finish()
            monitor_out += out.decode(errors="replace")
    except BlockingIOError:
        pass
    except OSError:
        finish()
    # Complete answers only; keep a partial line for the next round.
    cut = monitor_out.rfind("\n") + 1
    for status in status_re.findall(monitor_out[:cut]):
        asked = None
        if "(suspended)" not in status:
            suspended_polls = 0
            continue
        suspended_polls += 1
        if suspended_polls == 1:
            suspended_since = now
        if suspended_polls < stuck_polls:
            continue
        suspended_polls = 0
        msg = ("not ok - waker: guest woken through the QEMU monitor"
               " after %.0f s in S3 that nothing else ended (an RTC alarm"
               " that fired before it got to S3?); last result: %s"
               % (now - suspended_since, last_result()))
        failures.append(msg)
        print(msg, file=sys.stderr, flush=True)
        try:
            wake()
        except OSError:
            finish()
    monitor_out = monitor_out[cut:][-4096:]
    time.sleep(period)
