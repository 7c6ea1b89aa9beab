# Spendly: `make run` and `make test` are all a fresh Debian machine with Swift needs.
PREFIX ?= /usr/local
DB ?=
SWIFT ?= swift
# --disable-local-rpath: the binary carries its Swift libraries, so it needs no RUNPATH of
# $ORIGIN; without one the loader no longer looks for libc, libm and libgcc_s in 13 folders
# beside the binary at every start (25 fewer system calls; in wall time within the VM's noise).
# bench/run and bench/run-scale build with these same flags (passed as RELEASE_FLAGS).
RELEASE_FLAGS = -c release --static-swift-stdlib --disable-local-rpath
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DEPS = libsqlite3-dev libedit-dev libxml2-dev zlib1g-dev

.PHONY: deps static-libs test-deps build release run test test-fast fuzz install install-files bench bench-scale format grammar clean

deps:
	@missing=""; for p in $(DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing; fi

build: deps
	$(SWIFT) build

# The shipped binary links the C libraries it uses statically (Package.swift, release only):
# the loader then binds no symbols of libstdc++, SQLite or libedit at every start, which took
# most of `--version`'s instructions. This folder holds links to those archives, found where the
# C compiler finds them (the -dev packages of DEPS ship them); without it the release links them
# dynamically, as the debug build and the tests always do.
STATIC_LIBS = libstdc++.a libsqlite3.a libedit.a libtinfo.a libbsd.a libmd.a libz.a
static-libs: deps
	@mkdir -p .build/static-libs
	@for lib in $(STATIC_LIBS); do path=$$(cc -print-file-name=$$lib); \
	  if [ -f "$$path" ]; then ln -sf "$$path" .build/static-libs/$$lib; else echo "note: no $$lib; linked dynamically"; fi; done

release: static-libs
	$(SWIFT) build $(RELEASE_FLAGS)

run: release
	@"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/spendly" $(if $(DB),--db $(DB))

# The export tests read what Spendly writes with the programs that read it: openpyxl and
# LibreOffice for the workbook, ledger, hledger and bean-check for the journals, sqlite3 for
# backups. They fail without them, so they are installed here.
TEST_DEPS = ledger hledger sqlite3 libreoffice-calc-nogui
# Shell and desktop: the completion scripts are checked by bash, zsh and fish, the man page by
# groff, the desktop entry by desktop-file-validate.
TEST_DEPS += zsh fish groff-base man-db desktop-file-utils
# The HTML report is laid out by headless Chromium at phone and desktop widths.
TEST_DEPS += chromium
test-deps: deps
	@missing=""; for p in $(TEST_DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; fi
	@python3 -c 'import openpyxl, beancount' 2>/dev/null || python3 -m pip install -q openpyxl beancount
	@command -v bean-check >/dev/null || { echo "bean-check is not on PATH after pip install beancount"; exit 1; }

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Everything but the tests that run a program from outside (LibreOffice, ledger, hledger,
# bean-check, openpyxl, zsh, fish, groff): they are tagged externalTool and SPENDLY_SKIP_TOOLS
# leaves them out; the importers are fuzzed 30 times each, not 120. Needs only `make run`'s
# packages. `make test` (and CI) runs them all.
test-fast: deps
	$(SWIFT) build --build-tests
	SPENDLY_SKIP_TOOLS=1 SPENDLY_FUZZ_COUNT=30 $(SWIFT) test --skip-build

# A longer run of the importers' mutation fuzz test (a few thousand mutations per format).
FUZZ_COUNT ?= 2000
fuzz: deps
	$(SWIFT) build --build-tests
	SPENDLY_FUZZ_COUNT=$(FUZZ_COUNT) $(SWIFT) test --skip-build --filter ImportFuzzTests

install: release
	@$(MAKE) --no-print-directory install-files BIN="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/spendly"

# Shell and desktop: what install puts under PREFIX from a built binary, BIN. The man page and
# the completion scripts are printed by BIN itself, from the help text its commands print. The
# spendly:// links are registered only for an install onto this machine (no DESTDIR), and only
# where xdg-mime and update-desktop-database exist.
BIN ?= .build/debug/spendly
SHARE = $(DESTDIR)$(PREFIX)/share
install-files:
	install -d $(DESTDIR)$(PREFIX)/bin $(SHARE)/man/man1 $(SHARE)/bash-completion/completions \
	  $(SHARE)/zsh/site-functions $(SHARE)/fish/vendor_completions.d $(SHARE)/applications
	install -m 0755 $(BIN) $(DESTDIR)$(PREFIX)/bin/spendly
	$(BIN) __man > .build/spendly.1 && install -m 0644 .build/spendly.1 $(SHARE)/man/man1/spendly.1
	$(BIN) completions bash > .build/spendly.bash && \
	  install -m 0644 .build/spendly.bash $(SHARE)/bash-completion/completions/spendly
	$(BIN) completions zsh > .build/_spendly && install -m 0644 .build/_spendly $(SHARE)/zsh/site-functions/_spendly
	$(BIN) completions fish > .build/spendly.fish && \
	  install -m 0644 .build/spendly.fish $(SHARE)/fish/vendor_completions.d/spendly.fish
	install -m 0644 share/spendly.desktop $(SHARE)/applications/spendly.desktop
	@if [ -z "$(DESTDIR)" ]; then \
	  if command -v update-desktop-database >/dev/null; then update-desktop-database -q $(SHARE)/applications || true; fi; \
	  if command -v xdg-mime >/dev/null; then xdg-mime default spendly.desktop x-scheme-handler/spendly || true; fi; \
	fi

bench: release
	RELEASE_FLAGS="$(RELEASE_FLAGS)" bench/run

# 10,000,000 rows (about 5 GB, generated once): the reports against --version. Writes
# bench/scale-RESULTS.md, which `make bench` copies into bench/RESULTS.md.
bench-scale: release
	RELEASE_FLAGS="$(RELEASE_FLAGS)" bench/run-scale

# The lexicon's text embedded (EmbeddedLexicon.swift), then read by the Swift reader and
# written out as sorted tables (LexiconTables.swift), which the standard lexicon is made of.
grammar: deps
	scripts/gen-lexicon
	SWIFT="$(SWIFT)" scripts/gen-lexicon-tables

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf .build
