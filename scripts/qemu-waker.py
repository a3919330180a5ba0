#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# qemu-waker.py FILES_LOG MONITOR_SOCKET: wake the guest from S3 through
# the QEMU monitor ("system_wakeup") every WAKER_PERIOD seconds (0.5) while
# the guest asks for it: between the lines "#waker on" and "#waker off" it
# writes to its files port (ttyS2).  Ends when QEMU closes the monitor.
#
# For tests/suspend-race.sh, which suspends hundreds of times under
# autosleep: an RTC alarm armed from user space must be seconds ahead of a
# suspend that a debug guest under TCG takes seconds to enter, and one that
# fires just before the sleep state never wakes the guest.  The monitor's
# wake-up is a no-op unless the guest is asleep.

import os
import socket
import sys
import time

log_path, sock_path = sys.argv[1], sys.argv[2]
period = float(os.environ.get("WAKER_PERIOD", "0.5"))

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

on = False
pos = 0
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
    except FileNotFoundError:
        pass
    try:
        if on:
            sock.sendall(b"system_wakeup\n")
        # Drain the monitor's output; an empty read means QEMU is gone.
        while True:
            out = sock.recv(4096)
            if not out:
                sys.exit(0)
    except BlockingIOError:
        pass
    except OSError:
        sys.exit(0)
    time.sleep(period)
