# shrinkscope: see README.md. Every target installs what it needs (make deps).
SHELL := /bin/bash
VARIANT ?= series
# The kernel: Debian's linux-source-6.1 (default) or linux-source-6.12;
# a variant may also name its kernel (VARIANT=6.12/series, BASE=6.1/base).
KERNEL ?= 6.1
export KERNEL
SCENARIO ?= default
RESULTS ?= results

# Guest size: vm/qemu-run.sh reads these as the defaults of its -n and -m.
ifdef NODES
export SHRINKSCOPE_NODES := $(NODES)
endif
ifdef MEM
export SHRINKSCOPE_MEM := $(MEM)
endif

.PHONY: help deps kernel rootfs patches test soak run view bench regress regress-tests bisect-check clean

help:
	@echo "make test                 build what is missing, run host and in-guest tests"
	@echo "make run [SCENARIO=name]  boot the series kernel, run a scenario, report"
	@echo "make view [TRACE=path]    KernelShark with the shrinkscope plugin on the last run's trace.dat"
	@echo "make kernel VARIANT=v     build one kernel variant (base, series, debug, experiments)"
	@echo "           KERNEL=6.12    the same on Debian's linux-source-6.12 (patches/6.12/); default 6.1"
	@echo "make patches VARIANT=v    export the variant's kernel tree commits to patches/"
	@echo "make rootfs               build the guest root filesystem"
	@echo "make soak [DURATION=s]    tracing, tools, memcgs and the test cache churned at once on the debug kernel (600 s)"
	@echo "make bisect-check [BOOT=1] every patch compiles alone in four configs (BOOT=1: builds and boots)"
	@echo "make bench                cost of the tracepoints, base vs series, as ratios"
	@echo "make regress BASE=v CAND=v SCENARIO=s RUNS=n   compare two kernels' shrinker aggressiveness (RUNS >= 3 for a verdict)"
	@echo "make regress-tests RUNS=n the regression-report tests of make test, n runs per kernel"
	@echo "variables:"
	@echo "  NODES=n                 guest NUMA nodes for run, test, regress, bench (default 2)"
	@echo "  MEM=mb                  guest memory in MB, split between the nodes (default 2048)"
	@echo "  SHRINKSCOPE_ACCEL=kvm   boot guests with KVM instead of TCG (where nested KVM works)"
	@echo "  SHRINKSCOPE_CACHE=dir   kernel trees, builds, rootfs (default ~/.cache/shrinkscope)"

deps:
	@vm/deps.sh

kernel: deps
	@vm/kernel-build.sh $(VARIANT)

rootfs: deps
	@vm/rootfs.sh >/dev/null

patches: deps
	@vm/export-patches.sh $(VARIANT)

# One kernel build at a time: two side by side (four compilers on two
# cores) took 13-19% longer than one after the other, and one at nice 19
# beside them still slowed series' and debug's by 15 and 25% (NOTES.md).
# tests/run.sh builds the kernels needed late beside the boots (6.12's
# series, full-batch, base), also from an empty cache (NOTES.md, "Cold on a
# faster machine").
test: deps
	@VARIANT=6.12/series vm/deps.sh	# tests/run.sh boots 6.12's series too
	@vm/test-build.sh
	@tests/run.sh

run: deps
	@vm/kernel-build.sh $(VARIANT)
	@vm/module-build.sh $(VARIANT)
	@$(MAKE) -s -C bpf/tools
	@vm/rootfs.sh >/dev/null
	@vm/run-scenario.sh -k $(VARIANT) -r $(RESULTS) $(SCENARIO)

# KernelShark with the shrinkscope plugin (analysis/kernelshark/) on TRACE,
# else on the newest $(RESULTS)/*/trace.dat (make run's, named by time).
# ssks-calls -c first: libtracecmd crashes KernelShark on some truncated
# files, and the analyser's careful open refuses them with a reason.
view: deps
	@$(MAKE) -s -C analysis/kernelshark
	@t='$(TRACE)'; \
	[ -n "$$t" ] || t=$$(ls -d $(RESULTS)/*/trace.dat 2>/dev/null | sort | tail -n1); \
	if [ -z "$$t" ]; then \
		echo "[shrinkscope] error: no $(RESULTS)/*/trace.dat: make run first, or make view TRACE=path/to/trace.dat" >&2; \
		exit 1; \
	fi; \
	analysis/kernelshark/ssks-calls -c "$$t" || exit 1; \
	echo "[shrinkscope] kernelshark -p analysis/kernelshark/plugin-shrinkscope.so $$t" >&2; \
	exec kernelshark -p "$(CURDIR)/analysis/kernelshark/plugin-shrinkscope.so" "$$t"

clean:
	rm -rf build

DURATION ?= 600
soak: deps
	@vm/kernel-build.sh debug
	@vm/module-build.sh debug
	@$(MAKE) -s -C bpf/tools
	@$(MAKE) -s -C tests/guest/helpers
	@vm/rootfs.sh >/dev/null
	@vm/soak.sh $(DURATION)

bench: deps
	@vm/bench.sh

BASE ?= series
CAND ?= full-batch
RUNS ?= 3
THRESHOLD ?= 10
# make's own exit status can only be 0 or 2, and any failing recipe earns
# its "*** Error" banner: a verdict (changed, inconclusive) is not an error,
# so make exits 0 for it and says which; vm/regress.sh exits 0/1/3 as the
# analyser does, 2 on error, for scripts.
regress: deps
	@vm/rootfs.sh >/dev/null
	@rc=0; vm/regress.sh $(BASE) $(CAND) $(SCENARIO) $(RUNS) $(THRESHOLD) || rc=$$?; \
	case $$rc in \
	0|1|3) echo "[shrinkscope] verdict exit status $$rc (0 unchanged, 1 changed, 3 inconclusive), as vm/regress.sh returns it" ;; \
	*) exit $$rc ;; \
	esac

# The long form of the regression tests in make test: more runs per kernel.
regress-tests: deps
	@vm/kernel-build.sh series
	@vm/module-build.sh series
	@$(MAKE) -s -C bpf/tools
	@$(MAKE) -s -C tests/guest/helpers
	@vm/rootfs.sh >/dev/null
	@REGRESS_RUNS=$(RUNS) tests/regress/run.sh

bisect-check: deps
	@vm/kernel-build.sh series
	@vm/bisect-check.sh
