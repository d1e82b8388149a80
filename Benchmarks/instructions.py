#!/usr/bin/env python3
"""The instruction-count regression guard (issue 39).

    python3 Benchmarks/instructions.py                # measure, print the table against the record
    python3 Benchmarks/instructions.py --check        # the same; exit 1 when one grew by more than 5 %
    python3 Benchmarks/instructions.py --record       # measure and write Benchmarks/instructions.json
    python3 Benchmarks/instructions.py --full ...     # also the 100k workloads (by hand: about a minute more)
    python3 Benchmarks/instructions.py --self-test    # the guard's own tests (one real callgrind run)

Counts the instructions the release binary (`TALLY_BIN`, default `.build/release/tally`)
executes, with `valgrind --tool=callgrind` (or `--counter perf`: `perf stat -e
instructions:u`, where the kernel allows it), for fixed workloads on budgets from
Benchmarks/generate.py (its fixed seed, so the same bytes every time):

- `check-10k`, `check-100k`: `tally check -q FILE`;
- `import-10k`: a 1,000-row CSV statement into the 10k budget, `--dry-run`;
- `convert-10k`: `tally convert` of the 10k budget exported as a ledger journal;
- `lsp-edit-10k`: one edit of an amount in the 10k budget until its diagnostics, through
  `tally lsp` driven by Benchmarks/lsp_bench.py's client: the instructions of a session
  with five edits less those of the same session without edits, divided by five. The
  server runs with TALLY_LSP_IN_LINE=1: no timers (and so no idle work), so that every
  session counts the same.

Each workload runs on copies in a folder of its own under the temporary folder, which
the search for an including budget does not leave, so what else lies in Benchmarks/data
or the repository does not change the counts.

Unlike times, instruction counts do not depend on the machine's load, so a growth of
more than 5 % is the code's doing. They do depend on the toolchain and the counter:
compare only figures from the same ones (the record names both, and `--check` warns when
they differ). Swift's hashing is made deterministic (SWIFT_DETERMINISTIC_HASHING=1) so
that two runs count the same. Standard library only.
"""
import argparse
import datetime
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Benchmarks", "data")
RECORD = os.path.join(ROOT, "Benchmarks", "instructions.json")
TALLY = os.environ.get("TALLY_BIN", os.path.join(ROOT, ".build", "release", "tally"))
TODAY = "2026-11-22"
# A growth beyond this share of the recorded figure fails `--check`.
TOLERANCE = 0.05
ENV = dict(os.environ, TALLY_TODAY=TODAY, SWIFT_DETERMINISTIC_HASHING="1")
LSP_EDITS = 5

sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))


# ---- counting -------------------------------------------------------------------------

def counted(arguments, counter="callgrind", stdin=None):
    """The instructions `arguments` executes under `counter`; exit codes 0 and 1 are runs."""
    if counter == "callgrind":
        with tempfile.TemporaryDirectory() as scratch:
            log = os.path.join(scratch, "valgrind.log")
            command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--log-file=" + log] + arguments
            result = subprocess.run(command, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV)
            with open(log, encoding="utf-8", errors="replace") as f:
                text = f.read()
        match = re.search(r"Collected\s*:\s*(\d+)", text)
    else:
        command = ["perf", "stat", "-x", ",", "-e", "instructions:u"] + arguments
        result = subprocess.run(command, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV)
        text = result.stderr.decode(errors="replace")
        match = re.search(r"^(\d+),[^,]*,instructions", text, re.M)
        if "<not supported>" in text:
            sys.exit("perf cannot count instructions here (no hardware counter, as in many VMs): use callgrind")
    if result.returncode not in (0, 1) or not match:
        sys.exit("could not count %s (exit %d):\n%s" % (" ".join(arguments), result.returncode, text[-2000:]))
    return int(match.group(1))


def lsp_counted(path, edits, counter):
    """The instructions of a `tally lsp` session that opens `path` and makes `edits` edits."""
    import lsp_bench

    with tempfile.TemporaryDirectory() as scratch:
        log = os.path.join(scratch, "count.log")
        wrapper = os.path.join(scratch, "tally")
        if counter == "callgrind":
            prefix = "valgrind --tool=callgrind --callgrind-out-file=/dev/null --log-file='%s'" % log
        else:
            prefix = "perf stat -x , -e instructions:u -o '%s'" % log
        with open(wrapper, "w") as f:
            f.write("#!/bin/sh\nexec %s '%s' \"$@\"\n" % (prefix, TALLY))
        os.chmod(wrapper, 0o755)
        lsp_bench.BIN = wrapper
        saved = dict(os.environ)
        # In line: no timers or background threads, so every run does the same work.
        os.environ.update(SWIFT_DETERMINISTIC_HASHING="1", TALLY_LSP_IN_LINE="1")
        try:
            server = lsp_bench.Server()
            text = open(path, encoding="utf-8").read()
            uri = "file://" + os.path.abspath(path)
            server.request("initialize", {"processId": None, "capabilities": {}, "rootUri": None})
            server.notify("initialized", {})
            server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "tally", "version": 1, "text": text}})
            server.wait_diagnostics(uri)
            line, start, end = last_amount(text)
            for i in range(edits):
                amount = "-%d.%02d" % (1 + i, i)
                server.notify("textDocument/didChange", {
                    "textDocument": {"uri": uri, "version": 2 + i},
                    "contentChanges": [{"range": {"start": {"line": line, "character": start},
                                                  "end": {"line": line, "character": end}}, "text": amount}],
                })
                end = start + len(amount)
                server.wait_diagnostics(uri)
            server.close()
        finally:
            os.environ.clear()
            os.environ.update(saved)
        with open(log, encoding="utf-8", errors="replace") as f:
            text = f.read()
    pattern = r"Collected\s*:\s*(\d+)" if counter == "callgrind" else r"^(\d+),[^,]*,instructions"
    match = re.search(pattern, text, re.M)
    if not match:
        sys.exit("could not count the language server:\n" + text[-2000:])
    return int(match.group(1))


def last_amount(text):
    """(line, start, end) of the amount of the budget's last one-line transaction."""
    lines = text.split("\n")
    for number in range(len(lines) - 2, 0, -1):
        match = re.match(r'^\d{4}-\d\d-\d\d "[^"]*" +[A-Za-z][\w:-]* +[A-Za-z][\w:-]* +(-?\d+\.\d\d)\s*$', lines[number])
        if match and not lines[number + 1].startswith(" "):
            return number, match.start(1), match.end(1)
    sys.exit("no one-line transaction to edit")


# ---- the workloads --------------------------------------------------------------------

def budget(size):
    """Benchmarks/data/tx-SIZE.tally, generated when missing (fixed seed)."""
    path = os.path.join(DATA, "tx-%s.tally" % size)
    if not os.path.exists(path):
        os.makedirs(DATA, exist_ok=True)
        count = {"10k": 10000, "100k": 100000}[size]
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "generate.py"), str(count), path],
                       check=True, stderr=subprocess.DEVNULL)
    return path


def statement(path, rows=1000):
    """A CSV statement of `rows` card payments after the budget's last day, for Checking."""
    out = os.path.join(DATA, "instructions-statement.csv")
    text = open(path, encoding="utf-8").read()
    payees = sorted(set(re.findall(r'^\d{4}-\d\d-\d\d "([^"]+)" +Checking ', text, re.M)))
    last = max(re.findall(r"^(\d{4}-\d\d-\d\d) ", text, re.M))
    start = datetime.date.fromisoformat(last) + datetime.timedelta(days=1)
    rng = random.Random(39)
    with open(out, "w", encoding="utf-8") as f:
        f.write("Date,Payee,Amount,Id\n")
        for i in range(rows):
            day = start + datetime.timedelta(days=i * 90 // rows)
            cents = rng.randrange(150, 20000)
            f.write('%s,"%s",-%d.%02d,G%05d\n' % (day.isoformat(), rng.choice(payees), cents // 100, cents % 100, i))
    return out, (start + datetime.timedelta(days=91)).isoformat()


def journal(path):
    """The budget exported as a ledger journal (made when missing)."""
    out = path[: -len(".tally")] + ".ledger"
    if not os.path.exists(out):
        subprocess.run([TALLY, "export", "--to", "ledger", "-o", out, path], env=ENV, check=True)
    return out


def isolated(*files):
    """Copies of `files` in a new folder of their own in the temporary folder.

    `tally check`, `import` and `lsp` look for a budget that includes the file in the
    folders around it (the whole repository inside one); in a folder of its own under
    `/tmp`, which the search never reads, they read the same files on every machine
    whatever else lies in Benchmarks/data. The caller removes the folder.
    """
    folder = tempfile.mkdtemp(prefix="tally-instructions-")
    for path in files:
        shutil.copy(path, folder)
    return folder, [os.path.join(folder, os.path.basename(path)) for path in files]


def workloads(full):
    """Name -> a function of the counter that returns the workload's instructions."""
    def run(files, work):
        folder, copies = isolated(*files)
        try:
            return work(*copies)
        finally:
            shutil.rmtree(folder)

    def check(size):
        return lambda counter: run([budget(size)], lambda path: counted([TALLY, "check", "-q", path], counter))

    def import_10k(counter):
        csv, today = statement(budget("10k"))
        return run([budget("10k"), csv], lambda path, copy: counted(
            [TALLY, "import", path, copy, "--wallet", "Checking", "--dry-run", "--today", today], counter))

    def convert_10k(counter):
        return run([journal(budget("10k"))], lambda path: counted([TALLY, "convert", path], counter))

    def lsp_edit_10k(counter):
        # The server runs with TALLY_LSP_IN_LINE=1 (see lsp_counted): an edit's work ends
        # at its diagnostics (the features' tables wait for a request) and no idle timer
        # runs, so a session counts the same every time (three sessions of each kind within 0.05 %, where the timers and
        # the background thread made the difference per edit vary 47.4–51.6 M: `python3
        # Benchmarks/instructions.py --only lsp-edit-10k`, 2026-11-29). One session each.
        def edit(path):
            sessions = {edits: lsp_counted(path, edits, counter) for edits in (0, LSP_EDITS)}
            return (sessions[LSP_EDITS] - sessions[0]) // LSP_EDITS

        return run([budget("10k")], edit)

    chosen = {"check-10k": check("10k")}
    if full:
        chosen["check-100k"] = check("100k")
    chosen.update({"import-10k": import_10k, "convert-10k": convert_10k, "lsp-edit-10k": lsp_edit_10k})
    return chosen


# ---- comparing ------------------------------------------------------------------------

def compare(recorded, measured, tolerance=TOLERANCE):
    """Rows (name, recorded or None, measured, change or None, verdict) and whether any failed.

    A workload fails when it grew by more than `tolerance` of its recorded figure; one
    without a record is new and passes.
    """
    rows, failed = [], False
    for name, count in measured.items():
        before = recorded.get(name, {}).get("instructions")
        if before is None:
            rows.append((name, None, count, None, "new"))
            continue
        change = (count - before) / before
        verdict = "ok"
        if change > tolerance:
            verdict, failed = "REGRESSION", True
        rows.append((name, before, count, change, verdict))
    return rows, failed


def table(rows):
    """The comparison as a markdown table."""
    lines = ["| workload | recorded | measured | change | verdict |", "| --- | ---: | ---: | ---: | --- |"]
    for name, before, count, change, verdict in rows:
        lines.append("| %s | %s | %s | %s | %s |" % (
            name, "—" if before is None else "{:,}".format(before), "{:,}".format(count),
            "—" if change is None else "%+.2f %%" % (100 * change), verdict))
    return "\n".join(lines)


def toolchain():
    """The first line of `swift --version`, or "unknown"."""
    try:
        out = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout + ""
        return out.strip().split("\n")[0] or "unknown"
    except OSError:
        return "unknown"


def commit():
    out = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


# ---- the guard's own tests ------------------------------------------------------------

class CompareTests(unittest.TestCase):
    """The comparison on synthetic figures: the 5 % line, both ways."""

    def test_six_percent_growth_fails(self):
        # 1,060,000 against 1,000,000 is +6 %: over the 5 % line.
        rows, failed = compare({"check-10k": {"instructions": 1000000}}, {"check-10k": 1060000})
        self.assertTrue(failed)
        self.assertEqual(rows[0][4], "REGRESSION")
        self.assertAlmostEqual(rows[0][3], 0.06)

    def test_growth_within_five_percent_passes(self):
        # +4 % and exactly +5 % (1,050,000) pass; a drop of 30 % passes.
        recorded = {"a": {"instructions": 1000000}, "b": {"instructions": 1000000}, "c": {"instructions": 1000000}}
        rows, failed = compare(recorded, {"a": 1040000, "b": 1050000, "c": 700000})
        self.assertFalse(failed)
        self.assertEqual([row[4] for row in rows], ["ok", "ok", "ok"])

    def test_one_regression_among_many_fails(self):
        recorded = {"a": {"instructions": 200}, "b": {"instructions": 100}}
        _, failed = compare(recorded, {"a": 190, "b": 106})
        self.assertTrue(failed)

    def test_new_workload_passes(self):
        rows, failed = compare({}, {"check-100k": 5})
        self.assertFalse(failed)
        self.assertEqual(rows[0][4], "new")

    def test_table_shows_the_change(self):
        rows, _ = compare({"a": {"instructions": 1000000}}, {"a": 1060000})
        self.assertIn("| a | 1,000,000 | 1,060,000 | +6.00 % | REGRESSION |", table(rows))


class RealRunTests(unittest.TestCase):
    """One real callgrind run: the guard catches a deliberately heavier `tally check`."""

    def test_guard_catches_a_deliberate_regression(self):
        if not shutil.which("valgrind") or not os.access(TALLY, os.X_OK):
            self.skipTest("needs valgrind and %s" % TALLY)
        with tempfile.TemporaryDirectory() as scratch:
            small = os.path.join(scratch, "small.tally")
            subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "generate.py"), "200", small],
                           check=True, stderr=subprocess.DEVNULL)
            base = counted([TALLY, "check", "-q", small])
            again = counted([TALLY, "check", "-q", small])
            recorded = {"check-tiny": {"instructions": base}}
            # The same work counts the same (within 0.1 %): the guard passes.
            self.assertLess(abs(again - base) / base, 0.001)
            self.assertFalse(compare(recorded, {"check-tiny": again})[1])
            # The regression: the same check with more to do (the budget's one-line
            # transactions written twice; the duplicates may be warned about, which is work too).
            with open(small, encoding="utf-8") as f:
                text = f.read()
            again_lines = re.findall(r'^\d{4}-\d\d-\d\d "[^"]*" .*$', text, re.M)
            self.assertGreater(len(again_lines), 50)
            with open(small, "a", encoding="utf-8") as f:
                f.write("\n".join(again_lines) + "\n")
            heavier = counted([TALLY, "check", "-q", small])
            rows, failed = compare(recorded, {"check-tiny": heavier})
            print("\n" + table(rows), file=sys.stderr)
            self.assertTrue(failed, "the guard let %d against %d through" % (heavier, base))


# ---- main -----------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when a workload grew by more than 5 %%")
    parser.add_argument("--record", action="store_true", help="write the figures to Benchmarks/instructions.json")
    parser.add_argument("--full", action="store_true", help="also the 100k workloads")
    parser.add_argument("--only", help="comma-separated workload names")
    parser.add_argument("--counter", choices=["callgrind", "perf"], default="callgrind")
    parser.add_argument("--file", default=RECORD, help="the record (default Benchmarks/instructions.json)")
    parser.add_argument("--self-test", action="store_true", help="run the guard's own tests")
    options = parser.parse_args()
    if options.self_test:
        sys.argv = sys.argv[:1]
        unittest.main(module=__name__, verbosity=2)
    tool = "valgrind" if options.counter == "callgrind" else "perf"
    if not shutil.which(tool):
        print("instruction guard skipped: %s is not installed" % tool)
        return
    if not os.access(TALLY, os.X_OK):
        sys.exit("no binary at %s: run `swift build -c release --product tally` first" % TALLY)
    record = json.load(open(options.file)) if os.path.exists(options.file) else {"workloads": {}}
    if record.get("counter", options.counter) != options.counter:
        print("warning: the record was counted with %s, this run with %s" % (record["counter"], options.counter))
    here = toolchain()
    if record.get("toolchain", here) != here:
        print("warning: the record was made with %s, this run uses %s" % (record["toolchain"], here))
    chosen = workloads(options.full)
    if options.only:
        names = options.only.split(",")
        chosen = {name: work for name, work in workloads(True).items() if name in names}
    measured = {}
    for name, work in chosen.items():
        measured[name] = work(options.counter)
        print("%s: %s instructions" % (name, "{:,}".format(measured[name])), flush=True)
    rows, failed = compare(record["workloads"], measured)
    print()
    print(table(rows))
    if options.record:
        day = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
        for name, count in measured.items():
            record["workloads"][name] = {"instructions": count, "commit": commit(), "date": day}
        record.update(counter=options.counter, toolchain=here)
        with open(options.file, "w") as f:
            json.dump(record, f, indent=2, sort_keys=True)
            f.write("\n")
        print("\nrecorded in %s" % os.path.relpath(options.file, ROOT))
    if options.check and failed:
        print("\ninstruction guard: a workload grew by more than %d %% (re-record with --record when it is meant)" % (100 * TOLERANCE))
        sys.exit(1)


if __name__ == "__main__":
    main()
