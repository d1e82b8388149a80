#!/usr/bin/env bash
# Kept for the commands in older notes: Benchmarks/peers.py makes the whole table (Tally and
# ledger, hledger, beancount side by side, ratios, peak memory). See its --help.
exec python3 "$(dirname "$0")/peers.py" "$@"
