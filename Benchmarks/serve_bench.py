#!/usr/bin/env python3
"""Times `tally serve`'s pages and API on generated budgets, and its peak memory.

    python3 Benchmarks/serve_bench.py [SIZE ...]      SIZE: 10k, 100k (default: both)

Builds the release binary (BENCH_NO_BUILD=1 skips it; TALLY_BIN names another), makes
Benchmarks/data/tx-SIZE.tally with generate.py if missing, starts
`tally serve --port 0 --today 2026-11-22 FILE`, and asks each page and API answer
BENCH_RUNS times (default 7) after one warm-up request (the first reading of the budget
is timed on its own). The server time is the app's own, from the `Server-Timing` header
(the request's handling, not the network); the wall time is the whole request from this
script. Peak memory is the server's VmHWM from /proc at the end. Targets: at most
150 ms server time per request and 250 MB at 100k. Only 127.0.0.1 is contacted.
"""

import os
import re
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = os.environ.get("TALLY_BIN", str(ROOT / ".build/release/tally"))
RUNS = int(os.environ.get("BENCH_RUNS", "7"))
COUNTS = {"10k": 10_000, "100k": 100_000, "1m": 1_000_000}
TARGETS = [
    "/", "/envelopes", "/register?period=2026-11", "/register", "/goals", "/due", "/diagnostics", "/source?file=0&line=5000",
    "/api/version", "/api/balance", "/api/envelopes", "/api/goals", "/api/register?period=2026-11", "/api/report",
    "/api/due", "/api/insights", "/api/forecast", "/api/diagnostics",
]


def request(url):
    start = time.perf_counter()
    with urllib.request.urlopen(url, timeout=120) as answer:
        answer.read()
        timing = answer.headers.get("Server-Timing", "")
        status = answer.status
    wall = (time.perf_counter() - start) * 1000
    match = re.search(r"dur=([0-9.]+)", timing)
    return status, float(match.group(1)) if match else float("nan"), wall


def peak_mb(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def bench(size):
    data = ROOT / "Benchmarks/data"
    data.mkdir(exist_ok=True)
    file = data / f"tx-{size}.tally"
    if not file.exists():
        subprocess.run([sys.executable, str(ROOT / "Benchmarks/generate.py"), str(COUNTS[size]), str(file)], check=True)
    server = subprocess.Popen([BIN, "serve", "--port", "0", "--today", "2026-11-22", str(file)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = server.stdout.readline().strip().rstrip("/")
        assert url.startswith("http://127.0.0.1:"), url
        status, first, first_wall = request(url + "/")
        print(f"\n## {size}: first page (reads the budget): server {first:.1f} ms, wall {first_wall:.1f} ms\n")
        print("| request | status | server median ms | server max ms | wall median ms |")
        print("| --- | ---: | ---: | ---: | ---: |")
        worst = 0.0
        for target in TARGETS:
            request(url + target)
            runs = [request(url + target) for _ in range(RUNS)]
            server_ms = [r[1] for r in runs]
            worst = max(worst, max(server_ms))
            print(f"| `{target}` | {runs[0][0]} | {statistics.median(server_ms):.1f} | {max(server_ms):.1f} | {statistics.median(r[2] for r in runs):.1f} |")
        memory = peak_mb(server.pid)
        print(f"\nworst server time {worst:.1f} ms (target 150); peak memory {memory:.0f} MB (target 250)")
    finally:
        server.kill()
        server.wait()


def main():
    sizes = sys.argv[1:] or ["10k", "100k"]
    if os.environ.get("BENCH_NO_BUILD") != "1" and "TALLY_BIN" not in os.environ:
        subprocess.run(["swift", "build", "-c", "release", "--product", "tally"], cwd=ROOT, check=True)
    for size in sizes:
        bench(size)


if __name__ == "__main__":
    main()
