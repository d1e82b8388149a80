#!/usr/bin/env python3
"""Tally beside ledger, hledger and beancount doing the same work: one command, one table.

    python3 Benchmarks/peers.py                        # 10k and 100k, 5 paired runs
    python3 Benchmarks/peers.py --sizes 10k,100k,1m --runs 3
    python3 Benchmarks/peers.py --workloads check,balance --markdown

For each size the budget comes from Benchmarks/generate.py (deterministic; made when
missing) and is exported once with `tally export --to PEER` to the journals the peers
read (Benchmarks/data/interop/tx-SIZE.journal, .ledger, .beancount; git-ignored). Then
each workload runs as Tally and as every peer that has the same work, in pairs: Tally,
then the peer, then Tally again, so a machine that grows busy slows both sides alike.
Each cell is the median wall time of the runs with the peak memory (the child's
rusage), and the last column is the fastest peer's median over Tally's median.

The workloads and the peers' commands that do the same work:

    check     tally check            hledger check       ledger bal    bean-check
    balance   tally balance          hledger bal         ledger bal    -
    register  tally register         hledger reg         ledger reg    -
    monthly   tally is -M            hledger is -M       ledger reg -M ^Income ^Expenses   -
    fmt       tally fmt --check      hledger print       ledger print  bean-format

ledger has no check of its own: reading the journal and balancing it is what `bal`
does. A peer is skipped above its `--peer-limit` size (a default that keeps one sitting
under half an hour: ledger's register at 100k takes about 50 s and 9 GB) and shown as
"skipped"; a peer not installed is shown as "not installed". The load average before
and after is printed, because the machine may be shared.

Environment: TALLY_BIN (default .build/release/tally; build it with
`swift build -c release --product tally`), TALLY_VENV (beancount's virtual
environment, default ~/.cache/tally/venv).
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Benchmarks", "data")
TALLY = os.environ.get("TALLY_BIN", os.path.join(ROOT, ".build", "release", "tally"))
VENV = os.environ.get("TALLY_VENV", os.path.expanduser("~/.cache/tally/venv"))
TODAY = "2026-11-22"
ENV = dict(os.environ, TALLY_TODAY=TODAY, LEDGER_DATE_FORMAT="%Y-%m-%d")

# workload -> (Tally's arguments, {peer: arguments}); FILE stands for the journal.
WORKLOADS = {
    "check": (["check"], {
        "ledger": ["ledger", "-f", "FILE", "bal"],
        "hledger": ["hledger", "-f", "FILE", "check"],
        "beancount": ["bean-check", "FILE"],
    }),
    "balance": (["balance"], {
        "ledger": ["ledger", "-f", "FILE", "bal"],
        "hledger": ["hledger", "-f", "FILE", "bal"],
    }),
    "register": (["register"], {
        "ledger": ["ledger", "-f", "FILE", "reg"],
        "hledger": ["hledger", "-f", "FILE", "reg"],
    }),
    "monthly": (["is", "-M"], {
        "ledger": ["ledger", "-f", "FILE", "reg", "-M", "^Income", "^Expenses"],
        "hledger": ["hledger", "-f", "FILE", "is", "-M"],
    }),
    "fmt": (["fmt", "--check"], {
        "ledger": ["ledger", "-f", "FILE", "print"],
        "hledger": ["hledger", "-f", "FILE", "print"],
        "beancount": ["bean-format", "FILE"],
    }),
}
PEERS = [("ledger", "ledger"), ("hledger", "journal"), ("beancount", "beancount")]
# The largest size each peer runs at by default (transactions), per workload or for all.
PEER_LIMIT = {"ledger": 1_000_000, "hledger": 100_000, "beancount": 100_000, ("ledger", "register"): 10_000}
SIZES = {"10k": 10_000, "100k": 100_000, "1m": 1_000_000}


def budget(size_name):
    """The Tally budget of `size_name`, generated when missing."""
    path = os.path.join(DATA, "tx-%s.tally" % size_name)
    if not os.path.exists(path):
        os.makedirs(DATA, exist_ok=True)
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "generate.py"), str(SIZES[size_name]), path],
                       check=True, stdout=subprocess.DEVNULL)
    return path


def journal(size_name, peer, extension):
    """The peer's journal exported from the budget, made when missing."""
    path = os.path.join(DATA, "interop", "tx-%s.%s" % (size_name, extension))
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        subprocess.run([TALLY, "export", budget(size_name), "--to", peer, "-o", path, "--today", TODAY], check=True)
    return path


def executable(name):
    """The program's path, beancount's from its virtual environment first; None when missing."""
    in_venv = os.path.join(VENV, "bin", name)
    return in_venv if os.access(in_venv, os.X_OK) else shutil.which(name)


def run_once(arguments):
    """Wall seconds and peak MB of one run; None when the command failed (for
    `fmt --check`, exit 1 says a file would change: the work was done all the same, and
    the generated budgets are not in the canonical layout)."""
    start = time.perf_counter()
    child = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0 and not (code == 1 and "--check" in arguments):
        return None
    return wall, usage.ru_maxrss / 1024


def paired(tally, peers, runs):
    """Runs Tally and each peer in turn, `runs` rounds; the median (seconds, MB) of each."""
    results = {name: [] for name in ["tally"] + list(peers)}
    for _ in range(runs):
        for name, arguments in [("tally", tally)] + list(peers.items()):
            results[name].append(run_once(arguments))
    medians = {}
    for name, samples in results.items():
        if any(sample is None for sample in samples):
            medians[name] = "failed"
            continue
        medians[name] = (statistics.median(s[0] for s in samples), max(s[1] for s in samples))
    return medians


def cell(value):
    if isinstance(value, str):
        return value
    seconds, megabytes = value
    shown = "%.3f s" % seconds if seconds < 1 else "%.2f s" % seconds
    return "%s, %.0f MB" % (shown, megabytes)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="10k,100k", help="comma-separated: 10k, 100k, 1m")
    parser.add_argument("--workloads", default=",".join(WORKLOADS), help="comma-separated: " + ", ".join(WORKLOADS))
    parser.add_argument("--runs", type=int, default=5, help="paired rounds per workload (median)")
    parser.add_argument("--peer-limit", action="append", default=[], metavar="PEER=N",
                        help="run PEER only up to N transactions (e.g. hledger=1000000)")
    options = parser.parse_args()
    if not os.access(TALLY, os.X_OK):
        sys.exit("peers.py: no %s; build it with: swift build -c release --product tally" % TALLY)
    for limit in options.peer_limit:
        peer, _, value = limit.partition("=")
        PEER_LIMIT[peer] = int(value)
    sizes = [s.strip().lower() for s in options.sizes.split(",")]
    workloads = [w.strip() for w in options.workloads.split(",")]
    for name in sizes + workloads:
        if name not in SIZES and name not in WORKLOADS:
            sys.exit("peers.py: unknown size or workload `%s`" % name)

    print("load before: %.2f %.2f %.2f" % os.getloadavg())
    print("| workload | size | ledger | hledger | beancount | Tally | fastest peer / Tally |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for workload in workloads:
        tally_arguments, peer_arguments = WORKLOADS[workload]
        for size_name in sizes:
            count = SIZES[size_name]
            tally = [TALLY] + tally_arguments + [budget(size_name)]
            peers, shown = {}, {}
            for peer, extension in PEERS:
                arguments = peer_arguments.get(peer)
                if arguments is None:
                    shown[peer] = "—"
                    continue
                program = executable(arguments[0])
                if program is None:
                    shown[peer] = "not installed"
                    continue
                if count > PEER_LIMIT.get((peer, workload), PEER_LIMIT.get(peer, count)):
                    shown[peer] = "skipped"
                    continue
                path = journal(size_name, peer, extension)
                peers[peer] = [program] + [path if a == "FILE" else a for a in arguments[1:]]
            medians = paired(tally, peers, options.runs)
            shown.update(medians)
            timed = [medians[p][0] for p in peers if not isinstance(medians[p], str)]
            ratio = "—"
            if timed and not isinstance(medians["tally"], str):
                ratio = "%.1f×" % (min(timed) / medians["tally"][0])
            print("| %s | %s | %s | %s | %s | %s | %s |" % (
                workload, size_name, cell(shown["ledger"]), cell(shown["hledger"]), cell(shown["beancount"]),
                cell(medians["tally"]), ratio), flush=True)
    print("load after: %.2f %.2f %.2f" % os.getloadavg())


if __name__ == "__main__":
    main()
