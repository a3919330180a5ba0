# SPDX-License-Identifier: GPL-2.0
#
# Build, boot and test harness of the pm_qos suspend-block project on
# Debian's linux-source-6.12 (and linux-source-6.1: BASE=6.1).  `make help`
# lists the targets.  Where each
# project directory lands in the kernel tree: scripts/overlay.map.
#
# Whatever is a file is a file target with its real prerequisites: the
# prepared tree (its stamp), each kernel's .config and the kernel, the
# guest's static helpers and initramfs, pm-blame, suspend-block.  So make
# rebuilds only what is out of date and `make -n TARGET` shows what would
# run; inside a kernel, kbuild still decides what to recompile.  The
# actions (test, run, kunit-*, bench...) are phony and depend on the files
# they use.  File targets are named relative to the checkout:
# `make build/initramfs.cpio.gz`.

SHELL := /bin/bash
TOP := $(CURDIR)
B := build
R := $(B)/results
# The kernel base, Debian's linux-source-$(BASE): 6.12 or 6.1
# (scripts/base.sh).  Its trees and kernels are in $(KB): build/ for 6.12,
# build/6.1/ for 6.1; results, host tools and the initramfs in build/ for
# both.
BASE ?= 6.12
export BASE
KB := $(B)$(if $(filter-out 6.12,$(BASE)),/$(BASE))
# The suffix of its results' names (scripts/base.sh's bsfx).
BSFX := $(if $(filter-out 6.12,$(BASE)),-$(BASE))
# A build/ of the time when 6.1 was the default holds 6.1 where 6.12 now
# goes, and its stamps would pass for 6.12's.
KB_VERSION := $(if $(wildcard $(KB)/pristine.version),$(shell cut -d. -f1,2 $(KB)/pristine.version))
ifneq ($(filter-out $(BASE),$(KB_VERSION)),)
$(error $(KB)/ holds linux-source-$(KB_VERSION), not $(BASE): move $(B)/ aside or make distclean)
endif
S := $(KB)/linux

# The kernel builds use every CPU by themselves and the runs share
# build/results: one step at a time, even under make -j.
.NOTPARALLEL:
# A failed recipe leaves no target that looks up to date behind it (a
# .config that check-config.sh refused, a half-written initramfs).
.DELETE_ON_ERROR:
.SUFFIXES:
.SECONDEXPANSION:

# Guest test scripts: every tests/*.sh but the helpers, the demo, the
# Android release kernel's own (android: make test-arm64) and the
# user-space benchmark.
GUEST_TESTS ?= $(filter-out lib demo bench-user android,$(basename $(notdir $(wildcard tests/*.sh))))
# The guest kernel that run-guest.sh boots (build/$(GUEST)): guest or kcsan.
GUEST ?= guest

.PHONY: help deps suspend-block tree kernel kunit kunit-um kunit-pristine kunit-i386 kunit-x86_64 \
	kunit-arm64 kunit-arm \
	kunit-kcsan guest-test run test trace torture test-kcsan test-arm64 bench bench-perf bench-icount \
	check patches patches-check clean distclean

help:
	@echo "make run           build the guest kernel, boot it under QEMU, run the demo"
	@echo "make test          every test: on 6.12 KUnit on x86_64 and the guest tests, on"
	@echo "                   6.1 KUnit on UML, the wakeup-source suite on unpatched 6.1 and"
	@echo "                   6.12; ends with 'N passed, N failed'"
	@echo "make kernel        the x86_64 debug kernel (guest and x86_64 KUnit)"
	@echo "make kunit         KUnit on UML and on x86_64 under QEMU"
	@echo "make kunit-um      KUnit on UML only (fast)"
	@echo "make kunit-pristine  the wakeup-source suite on the unpatched base (UML)"
	@echo "make kunit-i386    KUnit on a 32-bit x86 kernel under QEMU (not in make test:"
	@echo "                   its cold build alone takes 11 min)"
	@echo "make kunit-x86_64  KUnit on x86_64 (QEMU, lockdep/KASAN/UBSAN/kmemleak)"
	@echo "make kunit-arm64   KUnit on arm64 under QEMU's virt machine (cross-compiled;"
	@echo "make kunit-arm     on 32-bit arm: not in make test, cold builds of 10+ min)"
	@echo "make guest-test    boot the guest and run tests/ [GUEST_TESTS=name...]"
	@echo "make trace         record tests/scenarios/SCENARIO.sh (blame) with trace-cmd in the"
	@echo "                   guest; report who kept it awake, timeline SVG"
	@echo "make torture       long torture, suspend-race (200 attempts per mode), fuzz (100k"
	@echo "                   inputs per interface) and readout-walk (100k requests) runs"
	@echo "                   in the debug guest"
	@echo "make test-kcsan    KCSAN kernel: the KUnit suites and the torture test"
	@echo "make test-arm64    Android's configuration (release: no debugfs, no autosleep)"
	@echo "                   on arm64 under qemu-system-aarch64: the tests without debugfs"
	@echo "make bench         benchmark kernels, tables, CSV and plot in build/bench"
	@echo "make bench-perf    perf record/report of the UML kernel running our pair, then mainline's"
	@echo "make bench-icount  instructions per pair under QEMU -icount: this kernel twice, unpatched"
	@echo "make suspend-block the command-line tool (build/suspend-block; man page in"
	@echo "                   tools/suspend-block; the guest has it as /bin/suspend-block)"
	@echo "make check         checkpatch --strict, sparse, kernel-doc -Wall"
	@echo "make patches       the series against the pristine base (patches/plan), cover letter,"
	@echo "                   in build/patches (BASE=6.1: build/patches-6.1)"
	@echo "make patches-check git am the series onto the pristine base, build and checkpatch every"
	@echo "                   patch, KUnit (BASE=6.1 for 6.1)"
	@echo "make tree          unpack the kernel, lay the project over it, apply patches/"
	@echo "                   (when any of it changed; every target that needs the tree does it)"
	@echo "make deps          install the Debian packages the harness needs (root)"
	@echo "BASE=6.1           with any target: on linux-source-6.1 (trees and kernels in"
	@echo "                   build/6.1, results named *-6.1); BASE=6.12 is the default"
	@echo "make clean         remove build products, keep the unpacked trees"
	@echo "make distclean     remove build/"
	@echo "Files make builds when out of date (make -n FILE shows how):"
	@echo "  build/{guest,kcsan,kunit-i386,bench-x86,bench-mainline}/arch/x86/boot/bzImage"
	@echo "  and their .config, build/kunit-um/linux, build/kunit-um-pristine/linux"
	@echo "  (6.1's under build/6.1/),"
	@echo "  build/initramfs.cpio.gz, build/guest-bin/*, build/pm-blame, build/suspend-block"

# --- Host packages ----------------------------------------------------------

# scripts/deps.sh runs before anything is first built, and again when it
# changes (the package list); `make deps` runs it at any time.
DEPS := $(B)/deps.stamp

deps:
	@scripts/deps.sh
	@mkdir -p $(B) && touch $(DEPS)

$(DEPS): scripts/deps.sh
	@scripts/deps.sh
	@mkdir -p $(B) && touch $@

# Debian's kernel source: dpkg rewrites the package's file list when it
# installs or upgrades it (the tarball keeps the package's own date).
PKG := $(wildcard /var/lib/dpkg/info/linux-source-$(BASE).list)

# --- The kernel tree ($(KB)/linux: build/linux, build/6.1/linux) --------------

# The project's files laid over the tree (the directories of
# scripts/overlay.map), and the patch series applied to it.
OVERLAY_DIRS := $(wildcard $(shell sed -n 's/^\([[:alnum:]][^[:space:]]*\).*/\1/p' scripts/overlay.map))
OVERLAY_FILES := $(shell find $(OVERLAY_DIRS) -type f ! -name '*.orig' ! -name '*.rej' \
	! -name '*~' ! -name '.*.sw?')
# Each patch of the series, and its version for the base where it has one
# (patches/$(BASE)/).
SERIES := $(shell grep -v '^#' patches/series)
PATCHES := patches/series $(wildcard $(addprefix patches/,$(SERIES)) \
	$(addprefix patches/$(BASE)/,$(SERIES)))
# Their directories too: a directory's mtime moves when a file in it is
# removed, which the overlay then takes out of the tree.
OVERLAY_SUBDIRS := $(addsuffix /.,$(shell find $(OVERLAY_DIRS) -type d))
TREE_INPUTS := $(OVERLAY_FILES) $(OVERLAY_SUBDIRS) $(PATCHES) scripts/overlay.map \
	scripts/prepare-tree.sh $(PKG)
# What a kernel built from build/linux is made of: all of it but the
# documentation.  The Kconfig entries come with the series.
KERNEL_INPUTS := $(filter-out Documentation/%,$(TREE_INPUTS))
KCONFIG_INPUTS := $(PATCHES) $(PKG)

# scripts/prepare-tree.sh (the overlay stays in shell: it copies only the
# files whose content changed, and re-applies the series only when it
# changed) when any of its inputs is newer than the stamp.  The stamp is
# inside build/linux, so that it goes when the tree does.
TREE := $(S)/.tree.stamp

tree: $(TREE)

$(TREE): $(TREE_INPUTS) | $(DEPS)
	@scripts/prepare-tree.sh
	@touch $@

# --- The x86 kernels (scripts/build-guest.sh) ---------------------------------

# Each is tinyconfig + its fragments merged with merge_config.sh, checked
# option by option with scripts/check-config.sh, in build/NAME.  Its
# .config is remade when a fragment, the series (the Kconfig entries) or
# the configuring scripts change; its bzImage when the .config or a source
# does.
X86_KERNELS := guest kcsan kunit-i386 bench-x86 bench-x86-notrace bench-mainline
bzimage = $(KB)/$(1)/arch/x86/boot/bzImage

# guest: the x86_64 debug kernel, both the integration guest and the
# x86_64 KUnit kernel.
FRAGS_guest := configs/guest.config Kconfig.fragment configs/guest-test.config \
	kunit/.kunitconfig configs/kunit-in-guest.config configs/debug.config
# kcsan: the same with KCSAN instead of the debug options (make test-kcsan).
FRAGS_kcsan := configs/guest.config Kconfig.fragment configs/guest-test.config \
	kunit/.kunitconfig configs/kunit-in-guest.config configs/kcsan.config
# kunit-i386: a 32-bit kernel with the KUnit suites only (make kunit-i386).
FRAGS_kunit-i386 := configs/i386.config Kconfig.fragment kunit/.kunitconfig \
	configs/kunit-in-guest.config
ARCH_kunit-i386 := i386
# bench-x86: make bench's x86_64 kernel, no debug options.
FRAGS_bench-x86 := configs/guest.config Kconfig.fragment configs/bench.config \
	configs/bench-x86.config configs/bench-trace.config
# bench-x86-notrace: the same without tracepoints (make bench-icount counts
# what compiled-in, disabled tracepoints add).
FRAGS_bench-x86-notrace := configs/guest.config Kconfig.fragment \
	configs/bench.config configs/bench-x86.config configs/bench-notrace.config
# bench-mainline: its unpatched counterpart, built from build/pristine-bench
# (scripts/pristine-tree.sh bench, which prints the tree's path), carrying
# the benchmark's harness and its rows of mainline's API.
FRAGS_bench-mainline := configs/guest.config configs/bench-mainline.config \
	configs/bench-x86.config configs/bench-trace.config
SRC_bench-mainline = $$(scripts/pristine-tree.sh bench)
INPUTS_bench-mainline := $(addprefix bench/,bench.h bench_harness.c bench_idle.c \
	bench_mainline.c bench_unpatched.c) scripts/pristine-tree.sh $(PKG)
KCONFIG_bench-mainline := scripts/pristine-tree.sh $(PKG)

# The rest: x86_64 kernels of build/linux.
$(foreach k,$(X86_KERNELS),\
	$(eval ARCH_$(k) ?= x86_64)\
	$(eval SRC_$(k) ?= $(TOP)/$(S))\
	$(eval INPUTS_$(k) ?= $$(KERNEL_INPUTS))\
	$(eval KCONFIG_$(k) ?= $$(KCONFIG_INPUTS)))

X86_CONFIGS := $(foreach k,$(X86_KERNELS),$(KB)/$(k)/.config)
X86_BZIMAGES := $(foreach k,$(X86_KERNELS),$(call bzimage,$(k)))

# kbuild leaves the bzImage alone when nothing changed: touch it, so that
# make sees it as made.
$(X86_BZIMAGES): $(KB)/%/arch/x86/boot/bzImage: $(KB)/%/.config $$(INPUTS_$$*) | $(TREE)
	@echo "$*: building bzImage"
	@scripts/build-guest.sh bzImage $(KB)/$* $(ARCH_$*) $(SRC_$*)
	@touch $@

# --- The Android-shaped arm64 kernel (make test-arm64) ------------------------

# Android's configuration of power management (configs/android-base.config:
# no autosleep, /sys/power/wake_lock) in its release variant (no debugfs),
# on QEMU's virt machine, cross-compiled with Debian's aarch64 gcc; the
# same script and checks as the x86 kernels.
ARM64_KERNELS := android-arm64
FRAGS_android-arm64 := configs/arm64-virt.config configs/android-base.config \
	configs/android-release.config
ARCH_android-arm64 := arm64
SRC_android-arm64 = $(TOP)/$(S)
KCONFIG_android-arm64 = $(KCONFIG_INPUTS)
arm64_image = $(KB)/$(1)/arch/arm64/boot/Image
ARM64_CONFIGS := $(foreach k,$(ARM64_KERNELS),$(KB)/$(k)/.config)
ARM64_IMAGES := $(foreach k,$(ARM64_KERNELS),$(call arm64_image,$(k)))

# Every QEMU kernel's .config, x86 and arm64, one rule.
$(X86_CONFIGS) $(ARM64_CONFIGS): $(KB)/%/.config: $$(FRAGS_$$*) $$(KCONFIG_$$*) \
		scripts/build-guest.sh scripts/check-config.sh | $(TREE)
	@echo "$*: configuring"
	@scripts/build-guest.sh config $(KB)/$* $(ARCH_$*) $(SRC_$*) $(FRAGS_$*)

$(ARM64_IMAGES): $(KB)/%/arch/arm64/boot/Image: $(KB)/%/.config $(KERNEL_INPUTS) | $(TREE)
	@echo "$*: building Image"
	@scripts/build-guest.sh bzImage $(KB)/$* arm64 $(TOP)/$(S)
	@touch $@

# --- The UML KUnit kernels (kunit.py build, scripts/run-kunit.sh --build) ----

# kunit.py configures (kunit/.kunitconfig, Kconfig.fragment,
# configs/uml.config, configs/uml-debug.config) and builds; run-kunit.sh
# holds its arguments.
UML_KUNIT := $(KB)/kunit-um/linux
$(UML_KUNIT): kunit/.kunitconfig Kconfig.fragment configs/uml.config \
		configs/uml-debug.config $(KERNEL_INPUTS) \
		scripts/run-kunit.sh | $(TREE)
	@scripts/run-kunit.sh --build um
	@touch $@

# The wakeup-source suite on the unpatched base: pristine-kunit
# (scripts/pristine-tree.sh kunit: the suite's patch and file only).
WAKEUP_SUITE := drivers/base/power/wakeup-test.c \
	$(filter %/0012-PM-sleep-add-KUnit-tests-of-wakeup-sources.patch,$(PATCHES))
UML_PRISTINE := $(KB)/kunit-um-pristine/linux
$(UML_PRISTINE): configs/wakeup-kunit.config configs/uml.config $(WAKEUP_SUITE) \
		scripts/pristine-tree.sh scripts/run-kunit.sh $(PKG) | $(TREE)
	@scripts/run-kunit.sh --build um-pristine
	@touch $@

# --- Host tools and the guest's initramfs ------------------------------------

UAPI_H := include/uapi/linux/suspend_block.h

# suspend-block (tools/suspend-block/Makefile: static, for any device; the
# guest's /bin/suspend-block).
SUSPEND_BLOCK := $(B)/suspend-block
$(SUSPEND_BLOCK): $(addprefix tools/suspend-block/,suspend-block.c blockers.c \
		suspend-block.h) $(UAPI_H)
	@mkdir -p $(B)
	$(MAKE) -s -C tools/suspend-block O=$(TOP)/$(B)

suspend-block: $(SUSPEND_BLOCK)

# pm-blame (tools/pm-blame/Makefile, against Debian's libtracecmd).
PM_BLAME := $(B)/pm-blame
$(PM_BLAME): $(addprefix tools/pm-blame/,pm-blame.c svg.c blame.h) | $(DEPS)
	$(MAKE) -s -C tools/pm-blame O=$(TOP)/$(B)

# The guest's static test helpers (tests/tools).
GUEST_BIN := $(B)/guest-bin
GUEST_HELPERS := $(addprefix $(GUEST_BIN)/,wr wlbench sbfd fuzz wakeup_stats)
$(GUEST_HELPERS): $(GUEST_BIN)/%: tests/tools/%.c $(UAPI_H) | $(DEPS)
	@mkdir -p $(@D)
	gcc -static -O2 -Wall -I include/uapi -o $@ $<
$(addprefix $(GUEST_BIN)/,wr sbfd fuzz): tests/tools/switch_user.h

# The initramfs (scripts/mkinitramfs.sh): busybox, tests/init, the test
# scripts and scenarios, the helpers, trace-cmd.  It lives outside
# build/results, which make test empties.
INITRAMFS := $(B)/initramfs.cpio.gz
INITRAMFS_BIN := $(GUEST_HELPERS) $(SUSPEND_BLOCK)
$(INITRAMFS): tests/init $(wildcard tests/*.sh tests/scenarios/*.sh) $(INITRAMFS_BIN) \
		scripts/mkinitramfs.sh $(wildcard /bin/busybox /usr/bin/trace-cmd) | $(DEPS)
	@echo "initramfs: $@"
	@scripts/mkinitramfs.sh $@ $(INITRAMFS_BIN)

# The arm64 guest's initramfs: the same scripts, with the helpers and the
# tool cross-compiled static, and Debian's busybox-static:arm64 (downloaded
# and unpacked: installed, it would replace the host's busybox); no
# trace-cmd.
ARM64_BIN := $(B)/guest-bin-arm64
ARM64_HELPERS := $(addprefix $(ARM64_BIN)/,wr sbfd wakeup_stats)
$(ARM64_HELPERS): $(ARM64_BIN)/%: tests/tools/%.c $(UAPI_H) | $(DEPS)
	@mkdir -p $(@D)
	aarch64-linux-gnu-gcc -static -O2 -Wall -I include/uapi -o $@ $<
$(addprefix $(ARM64_BIN)/,wr sbfd): tests/tools/switch_user.h
ARM64_SUSPEND_BLOCK := $(ARM64_BIN)/suspend-block
$(ARM64_SUSPEND_BLOCK): $(addprefix tools/suspend-block/,suspend-block.c blockers.c \
		suspend-block.h) $(UAPI_H) | $(DEPS)
	@mkdir -p $(@D)
	$(MAKE) -s -C tools/suspend-block O=$(TOP)/$(ARM64_BIN) CC=aarch64-linux-gnu-gcc
ARM64_BUSYBOX := $(B)/arm64-busybox/bin/busybox
$(ARM64_BUSYBOX): scripts/deps.sh | $(DEPS)
	@rm -rf $(B)/arm64-busybox && mkdir -p $(B)/arm64-busybox
	cd $(B)/arm64-busybox && apt-get download -qq busybox-static:arm64 2>/dev/null
	dpkg-deb -x $(B)/arm64-busybox/busybox-static_*_arm64.deb $(B)/arm64-busybox
	@touch $@
INITRAMFS_ARM64 := $(B)/initramfs-arm64.cpio.gz
$(INITRAMFS_ARM64): tests/init $(wildcard tests/*.sh) $(ARM64_HELPERS) \
		$(ARM64_SUSPEND_BLOCK) $(ARM64_BUSYBOX) scripts/mkinitramfs.sh
	@echo "initramfs: $@"
	@BUSYBOX=$(ARM64_BUSYBOX) TRACE_CMD= scripts/mkinitramfs.sh $@ \
		$(ARM64_HELPERS) $(ARM64_SUSPEND_BLOCK)

# --- Actions -------------------------------------------------------------------

kernel: $(call bzimage,guest)

kunit-um: $(UML_KUNIT)
	@scripts/run-kunit.sh um

kunit-pristine: $(UML_PRISTINE)
	@scripts/run-kunit.sh um-pristine

kunit-i386: $(call bzimage,kunit-i386)
	@scripts/run-kunit.sh i386

kunit-x86_64: $(call bzimage,guest)
	@scripts/run-kunit.sh x86_64

kunit-kcsan: $(call bzimage,kcsan)
	@scripts/run-kunit.sh kcsan

# arm64 and 32-bit arm under QEMU's virt machine: kunit.py configures and
# builds them (incrementally) in build/kunit-arm64 and build/kunit-arm.
kunit-arm64: $(TREE)
	@scripts/run-kunit.sh arm64

kunit-arm: $(TREE) configs/arm-smp.config
	@scripts/run-kunit.sh arm

kunit: kunit-um kunit-pristine kunit-i386 kunit-x86_64

GUEST_KERNEL = $(call bzimage,$(GUEST))

guest-test: $(GUEST_KERNEL) $(INITRAMFS)
	@scripts/run-guest.sh $(GUEST_TESTS)

run: $(GUEST_KERNEL) $(INITRAMFS)
	@scripts/run-guest.sh --demo demo

# Record a scenario (tests/scenarios/$(SCENARIO).sh) with trace-cmd in the
# guest, bring trace.dat home and print who kept the system awake.
SCENARIO ?= blame
trace: $(GUEST_KERNEL) $(INITRAMFS) $(PM_BLAME)
	@SCENARIO=$(SCENARIO) scripts/run-guest.sh trace
	@scripts/check-trace.sh $(SCENARIO); cat build/results/blame.txt
	@echo "trace: build/results/trace.dat, timeline build/results/timeline.svg"

# Every step runs even when an earlier one failed; the summary counts a
# step that produced no count as a failure.  Each step is a make of its
# own, so that a step whose kernel did not build is skipped (and counted)
# and the next one still runs.  A line that calls $(MAKE) must call nothing
# else (make -n runs such lines), and must name $(MAKE) itself (make does
# not see it through another variable).
#
# The primary base, 6.12: KUnit on the x86_64 debug kernel and the guest
# suite on the same kernel; the wakeup-source suite unpatched.  6.1: the
# UML KUnit suites and the wakeup-source suite unpatched.
test: $(TREE)
	@rm -rf $(R) && mkdir -p $(R)
	-@$(MAKE) --no-print-directory kunit-um BASE=6.1
	-@$(MAKE) --no-print-directory kunit-pristine BASE=6.1
	-@$(MAKE) --no-print-directory kunit-pristine BASE=6.12
	-@$(MAKE) --no-print-directory kunit-x86_64 BASE=6.12
	-@$(MAKE) --no-print-directory guest-test BASE=6.12
	-@scripts/check-trace.sh
	-@scripts/check-docs.sh
	@scripts/summary.sh kunit-um-6.1 kunit-um-pristine-6.1 kunit-um-pristine \
		kunit-x86_64 guest blame docs

# The long versions of the race, fuzz and read-out tests (make test runs
# short ones).
TORTURE_ARGS ?= torture_secs=60 race_attempts=200 fuzz_count=100000 \
	readout_requests=100000
torture: $(GUEST_KERNEL) $(INITRAMFS)
	@rm -f $(R)/guest$(BSFX).count
	-@GUEST_TIMEOUT=5400 GUEST_ARGS="$(TORTURE_ARGS)" \
		scripts/run-guest.sh torture suspend-race fuzz readout-walk
	@scripts/summary.sh guest$(BSFX)

# The Android-shaped release kernel on arm64 (QEMU's virt machine, 2 vCPUs,
# multi-threaded TCG): the guest tests that need no debugfs.
ARM64_TESTS ?= android suspend-block-tool
test-arm64: $(call arm64_image,android-arm64) $(INITRAMFS_ARM64)
	@rm -f $(R)/android-arm64$(BSFX).count
	-@GUEST=android-arm64 scripts/run-guest.sh $(ARM64_TESTS)
	@scripts/summary.sh android-arm64$(BSFX)

# KCSAN: its own x86_64 kernel (build/kcsan), the KUnit suites on it and
# the torture test in it.
test-kcsan: $(TREE)
	@rm -f $(R)/kunit-kcsan$(BSFX).count $(R)/kcsan$(BSFX).count
	-@$(MAKE) --no-print-directory kunit-kcsan
	-@$(MAKE) --no-print-directory guest-test GUEST=kcsan GUEST_TESTS=torture GUEST_ARGS=torture_secs=20
	@scripts/summary.sh kunit-kcsan$(BSFX) kcsan$(BSFX)

# Benchmarks: five kernels of their own (three UML ones that
# scripts/bench.sh builds with kunit.py, the two x86_64 ones here), runs
# them, prints tables.
bench: $(call bzimage,bench-x86) $(call bzimage,bench-x86-notrace) \
		$(call bzimage,bench-mainline) $(INITRAMFS) | $(TREE)
	@scripts/bench.sh

bench-perf: $(TREE)
	@scripts/bench.sh perf

# Instructions per operation pair: the x86_64 bench kernels under QEMU's
# deterministic instruction counting (this kernel twice, unpatched once).
bench-icount: $(call bzimage,bench-x86) $(call bzimage,bench-x86-notrace) \
		$(call bzimage,bench-mainline) | $(TREE)
	@scripts/bench.sh icount

check: $(call bzimage,guest)
	@scripts/check.sh

patches: $(TREE)
	@scripts/make-patches.sh

# The series applied with git am to the pristine base and built after
# every patch, checkpatch on each, the KUnit suites at the end (long: its
# own target, once per base, results in
# Documentation/power/suspend-block-testing.rst).
patches-check: $(TREE)
	@scripts/patches-check.sh

clean:
	rm -rf $(R) $(KB)/kunit-um $(KB)/guest $(B)/patches $(B)/patches-6.1 \
		$(KB)/patches-repo $(KB)/series-tree $(KB)/series-um $(GUEST_BIN) $(INITRAMFS) \
		$(SUSPEND_BLOCK) $(PM_BLAME)

distclean:
	rm -rf $(B)
