#!/usr/bin/env python3
"""Write a copy of a generated budget that is not in date order.

    python3 Benchmarks/unsorted.py Benchmarks/data/tx-100k.tally Benchmarks/data/tx-100k-unsorted.tally

The dated entries after the last declaration are rotated by half: the later half of the
years comes first. The budget means the same (the interpreter walks entries by date), but
its reading order is not its date order, as in a budget kept in one file per account.
The language server keeps its entries once either way; this measures the cost of putting
them back in order after each edit. Standard library only.
"""
import re
import sys


def main(argv):
    if len(argv) != 3:
        print("usage: python3 Benchmarks/unsorted.py IN.tally OUT.tally", file=sys.stderr)
        return 2
    lines = open(argv[1], encoding="utf-8").read().split("\n")
    # Blocks: a line starting in column 1 with the indented or blank lines after it.
    blocks = []
    for line in lines:
        if line and not line[0].isspace() or not blocks:
            blocks.append([line])
        else:
            blocks[-1].append(line)
    dated = [re.match(r"^\d{4}-\d\d-\d\d ", block[0]) is not None for block in blocks]
    last = max(i for i, block in enumerate(blocks) if not dated[i] and block[0].strip())
    head, tail = blocks[:last + 1], blocks[last + 1:]
    half = len(tail) // 2
    with open(argv[2], "w", encoding="utf-8") as out:
        out.write("\n".join("\n".join(block) for block in head + tail[half:] + tail[:half]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
