# Engram — every target bootstraps what it needs (a .venv with the project installed).
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.engram-installed
PYTEST_ARGS ?=
# Two workers (CI machines have two cores), each with its own embedded PostgreSQL; whole files per worker,
# so module-scoped fixtures start once; the modules with `slow` tests are handed out first (tests/conftest.py).
TEST_WORKERS ?= 2
# The fuzz run (tests/api/test_fuzz.py) is bounded by time and shares the machine with the other worker:
# it gets longer than its default 120 s to send as many requests as it does alone.
ENGRAM_FUZZ_SECONDS ?= 180
# Temporary dirs of our own: every pytest session that starts makes the shared /tmp/pytest-of-<user> private
# again, which locks the embedded PostgreSQL of a test running meanwhile out of its tmp_path.
TEST_TMP := $(CURDIR)/.engram/pytest-tmp

.PHONY: install serve demo test lint typecheck bench fuzz layer-size clean

$(STAMP): pyproject.toml layers/engram/requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

## Run the API on http://127.0.0.1:8787 with an embedded PostgreSQL in .engram/ and offline providers.
serve: $(STAMP)
	$(VENV)/bin/engram serve

## A scripted week of notes through the API: what Engram learned, superseded and noticed.
demo: $(STAMP)
	$(VENV)/bin/engram demo

## The whole test suite against a real PostgreSQL + pgvector (embedded unless ENGRAM_DATABASE_URL).
test: $(STAMP)
	mkdir -p $(dir $(TEST_TMP))
	ENGRAM_FUZZ_SECONDS=$(ENGRAM_FUZZ_SECONDS) $(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder \
		--basetemp=$(TEST_TMP) $(PYTEST_ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check layers/engram functions tests bench
	$(VENV)/bin/ruff format --check layers/engram functions tests bench

typecheck: $(STAMP)
	$(VENV)/bin/mypy

## Benchmarks (not part of `make test`): bench/*.py, run as modules from the repository root, each printing
## its own table (`python -m bench.<name> --help`; docs/benchmarks.md). The scale and consolidation
## benchmarks run at --quick size here; then LOCOMO (bench/locomo.py: skipped unless ENGRAM_LOCOMO_DIR
## names the data). About nine minutes on 2 cores with the LOCOMO data (measured 546 s), ten under load.
bench: $(STAMP)
	@all=$$(date +%s); for f in bench/bench_*.py; do m=$$(basename $$f .py); echo "== python -m bench.$$m"; \
		case $$m in bench_scale|bench_consolidation|bench_tenants) args=--quick;; *) args=;; esac; \
		start=$$(date +%s); $(PY) -m bench.$$m $$args || exit 1; echo "== bench.$$m: $$(( $$(date +%s) - start )) s"; \
		done; echo "== python -m bench.locomo"; start=$$(date +%s); $(PY) -m bench.locomo || exit 1; \
		echo "== bench.locomo: $$(( $$(date +%s) - start )) s; make bench: $$(( $$(date +%s) - all )) s"

## The fuzz run of the test suite (schemathesis against the local server) for ten minutes instead of three.
fuzz: $(STAMP)
	ENGRAM_FUZZ_SECONDS=600 $(PY) -m pytest tests/api/test_fuzz.py -q -s

## The Lambda layers as `sam build` makes them (layers/engram/Makefile: arm64 / Python 3.12 wheels, without
## what the runtime ships, bytecode compiled by a python3.12 if there is one) and their sizes.
LAYER_PYTHON ?= $(shell python3.12 -c '' 2>/dev/null && echo python3.12 || echo $(CURDIR)/$(PY))
layer-size: $(STAMP)
	rm -rf .engram/layer-size
	@for layer in EngramLayer ModelSdkLayer; do $(MAKE) -C layers/engram --no-print-directory build-$$layer \
		PYTHON=$(LAYER_PYTHON) ARTIFACTS_DIR=$(CURDIR)/.engram/layer-size/$$layer || exit 1; done
	@for layer in EngramLayer ModelSdkLayer; do dir=.engram/layer-size/$$layer/python; \
		echo "== $$layer: $$(du -sh --exclude=__pycache__ $$dir | cut -f1) without bytecode," \
			"$$(du -sh $$dir | cut -f1) with it"; du -sh $$dir/* | sort -h | tail -6; done

clean:
	rm -rf $(VENV) .engram
