#!/bin/bash
# jq.sh [--null=TEXT] FILE PATH FIELDS [FILTER...]: fields of JSON rows, as
# TSV, read by Debian's jq (C). The one way tests read JSON (never grep or
# sed on it).
#   --null  how a null prints (default: null)
#   FILE    a JSON file, or - for stdin
#   PATH    keys from the top, dot-separated ("." is the top); a list there
#           gives a row per element, an object one row
#   FIELDS  keys of each row, comma-separated, printed tab-separated; null
#           prints as the --null text, true/false as such, lists and objects
#           as compact JSON, strings with \, tab and newline escaped
#   FILTER  KEY=TEXT (the field prints as TEXT) or KEY~REGEX (it fully
#           matches): only rows that pass every filter are printed
# Exit status 2, with one line on stderr, when the file is not JSON, the
# path is not there, a row lacks a field asked for or a filter is malformed.
set -uo pipefail
die() { echo "jq.sh: $*" >&2; exit 2; }
null=null
case "${1:-}" in --null=*) null=${1#--null=}; shift ;; esac
[ $# -ge 3 ] || die "usage: jq.sh [--null=TEXT] FILE PATH FIELDS [KEY=TEXT|KEY~REGEX]..."
file=$1 path=$2 fields=$3
shift 3
# the filters as a JSON list of [key, op, text]
filters=()
for f in "$@"; do
	[[ "$f" =~ ^([^=~]+)([=~])(.*)$ ]] || die "bad filter '$f' (KEY=TEXT or KEY~REGEX)"
	filters+=("${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" "${BASH_REMATCH[3]}")
done
[ "$file" = - ] && file=/dev/stdin
[ -r "$file" ] || die "$file: cannot read it"
err=$(mktemp)
trap 'rm -f "$err"' EXIT
jq -r -s --arg null "$null" --arg path "$path" --arg fields "$fields" \
	--args '
	def text: if . == null then $null
		elif type == "boolean" then tostring
		elif type == "array" or type == "object" then tojson
		elif type == "string" then gsub("\\\\"; "\\\\") | gsub("\t"; "\\t") | gsub("\n"; "\\n")
		else tostring end;
	def field($k): if type == "object" and has($k) then .[$k] | text
		else error("a row has no field \"\($k)\": \(tojson | .[0:200])") end;
	def passes($f): if $f[1] == "=" then field($f[0]) == $f[2]
		else field($f[0]) | test("\\A(?:" + $f[2] + ")\\z") end;
	if length == 1 then .[0] else error("\(length) JSON documents, not one") end
	| [$ARGS.positional | range(0; length; 3) as $i | $ARGS.positional[$i:$i + 3]] as $filters
	| ($fields | split(",")) as $keys
	| reduce (if $path == "." then empty else $path | split(".")[] end) as $k (.;
		if type == "object" and has($k) then .[$k] else error("no \"\($path)\"") end)
	| (if type == "array" then .[] else . end)
	| select([$filters[] as $f | passes($f)] | all)
	| [field($keys[])] | join("\t")' "${filters[@]}" <"$file" 2>"$err"
rc=$?
[ $rc -eq 0 ] || die "$([ "$file" = /dev/stdin ] && echo - || echo "$file"): $(sed -E 's/^jq: error( \(at [^)]*\))?: //' "$err" | head -n1)"
