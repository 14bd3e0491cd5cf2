#!/usr/bin/env python3
# json-rows.py TABLE KEYCOLS VALCOLS < shrinkscope-report --json output
# Flattens one table of the analyser's JSON into lines
#   KEY <TAB> COLUMN <TAB> VALUE
# KEY is the KEYCOLS values joined by "|", VALCOLS comma-separated; null
# (and a missing column) is "-". The lines oracle.awk prints, for diffing.
import json
import sys


def cell(v):
    if v is None:
        return "-"
    if isinstance(v, float):
        return repr(v)
    return str(v)


def main():
    table, keycols, valcols = sys.argv[1], sys.argv[2], sys.argv[3]
    try:
        rows = json.load(sys.stdin).get(table) or []
    except json.JSONDecodeError as e:
        sys.exit(f"json-rows.py: the analyser's output is not JSON ({e})")
    for r in rows:
        key = "|".join(cell(r.get(c)) for c in keycols.split(","))
        for c in valcols.split(","):
            print(f"{key}\t{c}\t{cell(r.get(c))}")


main()
