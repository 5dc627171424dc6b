"""Print the per-hand figures of a pytest-benchmark JSON file as a table.

pytest benchmarks/test_perf_sichuan.py --benchmark-only -n0 --benchmark-json=out.json
python benchmarks/report.py out.json
"""

from __future__ import annotations

import json
import sys


def main(path: str) -> None:
    with open(path) as f:
        data = json.load(f)
    print(
        f"machine: {data['machine_info'].get('cpu', {}).get('brand_raw', '?')}, "
        f"python {data['machine_info'].get('python_version')}"
    )
    for bench in data["benchmarks"]:
        extra = bench.get("extra_info", {})
        figure = (
            ", ".join(f"{k}={v}" for k, v in extra.items())
            or f"min={bench['stats']['min'] * 1e3:.3f} ms"
        )
        print(f"{bench['name']:<60} {figure}")


if __name__ == "__main__":
    main(sys.argv[1])
