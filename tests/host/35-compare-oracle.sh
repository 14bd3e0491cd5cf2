#!/bin/bash
# Host test: the analyser's numbers against an oracle. oracle.awk computes,
# from `trace-cmd report -R` text of the fixture traces and with none of the
# analyser's code, what `compare` should print per shrinker x node x metric
# (per side: n, mean, min, max, sd) and what `report` should print per
# shrinker x shr x node x memcg (calls, asked, scanned, freed, deferred).
# The analyser's --json output, read with tests/lib/jq.sh and flattened as
# the oracle prints, must have the same rows and the same values to its
# printed precision (%.6g).
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/tests/host
an=$top/analysis
fx=$an/tests/fixtures
bin=$an/shrinkscope-report
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# two lines per case: 4 report fixtures, 3 reclaimer fixtures, 7 compare
# cases; the file-page line, the end-scanned line, the reclaimer-kinds line
echo "1..$((2 * (4 + 3 + 7) + 3))"

if ! make -C "$an" -s >"$tmp/build.log" 2>&1; then
	echo "not ok - compare oracle: analysis builds"
	sed 's/^/#   /' "$tmp/build.log" | head -20
	exit 0
fi
if ! command -v trace-cmd >/dev/null; then
	echo "not ok - compare oracle: trace-cmd is installed (vm/deps.sh)"
	exit 0
fi

# json_rows JSON TABLE KEYCOLS VALCOLS: one table of the analyser's JSON as
# "KEY<TAB>COLUMN<TAB>VALUE" lines, KEY the KEYCOLS values joined by "|",
# null as "-": the lines oracle.awk prints, for diffing.
json_rows() {
	"$top/tests/lib/jq.sh" --null=- "$1" "$2" "$3,$4" | awk -F'\t' -v keys="$3" -v cols="$4" '
		BEGIN { nk = split(keys, k, ","); nv = split(cols, c, ",") }
		{ key = $1; for (i = 2; i <= nk; i++) key = key "|" $i
		  for (i = 1; i <= nv; i++) printf "%s\t%s\t%s\n", key, c[i], $(nk + i) }'
}

# raw FIXTURE: trace-cmd report -R text of one fixture, made once
raw() {
	local out=$tmp/$1.txt
	[ -s "$out" ] || trace-cmd report -R -i "$fx/$1" >"$out" 2>/dev/null
	echo "$out"
}

# check WHAT ORACLE ANALYSER "KEY NAMES": two TAP lines, one on the row keys
# and one on the values. Both files hold KEY<TAB>FIELD<TAB>VALUE lines (KEY
# fields joined by "|", named by KEY NAMES in messages); "-" is no value.
# Numbers are equal when they agree to 1e-12 relative (the analyser's JSON
# prints 15 significant digits; both sides sum the same doubles, perhaps in
# another order); a sd also within 1e-6 of its mean, since the analyser's
# one-pass variance leaves rounding noise where runs are equal.
check() {
	awk -F'\t' -v what="$1" -v names="$4" '
		function show(k,    p, i, n, r) {
			n = split(k, p, "|")
			r = p[1]
			for (i = 2; i <= n; i++)
				r = r " " kn[i] "=" p[i]
			return r
		}
		function fmt(x) { return num(x) ? sprintf("%.10g", x) : x }
		function num(x) { return x ~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/ }
		function abs(x) { return x < 0 ? -x : x }
		function same(a, b, scale,    d, m) {
			if (a == "-" || b == "-" || !num(a) || !num(b))
				return a == b
			d = abs(a - b)
			m = abs(a) > abs(b) ? abs(a) : abs(b)
			return d <= 1e-12 * m + 1e-6 * abs(scale) + 1e-12
		}
		BEGIN { split(names, kn, " ") }
		FILENAME == ARGV[1] { o[$1, $2] = $3; orow[$1] = 1; of[$1] = of[$1] " " $2 }
		FILENAME == ARGV[2] {
			if (($1, $2) in a)
				dup[$1] = 1
			a[$1, $2] = $3
			ak[$1] = 1
		}
		END {
			for (k in orow) {
				nrows++
				if (!(k in ak))
					miss[++nm] = "row " show(k) ": oracle has it, the analyser does not"
			}
			for (k in ak)
				if (!(k in orow))
					miss[++nm] = "row " show(k) ": the analyser has it, the oracle does not"
			for (k in dup)
				miss[++nm] = "row " show(k) ": printed more than once by the analyser"
			for (k in orow) {
				if (!(k in ak))
					continue
				both++
				n = split(of[k], fs, " ")
				for (i = 1; i <= n; i++) {
					f = fs[i]
					sc = 0
					if (f ~ /_sd$/) {
						mf = f
						sub(/_sd$/, "_mean", mf)
						sc = (k, mf) in o && num(o[k, mf]) ? o[k, mf] : 0
					}
					av = (k, f) in a ? a[k, f] : "(missing)"
					if (!same(o[k, f], av, sc))
						bad[++nb] = "row " show(k) ": " f " oracle " \
							    fmt(o[k, f]) ", analyser " av
				}
			}
			if (nrows && !nm)
				printf "ok - %s: the analyser has exactly the " \
				       "oracle'"'"'s %d rows\n", what, nrows
			else
				printf "not ok - %s: the analyser'"'"'s rows are not " \
				       "the oracle'"'"'s (%d oracle rows, %d missing " \
				       "or extra)\n", what, nrows, nm
			fflush()
			for (i = 1; i <= nm; i++)
				print "#   " miss[i] | "sort | head -25"
			close("sort | head -25")
			if (nm > 25)
				print "#   ... and " nm - 25 " more"
			if (both && !nb)
				printf "ok - %s: every value in the %d rows both " \
				       "print equal the oracle'"'"'s\n", what, both
			else
				printf "not ok - %s: %d values in the %d rows both " \
				       "print differ from the oracle'"'"'s\n", what, nb, both
			fflush()
			for (i = 1; i <= nb; i++)
				print "#   " bad[i] | "sort | head -25"
			close("sort | head -25")
			if (nb > 25)
				print "#   ... and " nb - 25 " more"
		}' "$2" "$3"
}

# report_case FIXTURE MODE TABLE KEYCOLS VALCOLS: the oracle's MODE rows of
# one fixture against the analyser's TABLE (keyed by KEYCOLS)
report_case() {
	awk -f "$here/oracle.awk" mode="$2" "$(raw "$1")" >"$tmp/ro"
	"$bin" report --json "$fx/$1" >"$tmp/rj" 2>"$tmp/err"
	json_rows "$tmp/rj" "$3" "$4" "$5" >"$tmp/ra" 2>>"$tmp/err"
	check "report $1, $3 table" "$tmp/ro" "$tmp/ra" "${4//,/ }"
	sed 's/^/#   stderr: /' "$tmp/err" | head -5
}

# --- report: per shrinker x shr x node x memcg, one fixture at a time ------
rcols=calls,asked,scanned,freed,deferred_before,deferred_after
# series2-drop.dat is of the reviewed series: memcg_id, scanned in the end.
for f in base-drop.dat series-drop.dat series-pressure.dat series2-drop.dat; do
	report_case "$f" report shrinkers shrinker,shr,node,memcg "$rcols"
done

# --- report: calls by what drove them, per shrinker x shr x node ----------
# series-lru.dat has kswapd0, kswapd1 and a task in direct reclaim windows;
# the drop_caches fixtures a shell (other); base-drop.dat no name field.
for f in series-lru.dat series-drop.dat base-drop.dat; do
	report_case "$f" reclaimer reclaimer shrinker,shr,node,reclaimer calls,asked,freed
	cut -f1 "$tmp/ro" | awk -F'|' '{print $4}' >>"$tmp/kinds"
done
# the cases above mean something only if they hold kswapd, direct, other
kinds=$(sort -u "$tmp/kinds" | tr '\n' ' ')
[ "$kinds" = "direct kswapd other " ]
echo "$([ $? -eq 0 ] && echo ok || echo not ok) - the reclaimer fixtures' calls are of kswapd, direct reclaim and other (oracle: $kinds)"

# --- compare: per shrinker x node x metric, per side ----------------------
ccols=base_n,base_mean,base_min,base_max,base_sd
ccols=$ccols,cand_n,cand_mean,cand_min,cand_max,cand_sd
# cmp NAME ERE BASE... -- CAND...: ERE non-empty is compare --shrinker ERE
cmp() {
	local what=$1 only=$2 side=base bo=() co=() ba=() ca=() x rc
	local opt=()
	shift 2
	[ -n "$only" ] && opt=(--shrinker "$only")
	for x in "$@"; do
		if [ "$x" = -- ]; then
			side=cand
		elif [ $side = base ]; then
			bo+=("$(raw "$x")")
			ba+=("$fx/$x")
		else
			co+=("$(raw "$x")")
			ca+=("$fx/$x")
		fi
	done
	awk -f "$here/oracle.awk" mode=compare only="$only" side=base "${bo[@]}" \
		side=cand "${co[@]}" >"$tmp/co"
	"$bin" compare --json "${opt[@]}" --base "${ba[@]}" --cand "${ca[@]}" \
		>"$tmp/cj" 2>"$tmp/err"
	rc=$?
	json_rows "$tmp/cj" compare shrinker,node,metric "$ccols" \
		>"$tmp/ca" 2>>"$tmp/err"
	check "compare $what" "$tmp/co" "$tmp/ca" \
		"shrinker node metric"
	[ $rc -ne 2 ] || echo "#   compare exited $rc"
	sed 's/^/#   stderr: /' "$tmp/err" | head -5
}

# Name keys; a side of two files; keys present in some files and absent
# from others (ext4-es:vda is only in series-pressure.dat, sb-cgroup2 on
# node 0 only in series-drop.dat).
cmp "[series-drop series-pressure] vs [series-pressure]" "" \
	series-drop.dat series-pressure.dat -- series-pressure.dat
# A stock kernel on one side: every row is keyed by scan function symbol,
# so all super_cache_scan instances (and all memcgs) merge into one row.
cmp "[base-drop] vs [series-drop series-pressure]" "" \
	base-drop.dat -- series-drop.dat series-pressure.dat
# Batch events in every file: scanned_per_asked is compared too.
cmp "[series-drop] vs [series-drop series-drop]" "" \
	series-drop.dat -- series-drop.dat series-drop.dat
# Only the shrinkers every file has on both nodes (--shrinker): different
# values in every file of a side, so min, max and sd are exercised on rows
# that no absent-key rule touches; by name, then by symbol.
cmp "--shrinker 5 names [series-drop series-pressure] vs [series-pressure x2 series-drop]" \
	'^(jbd2-journal|rcu-kfree|sb-(ext4|proc|sysfs))' \
	series-drop.dat series-pressure.dat -- \
	series-pressure.dat series-pressure.dat series-drop.dat
cmp "--shrinker 2 symbols [base-drop series-drop] vs [series-pressure base-drop]" \
	'^(jbd2_journal_shrink_scan|super_cache_scan)$' \
	base-drop.dat series-drop.dat -- series-pressure.dat base-drop.dat
# A trace of each series version on each side: memcg (inode, 0 = root) and
# memcg_id (cgroup id, 1 = root) meet as the same memcg; scanned comes from
# the batches in one, from the end events in the other.
cmp "[series-drop] vs [series2-drop] (both series versions)" "" \
	series-drop.dat -- series2-drop.dat
# File pages reclaimed (mm_vmscan_lru_shrink_inactive) in series-lru.dat:
# freed_per_file_page, with deferred, freeable and freed/scanned, on runs
# (one fixture has them, so its copies); the metric must be there for the
# case to mean much.
cmp "[series-lru x2] vs [series-lru]" "" \
	series-lru.dat series-lru.dat -- series-lru.dat
n=$(grep -c 'freed_per_file_page' "$tmp/co")
[ "$n" -gt 0 ]
echo "$([ $? -eq 0 ] && echo ok || echo not ok) - the file-page case has freed_per_file_page rows to check ($n values)"
# The kernel's own sum: each call's scanned in mm_shrink_slab_end is the sum
# of nr_scanned over its batches, those of the same task between its start
# and its end (on whatever CPU: a call can migrate), where a trace has both.
awk '
	{ ev = ""; for (i = 1; i <= NF; i++) if ($i ~ /^mm_shrink_slab_(start|batch|end):$/) ev = $i
	  if (ev == "") next
	  key = $1; delete v
	  for (i = 1; i <= NF; i++) if (split($i, kv, "=") == 2) v[kv[1]] = kv[2] }
	ev == "mm_shrink_slab_start:" { sum[key] = 0; open[key] = 1 }
	ev == "mm_shrink_slab_batch:" && open[key] { sum[key] += v["nr_scanned"] }
	ev == "mm_shrink_slab_end:" && open[key] {
		n++; if (v["scanned"] != sum[key]) bad++; tot += v["scanned"]; open[key] = 0 }
	END {
		if (n > 0 && bad == 0 && tot > 0)
			printf "ok - series2-drop.dat: scanned of every one of %d calls = its batches'"'"' nr_scanned (%d in all)\n", n, tot
		else
			printf "not ok - end scanned = sum of batch nr_scanned: %d of %d calls differ\n", bad, n
	}' "$(raw series2-drop.dat)"
