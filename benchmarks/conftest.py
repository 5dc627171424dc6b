"""Benchmarks: pytest-benchmark suites with fixed seeds; not part of the tests."""
