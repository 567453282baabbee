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

.PHONY: install serve demo test lint typecheck bench layer-size clean

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
## names the data), then the fuzz run of the test suite for ten minutes instead of one.
bench: $(STAMP)
	@for f in bench/bench_*.py; do m=$$(basename $$f .py); echo "== python -m bench.$$m"; \
		case $$m in bench_scale|bench_consolidation|bench_tenants) args=--quick;; *) args=;; esac; \
		$(PY) -m bench.$$m $$args || exit 1; done
	@echo "== python -m bench.locomo"; $(PY) -m bench.locomo
	@echo "== fuzz: schemathesis, 10 minutes"; ENGRAM_FUZZ_SECONDS=600 $(PY) -m pytest tests/api/test_fuzz.py -q -s

## Size of the Lambda layer's dependencies installed for arm64 / Python 3.12 (no bytecode).
layer-size: $(STAMP)
	rm -rf .engram/layer-size && mkdir -p .engram/layer-size/wheels
	$(PY) -m pip wheel -q --no-deps recurrent==0.4.1 -w .engram/layer-size/wheels
	$(PY) -m pip install -q --no-compile --platform manylinux2014_aarch64 --platform manylinux_2_28_aarch64 \
		--python-version 3.12 --implementation cp --only-binary=:all: \
		--find-links .engram/layer-size/wheels --target .engram/layer-size/python -r layers/engram/requirements.txt
	@du -sh .engram/layer-size/python
	@du -sh .engram/layer-size/python/* | sort -h | tail -8

clean:
	rm -rf $(VENV) .engram
