# farhint -- the two commands a user types are `make demo` and `make test`.
# Plain `make` installs what is missing and builds; nothing runs.

BUILD ?= build
PREFIX ?= /usr/local
JOBS ?= $(shell nproc)
MINUTES ?= 10

.PHONY: all deps build test test-kernel torture demo install clean

all: build

deps:
	@scripts/install-deps.sh $(BUILD)

build: deps
	@scripts/configure.sh $(BUILD)
	@cmake --build $(BUILD) -j $(JOBS)

test: build
	@scripts/run-tests.sh $(BUILD)

# The kernel patch for vectorized write-protect (kernel-patch/): builds a
# patched Debian 6.1 kernel and boots it under QEMU (~15 minutes the first
# time) with the selftest, the benchmark and the runtime's programs (hence
# the build), not part of `make test`.
test-kernel: build
	@kernel-patch/build-and-boot $(BUILD)

# The runtime's torture suite (test-suite/torture/torture.py) for MINUTES,
# with the CPUs oversubscribed, on the checked runtime (build/checked: the
# invariants of the fault and eviction paths checked); `make test` runs a
# minute of it.
torture: build
	@FARHINT_BUILD_DIR=$(abspath $(BUILD))/checked $(BUILD)/venv/bin/python \
	  test-suite/torture/torture.py --minutes $(MINUTES) --build $(BUILD)/checked

demo: build
	@$(BUILD)/bin/farhint demo

install: build
	@cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD)
