# Spendly: `make run` and `make test` are all a fresh Debian machine with Swift needs.
PREFIX ?= /usr/local
DB ?=
SWIFT ?= swift
RELEASE_FLAGS = -c release --static-swift-stdlib
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DEPS = libsqlite3-dev libedit-dev libxml2-dev zlib1g-dev

.PHONY: deps test-deps build release run test install bench format grammar clean

deps:
	@missing=""; for p in $(DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing; fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

run: release
	@"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/spendly" $(if $(DB),--db $(DB))

# The export tests read what Spendly writes with the programs that read it: openpyxl and
# LibreOffice for the workbook, ledger, hledger and bean-check for the journals, sqlite3 for
# backups. They fail without them, so they are installed here.
TEST_DEPS = ledger hledger sqlite3 libreoffice-calc-nogui
test-deps: deps
	@missing=""; for p in $(TEST_DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; fi
	@python3 -c 'import openpyxl, beancount' 2>/dev/null || python3 -m pip install -q openpyxl beancount
	@command -v bean-check >/dev/null || { echo "bean-check is not on PATH after pip install beancount"; exit 1; }

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/spendly $(DESTDIR)$(PREFIX)/bin/spendly

bench: release
	bench/run

grammar:
	scripts/gen-lexicon

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf .build
