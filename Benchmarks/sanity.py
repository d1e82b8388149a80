#!/usr/bin/env python3
"""Quick structural sanity check of a generated benchmark file.

    python3 Benchmarks/sanity.py FILE.tally [N]

Checks, without a Tally implementation: dates are real calendar days, in
non-decreasing order and not in the future; every split group adds up exactly to
its header amount (or the header omits the amount); split and header amounts have
at most two decimals; no tab characters or trailing whitespace; `id:` values are
unique; and, when N is given, there are exactly N dated entries. Standard library only.
"""
import datetime as dt
import re
import sys
from decimal import Decimal

DATE = re.compile(r"(\d{4}-\d{2}-\d{2}) ")
NUM = re.compile(r"^[+-]?\d+(\.\d{1,2})?$")
TODAY = dt.date(2026, 11, 22)


def header_amount(line):
    """The amount of a dated transaction header, or None (no amount / not a transaction)."""
    body = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)      # blank out texts
    body = body.split(";", 1)[0]
    toks = body.split()[1:]
    if not toks or toks[0] in ("transfer", "fill", "move", "assert", "rate", "skip", "goal"):
        return None, False
    while toks and toks[0] == '""':
        toks.pop(0)
    if toks and toks[0] == "transfer":
        return None, False
    for t in toks[1:3]:
        if NUM.match(t):
            return Decimal(t), True
    return None, True


def main(path, want=None):
    errors = 0
    count = 0
    last = None
    ids = set()
    group = None          # (line number, header amount, running sum, parts)

    def close():
        nonlocal errors
        if group and group[3] and group[1] is not None and group[1] != group[2]:
            print("%s:%d: split parts sum to %s, header says %s" % (path, group[0], group[2], group[1]))
            errors += 1

    with open(path, encoding="utf-8") as f:
        for no, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if "\t" in line or line != line.rstrip():
                print("%s:%d: tab or trailing whitespace" % (path, no)); errors += 1
            m = DATE.match(line)
            if m:
                close()
                count += 1
                d = dt.date.fromisoformat(m.group(1))      # raises on impossible dates
                if last and d < last:
                    print("%s:%d: date goes backwards" % (path, no)); errors += 1
                if d > TODAY:
                    print("%s:%d: future date" % (path, no)); errors += 1
                last = d
                amt, is_tx = header_amount(line)
                group = [no, amt, Decimal(0), 0] if is_tx else None
            elif line.startswith("    ") and group is not None:
                toks = line.split()
                if toks[0] == "id:":
                    if toks[1] in ids:
                        print("%s:%d: duplicate id %s" % (path, no, toks[1])); errors += 1
                    ids.add(toks[1])
                    continue
                if not NUM.match(toks[1]):
                    print("%s:%d: bad split amount %r" % (path, no, toks[1])); errors += 1
                    continue
                group[2] += Decimal(toks[1])
                group[3] += 1
            elif not line.startswith(" "):
                close()
                group = None
        close()
    if want is not None and count != want:
        print("%s: %d dated entries, expected %d" % (path, count, want)); errors += 1
    print("%s: %d dated entries, %d ids, %d problems" % (path, count, len(ids), errors))
    return 1 if errors else 0


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        print("usage: python3 Benchmarks/sanity.py FILE.tally [N]", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) == 3 else None))
