# FloatApp: `make run` and `make test` do all the set-up on Debian 12.
SWIFT ?= swift
CONFIG ?= debug
PREFIX ?= /usr/local
BIN_DIR = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path)

.PHONY: all deps deps-test deps-bench build build-tests run test test-wms sanitize soak bench install clean server

all: build

deps:
	@scripts/deps.sh run

deps-test:
	@scripts/deps.sh test

deps-bench:
	@scripts/deps.sh bench

# The translations are compiled beside the binary, where a binary built in the tree finds them.
build: deps
	$(SWIFT) build -c $(CONFIG) --product floatapp
	scripts/po.sh compile "$(BIN_DIR)/locale"

run: build
	$(BIN_DIR)/floatapp $(ARGS)

build-tests: deps-test
	$(SWIFT) build --build-tests
	scripts/po.sh compile "$$($(SWIFT) build --show-bin-path)/locale"

# Every string the sources pass to tr()/trn() is in po/floatapp.pot, and every catalog compiles;
# every requirement id the repository cites (P7, W4, ...) is defined in docs/spec.md, and the
# tests it names exist; the Wayland protocol code in the tree is what wayland-scanner makes; then every test, in two
# lanes side by side (scripts/test.sh has the groups; it prints per-suite times;
# TEST_FILTER='REGEX' runs only the test classes whose Target.Class it matches); then the Debian
# package is built and checked. The package's release build runs beside the tests at idle
# priority (its log in .build/deb-build.log); if it fails, lint-deb's own build runs it again in
# the foreground and shows why. The float suites on fluxbox and icewm, window managers whose
# rules the others already cover, run in `make test-wms` (CI runs both).
OTHER_WMS := FloatAppTests\.(Fluxbox|IceWM)FloatE2ETests$$
test: build-tests
	scripts/po.sh check
	scripts/spec.sh check
	scripts/modules.sh check
	scripts/wayland-protocols.sh check
	@scripts/deps.sh deb
	scripts/deb.sh --build-only >.build/deb-build.log 2>&1 & build=$$!; \
	TEST_EXCLUDE='$(if $(TEST_FILTER),,$(OTHER_WMS))' scripts/test.sh "$$($(SWIFT) build --show-bin-path)"; \
	status=$$?; wait $$build; exit $$status
	$(MAKE) lint-deb

# The float suite on fluxbox and icewm.
test-wms: build-tests
	TEST_FILTER='$(OTHER_WMS)' scripts/test.sh "$$($(SWIFT) build --show-bin-path)"

# The unit tests under ThreadSanitizer and AddressSanitizer + LeakSanitizer (own build folders).
sanitize: deps-test
	scripts/sanitize.sh

# The real app under random input for MINUTES (default 10) minutes on a private Xvfb.
soak: build-tests
	FLOATAPP_BIN=$$($(SWIFT) build --show-bin-path)/floatapp bench/soak.sh $(or $(MINUTES),10)

bench: deps-bench
	$(SWIFT) build -c release --product floatapp
	$(SWIFT) build -c release --product TextBench
	bench/run.sh

server:
	@scripts/deps.sh server
	scripts/server.sh

install: deps
	$(SWIFT) build -c release --product floatapp
	scripts/install.sh "$(PREFIX)" "$$($(SWIFT) build -c release --show-bin-path)/floatapp"

clean:
	rm -rf .build

.PHONY: deb lint-deb test-deb-install

# The Debian package: floatapp_VERSION_ARCH.deb here (packaging/README).
deb:
	@scripts/deps.sh deb
	scripts/deb.sh

# The package built and checked with lintian (part of `make test`).
lint-deb: deb
	scripts/lint-deb.sh

# The package installed, run and removed in a fresh Debian 12 root (as root; the root is kept in .build/).
test-deb-install: deb
	@scripts/deps.sh deb-install
	scripts/test-deb-install.sh
