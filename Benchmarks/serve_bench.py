#!/usr/bin/env python3
"""Times `tally serve`'s pages and API on generated budgets, and its peak memory.

    python3 Benchmarks/serve_bench.py [SIZE ...]      SIZE: 10k, 100k (default: both)

Builds the release binary (BENCH_NO_BUILD=1 skips it; TALLY_BIN names another), makes
Benchmarks/data/tx-SIZE.tally with generate.py if missing, starts
`tally serve --port 0 --today 2026-11-22 FILE`, opens the printed address (its key
becomes the cookie every request then carries, as a browser's do), and asks each page and
API answer BENCH_RUNS times (default 7) after one warm-up request (the first reading of
the budget is timed on its own), the register's filters and sorts among them. The server
time is the app's own, from the `Server-Timing` header (the request's handling, not the
network; for an answer sent as it is made, `/api/register`, the time until its first
bytes); the wall time is the whole request from this script, the answer read to its end;
the CPU time is the server's (all its threads, user and system, from /proc/PID/stat, in
10 ms ticks) over the runs divided by their number: on a machine shared by many, waiting
for a core swells the times, not the CPU time.
Then BENCH_CLIENTS clients (default 8) at once each ask the unfiltered `/api/register`
BENCH_ROUNDS times (default 3) while the server's resident memory (VmRSS) is sampled
every 5 ms; the peak of the samples and VmHWM at the end are printed. Targets: at most
150 ms server time per request, 8 clients at once at most 250 MB at 100k. Only
127.0.0.1 is contacted.

    python3 Benchmarks/serve_bench.py memory [SIZE ...]

Memory over a long run, on a copy of the budget (Benchmarks/data/tx-SIZE-serve-PID.tally)
with the server open on it: BENCH_SAVES saves (default 100; each rewrites the file as an
editor does, with one transaction more, then waits, as an open page does, until
/api/version changes and fetches the overview, the envelopes and /api/diagnostics again;
the time from the save to the new overview is the live update's), then 20 clients at
once (BENCH_CLIENT_REQUESTS each, default 20, over every page and API answer), then a
long run of BENCH_SOAK requests (default 600, over every page and API answer, a save
every 25th). Resident memory (VmRSS) is printed after the first load, along the saves,
after the clients and along the long run; VmHWM at the end. Memory that keeps growing
with the saves or the requests is a leak; the target is 250 MB at 100k throughout.
Meanwhile VmRSS is sampled every 2 ms and each sample is put down to the phase it was
taken in (a save's steps, the clients, each request of the long run), so the table at the
end says where the peak came from and which requests were being answered at it.
"""

import os
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = os.environ.get("TALLY_BIN", str(ROOT / ".build/release/tally"))
RUNS = int(os.environ.get("BENCH_RUNS", "7"))
COUNTS = {"1k": 1_000, "10k": 10_000, "100k": 100_000, "1m": 1_000_000}
SAVES = int(os.environ.get("BENCH_SAVES", "100"))
CLIENTS = 20
CLIENT_REQUESTS = int(os.environ.get("BENCH_CLIENT_REQUESTS", "20"))
SOAK = int(os.environ.get("BENCH_SOAK", "600"))
CONCURRENT = int(os.environ.get("BENCH_CLIENTS", "8"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
TARGETS = [
    "/", "/envelopes", "/register?period=2026-11", "/register", "/register?search=coffee", "/register?sort=amount",
    "/register?sort=payee&desc=1", "/goals", "/due", "/diagnostics", "/source?file=0&line=5000",
    "/api/version", "/api/balance", "/api/envelopes", "/api/goals", "/api/register?period=2026-11", "/api/register",
    "/api/register?search=coffee", "/api/register?sort=amount", "/api/report", "/api/due", "/api/insights", "/api/forecast",
    "/api/diagnostics",
]
# The cookie the printed address gives (`start`), sent with every request.
COOKIE = {}


def request(url):
    start = time.perf_counter()
    asked = urllib.request.Request(url, headers={"Cookie": COOKIE.get("value", "")})
    with urllib.request.urlopen(asked, timeout=120) as answer:
        while answer.read(1 << 20):
            pass
        timing = answer.headers.get("Server-Timing", "")
        status = answer.status
    wall = (time.perf_counter() - start) * 1000
    match = re.search(r"dur=([0-9.]+)", timing)
    return status, float(match.group(1)) if match else float("nan"), wall


def peak_mb(pid, field="VmHWM"):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_ms(pid):
    """The CPU time the process has used, all threads, in milliseconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def resident_mb(pid):
    return peak_mb(pid, "VmRSS")


def data_file(size):
    data = ROOT / "Benchmarks/data"
    data.mkdir(exist_ok=True)
    file = data / f"tx-{size}.tally"
    if not file.exists():
        subprocess.run([sys.executable, str(ROOT / "Benchmarks/generate.py"), str(COUNTS[size]), str(file)], check=True)
    return file


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *arguments):
        return None


def start(file):
    """Starts the server and trades the printed address's key for the cookie (a build
    from before the key on loopback prints no key: then no cookie is needed)."""
    server = subprocess.Popen([BIN, "serve", "--port", "0", "--today", "2026-11-22", str(file)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    link = server.stdout.readline().strip()
    url = link.split("?", 1)[0].rstrip("/")
    assert url.startswith("http://127.0.0.1:"), link
    COOKIE.pop("value", None)
    if "?token=" in link:
        try:
            urllib.request.build_opener(NoRedirect).open(link, timeout=120)
        except urllib.error.HTTPError as answer:
            assert answer.code == 303, answer.code
            COOKIE["value"] = answer.headers["Set-Cookie"].split(";", 1)[0]
    return server, url


class Saver:
    """Saves the budget as an editor does: the whole file written anew, one transaction
    more (a copy of its last one), then renamed over the old one."""

    def __init__(self, file):
        self.file = file
        self.text = file.read_text(encoding="utf-8")
        self.line = next(line for line in reversed(self.text.splitlines()) if line[:4].isdigit() and '"' in line)
        self.count = 0

    def save(self):
        self.count += 1
        self.text += self.line + f"  ; save {self.count}\n"
        temporary = self.file.with_suffix(".saving")
        temporary.write_text(self.text, encoding="utf-8")
        os.replace(temporary, self.file)


def version(url):
    asked = urllib.request.Request(url + "/api/version", headers={"Cookie": COOKIE.get("value", "")})
    with urllib.request.urlopen(asked, timeout=120) as answer:
        return answer.read()


def concurrent(server, url):
    """BENCH_CLIENTS clients at once, each asking the unfiltered /api/register
    BENCH_ROUNDS times, VmRSS sampled meanwhile; the peak sample and the times."""
    samples, done, times, failures = [], threading.Event(), [], []

    def sample():
        while not done.is_set():
            samples.append(resident_mb(server.pid))
            time.sleep(0.005)

    def client():
        for _ in range(ROUNDS):
            try:
                status, server_ms, wall = request(url + "/api/register")
                times.append((server_ms, wall))
                if status != 200:
                    failures.append(status)
            except Exception as error:  # noqa: BLE001 - counted and printed
                failures.append(repr(error))

    sampler = threading.Thread(target=sample)
    sampler.start()
    before = resident_mb(server.pid)
    started = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(CONCURRENT)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    done.set()
    sampler.join()
    print(f"\n{CONCURRENT} clients x {ROUNDS} unfiltered /api/register at once: {elapsed:.1f} s; "
          f"server time median {statistics.median(t[0] for t in times):.1f} ms, worst {max(t[0] for t in times):.1f}; "
          f"wall median {statistics.median(t[1] for t in times):.0f} ms, worst {max(t[1] for t in times):.0f}; "
          f"VmRSS {before:.0f} MB before, peak {max(samples):.0f} MB ({len(samples)} samples), {resident_mb(server.pid):.0f} after; "
          f"failures {len(failures)}: {failures[:3]}")


class Phases:
    """VmRSS sampled every 2 ms on a thread of its own, each sample put down to the phase
    named last (`mark`), with the requests in flight at the highest sample."""

    def __init__(self, pid):
        self.pid, self.phase, self.peaks, self.flying = pid, "start", {}, {}
        self.peak = (0.0, "", ())
        self.lock, self.done = threading.Lock(), threading.Event()
        self.thread = threading.Thread(target=self.sample)
        self.thread.start()

    def mark(self, phase):
        self.phase = phase

    def asking(self, target, key):
        with self.lock:
            if target is None:
                self.flying.pop(key, None)
            else:
                self.flying[key] = target

    def sample(self):
        while not self.done.is_set():
            try:
                value = resident_mb(self.pid)
            except (OSError, ValueError):
                break
            phase = self.phase
            count, high = self.peaks.get(phase, (0, 0.0))
            self.peaks[phase] = (count + 1, max(high, value))
            if value > self.peak[0]:
                with self.lock:
                    self.peak = (value, phase, tuple(sorted(self.flying.values())))
            time.sleep(0.002)

    def report(self):
        self.done.set()
        self.thread.join()
        print("\n| phase | samples | peak VmRSS MB |\n| --- | ---: | ---: |")
        for phase, (count, high) in sorted(self.peaks.items(), key=lambda item: -item[1][1])[:12]:
            print(f"| {phase} | {count} | {high:.0f} |")
        value, phase, flying = self.peak
        print(f"highest sample {value:.0f} MB in `{phase}`, requests in flight: {', '.join(flying) or 'none'}")


def memory(size):
    # A copy of its own, so that runs side by side (two builds compared) save their own.
    file = ROOT / "Benchmarks/data" / f"tx-{size}-serve-{os.getpid()}.tally"
    file.write_text(data_file(size).read_text(encoding="utf-8"), encoding="utf-8")
    server, url = start(file)
    phases = Phases(server.pid)
    try:
        phases.mark("first load")
        request(url + "/")
        print(f"\n## {size}: memory over a long run (VmRSS MB)\n")
        print(f"after the first load: {resident_mb(server.pid):.0f}")
        saver, live = Saver(file), []
        checkpoints = {1, 10, 25, 50, SAVES}
        for n in range(1, SAVES + 1):
            before = version(url)
            saved = time.perf_counter()
            phases.mark("saves: the save")
            saver.save()
            while version(url) == before:
                time.sleep(0.02)
            phases.mark("saves: / (reads the budget)")
            request(url + "/")
            live.append((time.perf_counter() - saved) * 1000)
            phases.mark("saves: /envelopes")
            request(url + "/envelopes")
            phases.mark("saves: /api/diagnostics (checks)")
            request(url + "/api/diagnostics")
            if n in checkpoints:
                print(f"after {n} saves: {resident_mb(server.pid):.0f}")
        print(f"save to new overview: median {statistics.median(live):.0f} ms, worst {max(live):.0f} ms ({SAVES} saves)")

        failures, worst = [], [0.0]

        def client(k):
            for i in range(CLIENT_REQUESTS):
                target = TARGETS[(k + i) % len(TARGETS)]
                phases.asking(target, k)
                try:
                    status, server_ms, _ = request(url + target)
                    worst[0] = max(worst[0], server_ms)
                    if status != 200:
                        failures.append((target, status))
                except Exception as error:  # noqa: BLE001 - counted and printed
                    failures.append((target, repr(error)))
                phases.asking(None, k)

        phases.mark(f"{CLIENTS} clients at once")
        started = time.perf_counter()
        threads = [threading.Thread(target=client, args=(k,)) for k in range(CLIENTS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
        print(f"after {CLIENTS} clients x {CLIENT_REQUESTS} requests at once: {resident_mb(server.pid):.0f} "
              f"({elapsed:.1f} s, worst server time {worst[0]:.1f} ms, failures {len(failures)}: {failures[:3]})")

        started = time.perf_counter()
        for i in range(1, SOAK + 1):
            target = TARGETS[i % len(TARGETS)]
            if i % 25 == 0:
                phases.mark("long run: the save")
                saver.save()
            phases.mark(f"long run: {target}" + (" (after a save)" if i % 25 == 0 else ""))
            request(url + target)
            if i % 100 == 0 or i == SOAK:
                print(f"long run, after {i} requests ({saver.count} saves in all, {time.perf_counter() - started:.0f} s): {resident_mb(server.pid):.0f}")
        print(f"peak (VmHWM): {peak_mb(server.pid):.0f} MB (target 250 at 100k)")
        phases.report()
    finally:
        phases.done.set()
        server.kill()
        server.wait()
        file.unlink(missing_ok=True)


def bench(size):
    server, url = start(data_file(size))
    try:
        status, first, first_wall = request(url + "/")
        print(f"\n## {size}: first page (reads the budget): server {first:.1f} ms, wall {first_wall:.1f} ms\n")
        print("| request | status | server median ms | server max ms | wall median ms | CPU ms |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        worst = 0.0
        for target in TARGETS:
            request(url + target)
            cpu = cpu_ms(server.pid)
            runs = [request(url + target) for _ in range(RUNS)]
            cpu = (cpu_ms(server.pid) - cpu) / RUNS
            server_ms = [r[1] for r in runs]
            worst = max(worst, max(server_ms))
            print(f"| `{target}` | {runs[0][0]} | {statistics.median(server_ms):.1f} | {max(server_ms):.1f} | {statistics.median(r[2] for r in runs):.1f} | {cpu:.0f} |")
        memory = peak_mb(server.pid)
        print(f"\nworst server time {worst:.1f} ms (target 150); peak memory {memory:.0f} MB before the clients")
        concurrent(server, url)
        print(f"peak memory (VmHWM) {peak_mb(server.pid):.0f} MB (target 250)")
    finally:
        server.kill()
        server.wait()


def main():
    arguments = sys.argv[1:]
    run = bench
    if arguments[:1] == ["memory"]:
        arguments, run = arguments[1:], memory
    sizes = arguments or ["10k", "100k"]
    if os.environ.get("BENCH_NO_BUILD") != "1" and "TALLY_BIN" not in os.environ:
        subprocess.run(["swift", "build", "-c", "release", "--product", "tally"], cwd=ROOT, check=True)
    for size in sizes:
        run(size)


if __name__ == "__main__":
    main()
