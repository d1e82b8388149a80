#!/usr/bin/env python3
"""Measure `tally lsp` as an editor would feel it.

    python3 Benchmarks/lsp_bench.py [FILE...]      (default: Benchmarks/data/tx-10k.tally tx-100k.tally)

Starts `.build/release/tally lsp --debounce 0 --today 2026-11-22` (TALLY_BIN overrides the
binary), speaks the protocol over pipes, and for each file reports:

- open: didOpen until the first publishDiagnostics;
- edit: an incremental didChange of one amount until its publishDiagnostics (the debounce
  is 0, so this is the server's own latency), median, 90th percentile and worst of BENCH_EDITS edits (20); the amount is
  the last plain transaction's, or with BENCH_EDIT_AT=first the first one's;
- hover on a wallet name in the last transaction, and completion at a wallet position:
  the first request after an edit (which builds the feature index) and the median of 20
  repeats;
- memory: the server's resident set (VmRSS) and peak (VmHWM) with the file open right
  after the requests, and the resident set after 2.5 idle seconds (when the server has
  built the table of every written name and handed freed pages back) with the peak
  then, from /proc (Linux).

With BENCH_SCENARIOS (comma-separated; `all` for every one), further tables follow, each
scenario in a fresh server so that its peak memory is its own:

- `declaration`: ten edits of the first wallet's opening amount (a declaration, so every
  entry's lowering may depend on it), each timed until its diagnostics;
- `symbols`: `textDocument/documentSymbol` for the whole file, five times;
- `tokens`: `textDocument/semanticTokens/full`, five times;
- `cancel`: five `semanticTokens/full` each followed at once by `$/cancelRequest`, then a
  hover: the time until the hover is answered, and how the five were answered;
- `cancel-running`: a whole-file `inlayHint` and a `semanticTokens/full`, each cancelled
  while it runs (300 and 30 ms after it was sent) with a hover sent right after the cancel: the
  time from the cancel to the request's answer (its code) and to the hover's;
- `inlay`: `textDocument/inlayHint` for the whole file, three times;
- `formatting`: `textDocument/formatting` for the whole file, three times (the generated
  budget is not in the formatter's layout, so the answer has an edit on most lines);
- `references`, `rename`: `textDocument/references` (declaration included) and
  `textDocument/rename` on the most used wallet's declaration (the first `wallet` line),
  three times each.

Generate the files with Benchmarks/generate.py (Benchmarks/run.sh does it too).
Standard library only.
"""
import json
import os
import re
import statistics
import subprocess
import sys
import time

BIN = os.environ.get("TALLY_BIN", ".build/release/tally")
PAUSE = float(os.environ.get("BENCH_PAUSE", "0.5"))
# How many edits each edit scenario times (BENCH_EDITS, default 20): enough for a 90th
# percentile.
EDITS = int(os.environ.get("BENCH_EDITS", "20"))


def p90(values):
    """The 90th percentile (nearest rank) of `values`."""
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * 9 // 10) - 1)]


class Server:
    def __init__(self):
        self.proc = subprocess.Popen([BIN, "lsp", "--debounce", "0", "--today", "2026-11-22"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=None if os.environ.get("BENCH_LOG") else subprocess.DEVNULL)
        self.next_id = 1

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise EOFError("server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            key, _, value = line.decode().partition(":")
            if key.lower() == "content-length":
                length = int(value)
        return json.loads(self.proc.stdout.read(length))

    def request(self, method, params):
        return self.wait_answer(self.send_request(method, params))

    def send_request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        return rid

    def wait_answer(self, rid):
        while True:
            message = self.read()
            if message.get("id") == rid:
                return message

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_diagnostics(self, uri):
        while True:
            message = self.read()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return message["params"]

    def memory(self):
        status = open("/proc/%d/status" % self.proc.pid).read()
        rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024
        hwm = int(re.search(r"VmHWM:\s+(\d+)", status).group(1)) / 1024
        return rss, hwm

    def cpu_seconds(self):
        """CPU time used so far by all the server's threads (Linux schedstat, nanoseconds)."""
        total = 0
        for task in os.listdir("/proc/%d/task" % self.proc.pid):
            try:
                total += int(open("/proc/%d/task/%s/schedstat" % (self.proc.pid, task)).read().split()[0])
            except OSError:
                pass
        return total / 1e9

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.proc.wait(timeout=30)


def ms(seconds):
    return "%.2f" % (seconds * 1000)


def bench(path):
    text = open(path, encoding="utf-8").read()
    lines = text.split("\n")
    uri = "file://" + os.path.abspath(path)
    server = Server()
    server.request("initialize", {"processId": None, "capabilities": {}, "rootUri": None})
    server.notify("initialized", {})

    start = time.perf_counter()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "tally", "version": 1, "text": text}})
    first = server.wait_diagnostics(uri)
    open_time = time.perf_counter() - start

    # The last plain transaction: `DATE [payee] WALLET CATEGORY AMOUNT`, one line (the
    # first with BENCH_EDIT_AT=first: everything after the edit then moves).
    target = None
    order = range(1, len(lines) - 1) if os.environ.get("BENCH_EDIT_AT") == "first" else range(len(lines) - 1, 0, -1)
    for number in order:
        match = re.match(r'^(\d{4}-\d\d-\d\d) (?:"[^"]*" +)?([A-Za-z][\w:-]*) +[A-Za-z][\w:-]* +(-?\d+\.\d\d)\s*$', lines[number])
        keywords = ("goal", "fill", "move", "assert", "rate", "skip", "transfer")
        if match and match.group(2) not in keywords and not lines[number + 1 if number + 1 < len(lines) else number].startswith(" "):
            target = (number, match)
            break
    number, match = target
    amount_start = match.start(3)
    amount_end = match.end(3)
    wallet_at = match.start(2) + 1

    edits = []
    cpu = []
    version = 1
    for i in range(EDITS):
        # A pause between edits, as between bursts of typing (BENCH_PAUSE=0 for one
        # burst: each edit then follows the last one's diagnostics at once).
        time.sleep(PAUSE)
        version += 1
        new_amount = "-%d.%02d" % (1 + i, i)
        old_end = amount_end if i == 0 else amount_start + len("-%d.%02d" % (i, i - 1))
        start = time.perf_counter()
        cpu_start = server.cpu_seconds()
        server.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": number, "character": amount_start},
                                          "end": {"line": number, "character": old_end}}, "text": new_amount}],
        })
        server.wait_diagnostics(uri)
        edits.append(time.perf_counter() - start)
        cpu.append(server.cpu_seconds() - cpu_start)

    position = {"textDocument": {"uri": uri}, "position": {"line": number, "character": wallet_at}}
    def timed(method, params):
        start = time.perf_counter()
        answer = server.request(method, params)
        assert "error" not in answer, answer
        return time.perf_counter() - start, answer

    # BENCH_REQUEST_PAUSE: seconds between the last diagnostics and the first request.
    time.sleep(float(os.environ.get("BENCH_REQUEST_PAUSE", "0")))
    hover_first, answer = timed("textDocument/hover", position)
    assert answer.get("result"), "no hover on the wallet"
    hovers = [timed("textDocument/hover", position)[0] for _ in range(20)]
    completion_first, answer = timed("textDocument/completion", position)
    completions = [timed("textDocument/completion", position)[0] for _ in range(20)]
    rss, hwm = server.memory()
    # After two idle seconds the server hands freed heap pages back (FreedMemory.swift).
    time.sleep(2.5)
    idle, final_peak = server.memory()
    server.close()

    size = os.path.getsize(path) / (1 << 20)
    print("| %s | %.1f | %d | %s | %s / %s / %s | %s | %s / %s | %s / %s | %.0f / %.0f / %.0f / %.0f |" % (
        os.path.basename(path), size, len(first["diagnostics"]), ms(open_time),
        ms(statistics.median(edits)), ms(p90(edits)), ms(max(edits)), ms(statistics.median(cpu)),
        ms(hover_first), ms(statistics.median(hovers)),
        ms(completion_first), ms(statistics.median(completions)), rss, hwm, idle, final_peak))


def opened(path):
    """A server with `path` open and its first diagnostics in: (server, uri, lines)."""
    text = open(path, encoding="utf-8").read()
    uri = "file://" + os.path.abspath(path)
    server = Server()
    server.request("initialize", {"processId": None, "capabilities": {}, "rootUri": None})
    server.notify("initialized", {})
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "tally", "version": 1, "text": text}})
    server.wait_diagnostics(uri)
    return server, uri, text.split("\n")


def declaration_edits(path):
    """Ten edits of the first wallet's opening amount, each until its diagnostics."""
    server, uri, lines = opened(path)
    for number, line in enumerate(lines):
        match = re.match(r"^wallet .*?opening (\d+\.\d\d)", line)
        if match:
            break
    else:
        raise SystemExit("no wallet with an opening amount in %s" % path)
    start_char, end_char = match.start(1), match.end(1)
    old = match.group(1)
    edits, cpu = [], []
    for i in range(EDITS):
        time.sleep(PAUSE)
        new = "%d.%02d" % (1000 + i, i)
        start = time.perf_counter()
        cpu_start = server.cpu_seconds()
        server.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2 + i},
            "contentChanges": [{"range": {"start": {"line": number, "character": start_char},
                                          "end": {"line": number, "character": start_char + len(old)}}, "text": new}],
        })
        server.wait_diagnostics(uri)
        edits.append(time.perf_counter() - start)
        cpu.append(server.cpu_seconds() - cpu_start)
        old = new
    rss, hwm = server.memory()
    server.close()
    return "%s / %s / %s | %s | %.0f / %.0f" % (ms(statistics.median(edits)), ms(p90(edits)), ms(max(edits)), ms(statistics.median(cpu)), rss, hwm)


def whole_file(path, method):
    """Five whole-file requests: median and worst time, answer size, memory after."""
    server, uri, _ = opened(path)
    times, size = [], 0
    for _ in range(5):
        start = time.perf_counter()
        answer = server.request(method, {"textDocument": {"uri": uri}})
        times.append(time.perf_counter() - start)
        assert "error" not in answer, answer
        result = answer["result"]
        size = len(result["data"]) if isinstance(result, dict) else len(result)
    rss, hwm = server.memory()
    server.close()
    return "%s / %s | %d | %.0f / %.0f" % (ms(statistics.median(times)), ms(max(times)), size, rss, hwm)


def whole_file_requests(path, method, params_of, count=3):
    """`count` requests `method` with `params_of(uri, lines)` in one server: median and
    worst time, how many items the answer has, memory after (the peak is the worst request's)."""
    server, uri, lines = opened(path)
    params = params_of(uri, lines)
    times, size = [], 0
    for _ in range(count):
        start = time.perf_counter()
        answer = server.request(method, params)
        times.append(time.perf_counter() - start)
        assert "error" not in answer, answer
        result = answer["result"]
        if isinstance(result, dict) and "changes" in result:
            size = sum(len(edits) for edits in result["changes"].values())
        else:
            size = len(result or [])
    rss, hwm = server.memory()
    server.close()
    return "%s / %s | %d | %.0f / %.0f" % (ms(statistics.median(times)), ms(max(times)), size, rss, hwm)


def first_wallet(uri, lines):
    """The position of the first declared wallet's name (the generated budget's most used)."""
    number = next(n for n, line in enumerate(lines) if line.startswith("wallet "))
    return {"textDocument": {"uri": uri}, "position": {"line": number, "character": len("wallet ") + 1}}


def cancelled(path):
    """Five semanticTokens/full, each cancelled at once, then a hover: the time until the
    hover is answered, and what the five got."""
    server, uri, lines = opened(path)
    line = next(n for n in range(len(lines) - 1, 0, -1) if re.match(r"^\d{4}-\d\d-\d\d ", lines[n]))
    start = time.perf_counter()
    ids = []
    for _ in range(5):
        rid = server.send_request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri}})
        server.notify("$/cancelRequest", {"id": rid})
        ids.append(rid)
    hover = server.send_request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": line, "character": 12}})
    outcomes = {}
    while True:
        message = server.read()
        if message.get("id") in ids:
            code = message["error"]["code"] if "error" in message else "result"
            outcomes[code] = outcomes.get(code, 0) + 1
        if message.get("id") == hover:
            break
    elapsed = time.perf_counter() - start
    rss, hwm = server.memory()
    server.close()
    return "%s | %s | %.0f / %.0f" % (ms(elapsed), ", ".join("%s × %d" % (k, v) for k, v in sorted(outcomes.items(), key=str)), rss, hwm)


def cancel_running(path):
    """A whole-file inlayHint, then a semanticTokens/full, each cancelled while it runs
    (300 and 30 ms after it was sent: the server has the tokens ready in under 100 ms, the
    rest of the 250 ms the client waits is sending and reading 15 MB) and followed by a hover: ms from the cancel to the
    request's answer and to the hover's."""
    server, uri, lines = opened(path)
    line = next(n for n in range(len(lines) - 1, 0, -1) if re.match(r"^\d{4}-\d\d-\d\d ", lines[n]))
    results = []
    for method, params, delay in [
        ("textDocument/inlayHint", {"textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": len(lines), "character": 0}}}, 0.3),
        ("textDocument/semanticTokens/full", {"textDocument": {"uri": uri}}, 0.03),
    ]:
        rid = server.send_request(method, params)
        time.sleep(delay)
        start = time.perf_counter()
        server.notify("$/cancelRequest", {"id": rid})
        hover = server.send_request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": line, "character": 12}})
        answered = hovered = None
        code = "?"
        while answered is None or hovered is None:
            message = server.read()
            if message.get("id") == rid:
                answered = time.perf_counter() - start
                code = message["error"]["code"] if "error" in message else "result"
            elif message.get("id") == hover:
                hovered = time.perf_counter() - start
        results.append("%s: %s (%s), hover %s" % (method.split("/")[-1], ms(answered), code, ms(hovered)))
    rss, hwm = server.memory()
    server.close()
    return "%s | %.0f / %.0f" % ("; ".join(results), rss, hwm)


SCENARIOS = {
    "declaration": ("declaration edit → diagnostics ms (median / p90 / worst) | server CPU ms per edit (median) | RSS / peak MB", declaration_edits),
    "symbols": ("documentSymbol ms (median / worst) | top-level symbols | RSS / peak MB", lambda p: whole_file(p, "textDocument/documentSymbol")),
    "tokens": ("semanticTokens/full ms (median / worst) | numbers | RSS / peak MB", lambda p: whole_file(p, "textDocument/semanticTokens/full")),
    "cancel": ("5 cancelled semanticTokens/full, then hover: ms until the hover | answers to the five | RSS / peak MB", cancelled),
    "inlay": ("whole-file inlayHint ms (median / worst) | hints | RSS / peak MB", lambda p: whole_file_requests(
        p, "textDocument/inlayHint", lambda uri, lines: {"textDocument": {"uri": uri}, "range": {
            "start": {"line": 0, "character": 0}, "end": {"line": len(lines), "character": 0}}})),
    "formatting": ("whole-file formatting ms (median / worst) | edits | RSS / peak MB", lambda p: whole_file_requests(
        p, "textDocument/formatting", lambda uri, lines: {"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": True}})),
    "references": ("references on the first wallet ms (median / worst) | places | RSS / peak MB", lambda p: whole_file_requests(
        p, "textDocument/references", lambda uri, lines: dict(first_wallet(uri, lines), context={"includeDeclaration": True}))),
    "rename": ("rename of the first wallet ms (median / worst) | edits | RSS / peak MB", lambda p: whole_file_requests(
        p, "textDocument/rename", lambda uri, lines: dict(first_wallet(uri, lines), newName="Current"))),
    "cancel-running": ("cancelled while running (300 / 30 ms after sending): ms from the cancel to its answer (code), and to a hover sent after it | RSS / peak MB", cancel_running),
}


def main():
    files = sys.argv[1:] or ["Benchmarks/data/tx-10k.tally", "Benchmarks/data/tx-100k.tally"]
    chosen = [name.strip() for name in os.environ.get("BENCH_SCENARIOS", "").split(",") if name.strip()]
    if chosen == ["all"]:
        chosen = list(SCENARIOS)
    if os.environ.get("BENCH_SKIP_EDITS") != "1":
        print("| file | MB | diagnostics | open ms | edit → diagnostics ms (median / p90 / worst) | server CPU ms per edit (median) | hover ms (first / median) | completion ms (first / median) | RSS / peak / idle / peak after idle MB |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for path in files:
            bench(path)
    for name in chosen:
        header, run = SCENARIOS[name]
        print()
        print("| file | " + header + " |")
        print("| --- |" + " ---: |" * header.count("|") + " ---: |")
        for path in files:
            print("| %s | %s |" % (os.path.basename(path), run(path)), flush=True)


if __name__ == "__main__":
    main()
