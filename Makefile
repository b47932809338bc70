# farhint -- the two commands a user types are `make demo` and `make test`.
# Plain `make` installs what is missing and builds; nothing runs.

BUILD ?= build
PREFIX ?= /usr/local
JOBS ?= $(shell nproc)

.PHONY: all deps build test demo install clean

all: build

deps:
	@scripts/install-deps.sh $(BUILD)

build: deps
	@scripts/configure.sh $(BUILD)
	@cmake --build $(BUILD) -j $(JOBS)

test: build
	@scripts/run-tests.sh $(BUILD)

demo: build
	@$(BUILD)/bin/farhint demo

install: build
	@cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD)
