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

# The XLSX tests read the workbooks back with Python's openpyxl (and fail without it).
test-deps: deps
	@python3 -c 'import openpyxl' 2>/dev/null || python3 -m pip install -q openpyxl 2>/dev/null || \
	  { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-openpyxl; }

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
