# SPDX-License-Identifier: GPL-2.0
#
# Build, boot and test harness of the pm_qos suspend-block project on
# Debian's linux-source-6.1.  `make help` lists the targets.  Where each
# project directory lands in the kernel tree: scripts/overlay.map.

SHELL := /bin/bash
TOP := $(CURDIR)
B := $(TOP)/build
S := $(B)/linux
R := $(B)/results

# Guest test scripts: every tests/*.sh but the helpers, the demo and the
# user-space benchmark.
GUEST_TESTS ?= $(filter-out lib demo bench-user,$(basename $(notdir $(wildcard tests/*.sh))))

.PHONY: help deps suspend-block tree kernel kunit kunit-um kunit-pristine kunit-i386 kunit-x86_64 guest-test run test trace \
	torture test-kcsan bench bench-perf \
	check patches patches-check clean distclean

help:
	@echo "make run           build the guest kernel, boot it under QEMU, run the demo"
	@echo "make test          every test (KUnit on UML and x86_64, guest tests);"
	@echo "                   ends with 'N passed, N failed'"
	@echo "make kernel        the x86_64 debug kernel (guest and x86_64 KUnit)"
	@echo "make kunit         KUnit on UML and on x86_64 under QEMU"
	@echo "make kunit-um      KUnit on UML only (fast)"
	@echo "make kunit-pristine  the wakeup-source suite on unpatched 6.1 (UML)"
	@echo "make kunit-i386    KUnit on a 32-bit x86 kernel under QEMU (not in make test:"
	@echo "                   its cold build alone takes 11 min)"
	@echo "make kunit-x86_64  KUnit on x86_64 (QEMU, lockdep/KASAN/UBSAN/kmemleak)"
	@echo "make guest-test    boot the guest and run tests/ [GUEST_TESTS=name...]"
	@echo "make trace         record tests/scenarios/SCENARIO.sh (blame) with trace-cmd in the"
	@echo "                   guest; report who kept it awake, timeline SVG"
	@echo "make torture       long torture, suspend-race (200 attempts) and fuzz (100k"
	@echo "                   inputs per interface) runs in the debug guest"
	@echo "make test-kcsan    KCSAN kernel: the KUnit suites and the torture test"
	@echo "make bench         benchmark kernels, tables, CSV and plot in build/bench"
	@echo "make bench-perf    perf record/report of the UML kernel running our pair, then mainline's"
	@echo "make suspend-block the command-line tool (build/suspend-block; man page in"
	@echo "                   tools/suspend-block; the guest has it as /bin/suspend-block)"
	@echo "make check         checkpatch --strict, sparse, kernel-doc -Wall"
	@echo "make patches       the series against pristine 6.1 (patches/plan), cover letter, in build/patches"
	@echo "make patches-check git am the series onto pristine 6.1, build and checkpatch every patch, KUnit"
	@echo "make tree          unpack the kernel, lay the project over it, apply patches/"
	@echo "make deps          install the Debian packages the harness needs (root)"
	@echo "make clean         remove build products, keep the unpacked trees"
	@echo "make distclean     remove build/"

deps:
	@scripts/deps.sh

suspend-block:
	@mkdir -p $(B) && $(MAKE) -s -C tools/suspend-block O=$(B)

tree: deps
	@scripts/prepare-tree.sh

kernel: tree
	@scripts/build-guest.sh

kunit-um: tree
	@scripts/run-kunit.sh um

kunit-pristine: tree
	@scripts/run-kunit.sh um-pristine

kunit-i386: tree
	@scripts/build-guest.sh i386 && scripts/run-kunit.sh i386

kunit-x86_64: kernel
	@scripts/run-kunit.sh x86_64

kunit: kunit-um kunit-pristine kunit-i386 kunit-x86_64

guest-test: kernel
	@scripts/run-guest.sh $(GUEST_TESTS)

run: kernel
	@scripts/run-guest.sh --demo demo

# Record a scenario (tests/scenarios/$(SCENARIO).sh) with trace-cmd in the
# guest, bring trace.dat home and print who kept the system awake.
SCENARIO ?= blame
trace: kernel
	@SCENARIO=$(SCENARIO) scripts/run-guest.sh trace
	@scripts/check-trace.sh $(SCENARIO); cat build/results/blame.txt
	@echo "trace: build/results/trace.dat, timeline build/results/timeline.svg"

# Every step runs even when an earlier one failed; the summary counts a
# step that produced no count as a failure.
test: tree
	@rm -rf $(R) && mkdir -p $(R)
	-@scripts/run-kunit.sh um
	-@scripts/run-kunit.sh um-pristine
	-@scripts/build-guest.sh && scripts/run-kunit.sh x86_64
	-@scripts/build-guest.sh && scripts/run-guest.sh $(GUEST_TESTS)
	-@scripts/check-trace.sh
	-@scripts/check-docs.sh
	@scripts/summary.sh kunit-um kunit-um-pristine kunit-x86_64 guest blame docs

# The long versions of the race and fuzz tests (make test runs short ones).
TORTURE_ARGS ?= torture_secs=60 race_attempts=200 fuzz_count=100000
torture: kernel
	@rm -f $(R)/guest.count
	-@GUEST_TIMEOUT=5400 GUEST_ARGS="$(TORTURE_ARGS)" \
		scripts/run-guest.sh torture suspend-race fuzz
	@scripts/summary.sh guest

# KCSAN: its own x86_64 kernel (build/kcsan), the KUnit suites on it and
# the torture test in it.
test-kcsan: tree
	@rm -f $(R)/kunit-kcsan.count $(R)/kcsan.count
	-@scripts/build-guest.sh kcsan && scripts/run-kunit.sh kcsan
	-@scripts/build-guest.sh kcsan && GUEST=kcsan GUEST_ARGS="torture_secs=20" \
		scripts/run-guest.sh torture
	@scripts/summary.sh kunit-kcsan kcsan

# Benchmarks: builds three kernels of its own (UML, x86_64 bench, unpatched
# x86_64), runs them, prints tables.
bench: tree
	@scripts/bench.sh

bench-perf: tree
	@scripts/bench.sh perf

check: kernel
	@scripts/check.sh

patches: tree
	@scripts/make-patches.sh

# The series applied with git am to pristine 6.1 and built after every
# patch, checkpatch on each, the KUnit suites at the end (long: its own
# target, result in the README).
patches-check: tree
	@scripts/patches-check.sh

clean:
	rm -rf $(R) $(B)/kunit-um $(B)/guest $(B)/patches $(B)/patches-repo \
		$(B)/series-tree $(B)/series-um

distclean:
	rm -rf $(B)
