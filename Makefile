# FloatApp: `make run` and `make test` do all the set-up on Debian 12.
SWIFT ?= swift
CONFIG ?= debug
PREFIX ?= /usr/local
BIN_DIR = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path)

.PHONY: all deps deps-test deps-bench build build-tests run test sanitize soak bench install clean server

all: build

deps:
	@scripts/deps.sh run

deps-test:
	@scripts/deps.sh test

deps-bench:
	@scripts/deps.sh bench

build: deps
	$(SWIFT) build -c $(CONFIG) --product floatapp

run: build
	$(BIN_DIR)/floatapp $(ARGS)

build-tests: deps-test
	$(SWIFT) build --build-tests

# Every test, in two lanes side by side (scripts/test.sh has the groups); prints per-suite times.
# TEST_FILTER='REGEX' runs only the test classes whose Target.Class it matches.
test: build-tests
	scripts/test.sh "$$($(SWIFT) build --show-bin-path)"

# The unit tests under ThreadSanitizer and AddressSanitizer + LeakSanitizer (own build folders).
sanitize: deps-test
	scripts/sanitize.sh

# The real app under random input for MINUTES (default 10) minutes on a private Xvfb.
soak: build-tests
	FLOATAPP_BIN=$$($(SWIFT) build --show-bin-path)/floatapp bench/soak.sh $(or $(MINUTES),10)

bench: deps-bench
	$(SWIFT) build -c release --product floatapp
	bench/run.sh

server:
	@scripts/deps.sh server
	scripts/server.sh

install: deps
	$(SWIFT) build -c release --product floatapp
	scripts/install.sh "$(PREFIX)" "$$($(SWIFT) build -c release --show-bin-path)/floatapp"

clean:
	rm -rf .build
