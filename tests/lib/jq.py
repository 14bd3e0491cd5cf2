#!/usr/bin/env python3
"""jq.py [--null=TEXT] FILE PATH FIELDS [FILTER...]: fields of JSON rows, as TSV.

The one way tests read JSON (never grep or sed on it).
  --null  how a null prints (default: null)
  FILE    a JSON file, or - for stdin
  PATH    keys from the top, dot-separated ("." is the top); a list there
          gives a row per element, an object one row
  FIELDS  keys of each row, comma-separated, printed tab-separated;
          null prints as null, true/false as such, lists and objects as JSON
  FILTER  KEY=TEXT (the field prints as TEXT) or KEY~REGEX (it fully
          matches): only rows that pass every filter are printed
Exit status 2, with one line on stderr, when the file is not JSON, the
path is not there or a row lacks a field asked for.
"""
import json
import re
import sys


def die(msg):
    print(f"jq.py: {msg}", file=sys.stderr)
    sys.exit(2)


NULL = "null"


def text(v):
    if v is None:
        return NULL
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, dict)):
        return json.dumps(v, separators=(",", ":"))
    return str(v).replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def field(row, key):
    if not isinstance(row, dict) or key not in row:
        die(f"a row has no field {key!r}: {text(row)[:200]}")
    return text(row[key])


def passes(row, filters):
    for f in filters:
        m = re.fullmatch(r"([^=~]+)([=~])(.*)", f, re.S)
        if not m:
            die(f"bad filter {f!r} (KEY=TEXT or KEY~REGEX)")
        key, op, want = m.groups()
        have = field(row, key)
        if op == "=" and have != want:
            return False
        if op == "~" and not re.fullmatch(want, have):
            return False
    return True


def main(argv):
    global NULL
    if len(argv) > 1 and argv[1].startswith("--null="):
        NULL = argv.pop(1)[len("--null="):]
    if len(argv) < 4:
        die("usage: jq.py [--null=TEXT] FILE PATH FIELDS [KEY=TEXT|KEY~REGEX]...")
    name, path, fields, filters = argv[1], argv[2], argv[3].split(","), argv[4:]
    try:
        doc = json.load(sys.stdin if name == "-" else open(name))
    except (OSError, ValueError) as e:
        die(f"{name}: {e}")
    for key in [] if path == "." else path.split("."):
        if not isinstance(doc, dict) or key not in doc:
            die(f"{name}: no {path!r}")
        doc = doc[key]
    for row in doc if isinstance(doc, list) else [doc]:
        if passes(row, filters):
            print("\t".join(field(row, k) for k in fields))


main(sys.argv)
