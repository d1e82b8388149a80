#!/usr/bin/env python3
"""Measures `tally import` on generated data: speed and categorization accuracy.

    python3 Benchmarks/import_bench.py speed      # 10,000-row statement into a 100k budget
    python3 Benchmarks/import_bench.py split      # the same with a split `match` rule for a third of the rows
    python3 Benchmarks/import_bench.py accuracy   # hide the last 20 % of categories, import them back
    python3 Benchmarks/import_bench.py deep       # CAMT entries nested 10k/20k/40k deep: refused, in linear time

Both use Benchmarks/generate.py (deterministic) and the release binary
(.build/release/tally, or TALLY_BIN). Files go to Benchmarks/data/ (git-ignored).

Statement texts are made noisy the way banks write them, from the budget's payee:
one third as written, one third as a card payment ("CARD 4821 STARBUCKS BERLIN 0042"),
one third as a direct debit ("SEPA-LASTSCHRIFT Starbucks GmbH REF 2026031500017").
"""

import os
import random
import re
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Benchmarks", "data")
TALLY = os.environ.get("TALLY_BIN", os.path.join(ROOT, ".build", "release", "tally"))
CITIES = ["BERLIN", "MUENCHEN", "HAMBURG", "KOELN", "LONDON", "PRAHA"]

# A dated transaction line as generate.py writes it: date, payee, optional note, wallet,
# category, amount (with an optional currency code), then anything.
TX = re.compile(r'^(\d{4}-\d\d-\d\d) "([^"]*)"(?: "[^"]*")?\s+(\'[^\']*\'|\S+)\s+([A-Z][^\s]*)\s+([+-]?\d+(?:\.\d+)?)(?:\s|$)')


def generate(n, path):
    if not os.path.exists(path):
        os.makedirs(DATA, exist_ok=True)
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "generate.py"), str(n), path], check=True)


def entries(lines):
    """Splits a budget into its head (up to the first dated line) and its entries."""
    head, body = [], []
    for line in lines:
        if not body and not re.match(r"^\d{4}-\d\d-\d\d ", line):
            head.append(line)
        elif line.startswith((" ", "\t")) and body:
            body[-1].append(line)
        else:
            body.append([line])
    return head, body


def noisy(payee, rng, date, i):
    kind = i % 3
    if kind == 0:
        return payee
    if kind == 1:
        return "CARD %04d %s %s %04d" % (rng.randrange(10000), payee.upper(), rng.choice(CITIES), rng.randrange(10000))
    return "SEPA-LASTSCHRIFT %s GmbH REF %s%05d" % (payee, date.replace("-", ""), rng.randrange(100000))


def csv_field(text):
    return '"' + text.replace('"', '""') + '"'


def accuracy():
    full = os.path.join(DATA, "acc-20k.tally")
    generate(20000, full)
    with open(full, encoding="utf-8") as f:
        lines = f.read().split("\n")
    head, body = entries(lines)
    cut = len(body) * 8 // 10
    kept, hidden = body[:cut], body[cut:]
    budget = os.path.join(DATA, "acc-budget.tally")
    with open(budget, "w", encoding="utf-8") as f:
        f.write("\n".join(head + [l for e in kept for l in e]) + "\n")
    last = max(e[0][:10] for e in kept if re.match(r"^\d{4}-\d\d-\d\d ", e[0]))
    rules = dict(re.findall(r'^payee "((?:[^"\\]|\\.)*)"\s+(\S+)', "\n".join(lines), re.M))
    rng = random.Random(14)
    # The hidden single-category transactions, by wallet, with their true category.
    by_wallet, truth = {}, {}
    for i, entry in enumerate(hidden):
        m = TX.match(entry[0])
        if not m or len(entry) > 1 and not all(l.strip().startswith(("id:", ";")) for l in entry[1:]):
            continue
        date, payee, wallet, category, amount = m.groups()
        if not payee:
            continue
        rid = "H%06d" % i
        truth[rid] = category
        by_wallet.setdefault(wallet, []).append((date, noisy(payee, rng, date, i), amount, rid))
    correct = wrong = refused = matched = 0
    confusions = {}
    for wallet, rows in sorted(by_wallet.items()):
        statement = os.path.join(DATA, "acc-%s.csv" % wallet.strip("'").replace(" ", "-"))
        with open(statement, "w", encoding="utf-8") as f:
            f.write("Date,Payee,Amount,Id\n")
            for date, text, amount, rid in rows:
                f.write("%s,%s,%s,%s\n" % (date, csv_field(text), amount, rid))
        out = subprocess.run([TALLY, "import", budget, statement, "--wallet", wallet.strip("'"), "--dry-run", "--today", last],
                             capture_output=True, text=True)
        if out.returncode not in (0, 1):
            sys.exit("tally import failed for %s:\n%s" % (wallet, out.stderr))
        written = {}
        pending = None
        for line in out.stdout.split("\n"):
            m = re.match(r'^\d{4}-\d\d-\d\d ', line)
            if m:
                pending = line
                continue
            m = re.match(r'^\s+id: "(H\d+)"', line)
            if m and pending:
                written[m.group(1)] = pending
        refused_lines = {int(n) for n in re.findall(r"^  refused  \S+:(\d+) ", out.stdout, re.M)}
        # Movements nothing categorizes are written without a category (I0601).
        refused_lines |= {int(n) for n in re.findall(r"^  no category  \S+:(\d+) ", out.stdout, re.M)}
        for k, (date, text, amount, rid) in enumerate(rows):
            if k + 2 in refused_lines:   # the header is line 1
                refused += 1
            elif rid in written:
                # The category is the word after the wallet, before the amount.
                tokens = re.findall(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'|\S+', written[rid])
                wi = next(j for j, t in enumerate(tokens) if t == wallet)
                if re.match(r"^[+-]?\d", tokens[wi + 1]):
                    # No category written: a `payee` rule for exactly this payee books it.
                    got = rules.get(tokens[1].strip('"'), "(payee rule?)")
                else:
                    got = tokens[wi + 1]
                if got == truth[rid]:
                    correct += 1
                else:
                    wrong += 1
                    confusions[(truth[rid], got)] = confusions.get((truth[rid], got), 0) + 1
            else:
                matched += 1
    total = correct + wrong + refused + matched
    print("hidden transactions: %d (the last 20 %% of %d entries, single-category, with a payee)" % (total, len(body)))
    print("correct %d (%.1f %%), wrong %d, uncategorized %d, matched to a kept entry %d"
          % (correct, 100.0 * correct / total, wrong, refused, matched))
    for (t, g), n in sorted(confusions.items(), key=lambda x: -x[1])[:8]:
        print("  %4d  %s -> %s" % (n, t, g))


# A split rule (Grammar.md section 7.2) for the `split` measurement: a third of the
# statement's rows are direct debits, shared out by it unless too small for its parts.
SPLIT_RULE = """
match "SEPA-LASTSCHRIFT"
    Food:Groceries      60%
    Shopping:Household   2.00
    Fees
"""


def speed(split=False):
    budget = os.path.join(DATA, "tx-100k.tally")
    generate(100000, budget)
    with open(budget, encoding="utf-8") as f:
        text = f.read()
    if split:
        text += SPLIT_RULE
    lines = text.split("\n")
    head, body = entries(lines)
    payees = sorted({m.group(2) for e in body for m in [TX.match(e[0])] if m and m.group(2) and m.group(3) == "Checking"})
    last = max(e[0][:10] for e in body if re.match(r"^\d{4}-\d\d-\d\d ", e[0]))
    rng = random.Random(7)
    statement = os.path.join(DATA, "statement-10k.csv")
    y, mo, d = map(int, last.split("-"))
    import datetime
    start = datetime.date(y, mo, d) + datetime.timedelta(days=1)
    with open(statement, "w", encoding="utf-8") as f:
        f.write("Date;Payee;Description;Amount;Id\n")
        for i in range(10000):
            day = start + datetime.timedelta(days=i * 180 // 10000)
            payee = rng.choice(payees)
            cents = rng.randrange(150, 20000)
            label = noisy(payee, rng, day.isoformat(), i)
            f.write("%s;%s;Kartenzahlung;-%d,%02d;S%06d\n" % (day.strftime("%d.%m.%Y"), csv_field(label), cents // 100, cents % 100, i))
    today = (start + datetime.timedelta(days=181)).isoformat()
    copy = os.path.join(DATA, "tx-100k-import.tally")
    runs, cpu = [], []
    for r in range(int(os.environ.get("BENCH_RUNS", "7"))):
        with open(copy, "w", encoding="utf-8") as f:
            f.write(text)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        out = subprocess.run([TALLY, "import", copy, statement, "--wallet", "Checking", "--uncategorized", "Fees", "--today", today],
                             capture_output=True, text=True)
        runs.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        # CPU time (user + system) is steadier than wall time on a busy machine.
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if out.returncode != 0:
            sys.exit("tally import failed:\n" + out.stderr + out.stdout[-2000:])
    again_t0 = time.perf_counter()
    again = subprocess.run([TALLY, "import", copy, statement, "--wallet", "Checking", "--today", today], capture_output=True, text=True)
    again_s = time.perf_counter() - again_t0
    runs.sort()
    cpu.sort()
    print("10,000-row statement into a %d-entry budget (%s): median %.3f s, min %.3f, max %.3f over %d runs; CPU (user + sys) median %.3f s"
          % (len(body), os.path.basename(budget), runs[len(runs) // 2], runs[0], runs[-1], len(runs), cpu[len(cpu) // 2]))
    print(out.stdout.split("\n")[1])
    print("the same statement again (nothing added): %.3f s; %s" % (again_s, again.stdout.split("\n")[1].strip()))
    print("load: " + open("/proc/loadavg").read().strip())


def deep():
    """A hostile CAMT.053 entry nesting an element LEVELS deep: Tally refuses it past
    100 levels, at the first element too deep, so the time must not grow with LEVELS
    (before the limit, 20,000 levels took 21 s and 40,000 took 96 s: quadratic)."""
    os.makedirs(DATA, exist_ok=True)
    budget = os.path.join(DATA, "deep-budget.tally")
    with open(budget, "w") as f:
        f.write("currency EUR\nwallet Giro bank opening 0 on 2026-01-01\nexpense Food\n")
    head = ('<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">'
            "<BkToCstmrStmt><Stmt><Id>1</Id>\n<Ntry><Amt Ccy=\"EUR\">5.00</Amt><CdtDbtInd>DBIT</CdtDbtInd>")
    tail = "<Sts>BOOK</Sts><BookgDt><Dt>2026-03-02</Dt></BookgDt></Ntry>\n</Stmt></BkToCstmrStmt></Document>\n"
    runs = int(os.environ.get("BENCH_RUNS", "3"))
    for levels in (10_000, 20_000, 40_000):
        path = os.path.join(DATA, "deep-%d.xml" % levels)
        with open(path, "w") as f:
            f.write(head + "<X>" * levels + "</X>" * levels + tail)
        times = []
        for _ in range(runs):
            started = time.perf_counter()
            result = subprocess.run([TALLY, "import", budget, path, "--dry-run", "--today", "2026-04-01"], capture_output=True, text=True)
            times.append(time.perf_counter() - started)
        refused = result.returncode == 2 and "nested more than" in result.stderr
        print("deep %6d levels (%4d KB): median %.3f s, %s" % (levels, os.path.getsize(path) // 1024, sorted(times)[len(times) // 2],
                                                           "refused" if refused else "NOT refused: " + result.stderr.strip()[:200]))


if __name__ == "__main__":
    {"speed": speed, "split": lambda: speed(split=True), "accuracy": accuracy, "deep": deep}[sys.argv[1] if len(sys.argv) > 1 else "speed"]()
