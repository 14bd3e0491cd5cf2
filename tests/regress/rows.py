#!/usr/bin/env python3
"""rows.py COMPARE.JSON [SHRINKER_RE [METRIC]]: the compare table's rows as
tab-separated lines, "shrinker node metric verdict base_mean cand_mean
ratio_lo ratio_hi p", read with a JSON parser (never grep on JSON)."""
import json
import re
import sys

d = json.load(open(sys.argv[1]))
pat = re.compile(sys.argv[2]) if len(sys.argv) > 2 else None
metric = sys.argv[3] if len(sys.argv) > 3 else None
for r in d["compare"]:
    if pat and not pat.fullmatch(r["shrinker"]):
        continue
    if metric and r["metric"] != metric:
        continue
    cells = [r["shrinker"], r["node"], r["metric"], r["verdict"],
             r["base_mean"], r["cand_mean"], r["ratio_lo"], r["ratio_hi"],
             r["p"]]
    print("\t".join("-" if c is None else str(c) for c in cells))
