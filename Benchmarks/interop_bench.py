#!/usr/bin/env python3
"""Times `tally export` and `tally convert` on 100,000 transactions (issue 15).

    python3 Benchmarks/interop_bench.py              # 5 runs of each, 100k transactions
    python3 Benchmarks/interop_bench.py --runs 9 --size 10000

The budget comes from Benchmarks/generate.py (deterministic); it is exported once to each
peer (Benchmarks/data/interop/tx-100k.journal, .ledger, .beancount, git-ignored) and
those journals are what `convert` reads. Then, for each peer in turn, the script times

    tally export --to PEER tx-100k.tally -o FILE       (FILE removed before each run)
    tally convert tx-100k.EXT > /dev/null

with the release binary (.build/release/tally, or TALLY_BIN; build it first with
`swift build -c release --product tally`) and TALLY_TODAY=2026-11-22. Each row gives
the minimum and the median of the runs: wall time, CPU time (user + system, from the
child's rusage), and peak memory. The load average (`os.getloadavg`) is printed before
and after, because the machine is shared: compare CPU times when the load is high.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Benchmarks", "data")
TALLY = os.environ.get("TALLY_BIN", os.path.join(ROOT, ".build", "release", "tally"))
PEERS = [("hledger", "journal"), ("ledger", "ledger"), ("beancount", "beancount")]
ENV = dict(os.environ, TALLY_TODAY="2026-11-22")


def label(n):
    return "%dk" % (n // 1000) if n % 1000 == 0 else str(n)


def run(arguments, stdout):
    """Runs once; returns (wall seconds, CPU seconds, max RSS in MB)."""
    start = time.perf_counter()
    child = subprocess.Popen(arguments, stdout=stdout, stderr=subprocess.DEVNULL, env=ENV)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit("%s exited with %d" % (" ".join(arguments), code))
    # ru_maxrss is in kilobytes on Linux, bytes on macOS.
    rss = usage.ru_maxrss / (1 << 20 if sys.platform == "darwin" else 1 << 10)
    return wall, usage.ru_utime + usage.ru_stime, rss


def timed(name, arguments, runs, before=None, stdout=subprocess.DEVNULL):
    results = []
    for _ in range(runs):
        if before:
            before()
        results.append(run(arguments, stdout))
    walls, cpus, rss = zip(*results)
    return "| %s | %.2f | %.2f | %.2f | %.2f | %.0f |" % (
        name, min(walls), statistics.median(walls), min(cpus), statistics.median(cpus), max(rss))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", type=int, default=100000)
    options = parser.parse_args()
    if not os.access(TALLY, os.X_OK):
        sys.exit("no binary at %s: run `swift build -c release --product tally` first" % TALLY)

    size = label(options.size)
    budget = os.path.join(DATA, "tx-%s.tally" % size)
    if not os.path.exists(budget):
        os.makedirs(DATA, exist_ok=True)
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "generate.py"), str(options.size), budget], check=True)
    folder = os.path.join(DATA, "interop")
    os.makedirs(folder, exist_ok=True)
    journals = {}
    for peer, extension in PEERS:
        journal = os.path.join(folder, "tx-%s.%s" % (size, extension))
        if not os.path.exists(journal):
            subprocess.run([TALLY, "export", "--to", peer, "-o", journal, budget], env=ENV, check=True)
        journals[peer] = journal

    print("load average before: %.2f %.2f %.2f" % os.getloadavg())
    print()
    print("| %s transactions, %d runs | wall min s | wall median s | CPU min s | CPU median s | max RSS MB |" % (size, options.runs))
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    scratch = os.path.join(folder, "export-output")

    def remove_scratch():
        if os.path.exists(scratch):
            os.remove(scratch)

    for peer, _ in PEERS:
        print(timed("export --to %s" % peer, [TALLY, "export", "--to", peer, "-o", scratch, budget], options.runs, before=remove_scratch), flush=True)
    remove_scratch()
    for peer, _ in PEERS:
        print(timed("convert (%s journal)" % peer, [TALLY, "convert", journals[peer]], options.runs), flush=True)
    print()
    print("load average after: %.2f %.2f %.2f" % os.getloadavg())


if __name__ == "__main__":
    main()
