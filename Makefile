# FloatApp: `make run` and `make test` do all the set-up on Debian 12.
SWIFT ?= swift
CONFIG ?= debug
PREFIX ?= /usr/local
BIN_DIR = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path)

.PHONY: all deps deps-test deps-bench build build-tests run test test-wms test-soak test-prefs test-orca test-web sanitize soak bench install clean server

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
# tests it names exist; the Wayland protocol code in the tree is what wayland-scanner makes; then
# every test but the heavy parts below, in two lanes side by side (scripts/test.sh has the groups;
# it prints per-suite times; TEST_FILTER='REGEX' runs only the test classes whose Target.Class it
# matches, these included). The heavy parts have targets of their own, which CI runs after
# `make test`: the float suites on fluxbox and icewm, window managers whose rules the others
# already cover (`make test-wms`); the two-minute soak of the real app under random input, whose
# gestures and keys the end-to-end suites check one by one (`make test-soak`); and the Debian
# package's release build and lintian check, which no test uses (`make lint-deb`); and the
# desktop's reduced-motion and high-contrast settings through a real XDG desktop portal, whose
# packages take longer to install than `make test` may spend on them (`make test-prefs`); and
# the list heard through Orca itself, whose 17 packages (56 MB) are no other test's (`make test-orca`);
# and the WebRTC calls through a Janus server the tests start, with browsers in them (`make test-web`).
OTHER_WMS := FloatAppTests\.(Fluxbox|IceWM)FloatE2ETests$$
SOAK := FloatAppTests\.SoakE2ETests$$
PREFS := FloatAppTests\.DesktopPreferencesE2ETests$$
ORCA := FloatAppTests\.OrcaE2ETests$$
WEB := ^(JanusTests\.|WebRTCTests\.|FloatAppTests\.(JanusListE2ETests|JanusCallE2ETests)$$)
test: build-tests
	scripts/po.sh check
	scripts/spec.sh check
	scripts/modules.sh check
	scripts/wayland-protocols.sh check
	TEST_EXCLUDE='$(if $(TEST_FILTER),,$(OTHER_WMS)|$(SOAK)|$(PREFS)|$(ORCA)|$(WEB))' scripts/test.sh "$$($(SWIFT) build --show-bin-path)"

# The float suite on fluxbox and icewm.
test-wms: build-tests
	TEST_FILTER='$(OTHER_WMS)' scripts/test.sh "$$($(SWIFT) build --show-bin-path)"

# Two minutes of the real app under random input: no crash, no thread or descriptor left over.
test-soak: build-tests
	TEST_FILTER='$(SOAK)' scripts/test.sh "$$($(SWIFT) build --show-bin-path)"

# Reduced motion and high contrast set with gsettings and read through xdg-desktop-portal (X8).
test-prefs: build-tests
	scripts/deps.sh prefs
	TEST_FILTER='$(PREFS)' scripts/test.sh "$$($(SWIFT) build --show-bin-path)"

# Orca, the screen reader, says each room's title as Down moves through the list (X7).
test-orca: build-tests
	scripts/deps.sh orca
	TEST_FILTER='$(ORCA)' scripts/test.sh "$$($(SWIFT) build --show-bin-path)"

# Calls through Janus (WebRTC): Janus started by the tests on free ports, signalling and media,
# inside a network namespace of their own with one veth pair (scripts/test-web.sh): nothing
# reaches the machine's own interfaces.
test-web: build-tests
	scripts/deps.sh web
	TEST_FILTER='$(WEB)' scripts/test-web.sh "$$($(SWIFT) build --show-bin-path)"

# The unit tests under ThreadSanitizer and AddressSanitizer + LeakSanitizer (own build folders).
sanitize: deps-test
	scripts/sanitize.sh

# The real app under random input for MINUTES (default 10) minutes on a private Xvfb.
soak: build-tests
	FLOATAPP_BIN=$$($(SWIFT) build --show-bin-path)/floatapp bench/soak.sh $(or $(MINUTES),10)

bench: deps-bench
	SWIFT=$(SWIFT) scripts/release-build.sh >/dev/null
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

# The package built and checked with lintian (CI runs it after `make test`).
lint-deb: deb
	scripts/lint-deb.sh

# The package installed, run and removed in a fresh Debian 12 root (as root; the root is kept in .build/).
test-deb-install: deb
	@scripts/deps.sh deb-install
	scripts/test-deb-install.sh
