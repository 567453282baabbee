"""Benchmarks (not part of `make test`). Run them from the repository root as modules, for example
`python -m bench.bench_scale --quick`, or all of them with `make bench`; each has a `--help`."""
