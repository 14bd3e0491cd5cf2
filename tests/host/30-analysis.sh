#!/bin/bash
# Host test: the trace analyser (analysis/) builds warning-free and passes
# its unit tests; on the fixture traces its numbers equal what
# `trace-cmd report` shows (computed here, never hard-coded); fields a trace
# lacks are "-"/null, not 0; compare of a trace with itself is unchanged;
# bad input exits 2 with one line on stderr and no output.
top=$(cd "$(dirname "$0")/../.." && pwd)
an=$top/analysis
fx=$an/tests/fixtures
bin=$an/shrinkscope-report
jq=$top/tests/lib/jq.sh		# the JSON reader of every test
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

say() { # say STATUS DESCRIPTION: STATUS 0 is ok
	if [ "$1" -eq 0 ]; then
		echo "ok - $2"
	else
		echo "not ok - $2"
	fi
}

# Built and unit-tested before the plan: each unit check is one line
# here. analysis/tests/unit.c prints its own plan last, from the checks it
# ran; the file's plan adds that count to the 76 lines below.
build=0
make -C "$an" -s >"$tmp/build.log" 2>&1 || build=$?
[ $build -eq 0 ] && make -C "$an" -s check >"$tmp/unit.log" 2>&1
rc=$?
units=$(grep -cE '^(ok|not ok) - ' "$tmp/unit.log" 2>/dev/null)
echo "1..$((76 + units))"
if [ $build -ne 0 ]; then
	echo "not ok - analysis builds"
	sed 's/^/#   /' "$tmp/build.log" | head -20
	exit 0
fi
echo "ok - analysis builds (-Wall -Wextra -Werror)"
sed -nE 's/^(ok|not ok) - /\1 - analysis unit: /p' "$tmp/unit.log"
[ "$(tail -n1 "$tmp/unit.log")" = "1..$units" ] && [ "$units" -gt 0 ] && [ $rc -eq 0 ]
say $? "analysis unit tests run to their plan (1..$units) and pass (make -C analysis check)"

# csvcol TABLE COLUMN: that column of that table, from --csv output
csvcol() {
	awk -F, -v t="$1" -v c="$2" '
		$1 == "table" { n = 0; for (i = 2; i <= NF; i++) if ($i == c) n = i; next }
		$1 == t && n { print $n }'
}

# tc FILE: trace-cmd report, once per file
tc() {
	local out=$tmp/tc.$(basename "$1")
	[ -s "$out" ] || trace-cmd report -i "$1" 2>/dev/null >"$out"
	cat "$out"
}

# Sums of one field over one event, from trace-cmd's text: the value
# follows the word WORD (e.g. "val" in "last shrinker return val 13").
# tcsum FILE EVENT WORD [PATTERN] [by-node]
tcsum() {
	tc "$1" | awk -v ev="$2:" -v w="$3" -v pat="$4" -v bynode="$5" '
		$0 ~ ev && (pat == "" || index($0, pat)) {
			n = "all"
			for (i = 1; i < NF; i++) {
				if (bynode && ($i == "nid:" || $i == "nid"))
					n = $(i + 1)
				if ($i == w)
					v = $(i + 1)
			}
			s[n] += v
		}
		END { for (n in s) print n, s[n] }' | sort -n
}

sum() { awk '{ s += $1 } END { print s + 0 }'; }

# --- report on the stock kernel's trace -----------------------------------
base=$fx/base-drop.dat
series=$fx/series-drop.dat
pressure=$fx/series-pressure.dat
"$bin" report --csv "$base" >"$tmp/base.csv" 2>"$tmp/base.err"
say $? "report base-drop.dat exits 0"

names=$(paste -d' ' <(csvcol shrinkers shrinker <"$tmp/base.csv") \
	<(csvcol shrinkers name_from <"$tmp/base.csv") | sort -u)
echo "$names" | grep -qx 'super_cache_scan symbol'
say $? "report base-drop.dat names super_cache_scan from its symbol (no name field)"

want=$(tcsum "$base" mm_shrink_slab_end val super_cache_scan | awk '{ print $2 }')
got=$(paste -d' ' <(csvcol shrinkers shrinker <"$tmp/base.csv") \
	<(csvcol shrinkers freed <"$tmp/base.csv") |
	awk '$1 == "super_cache_scan" { s += $2 } END { print s + 0 }')
[ -n "$want" ] && [ "$got" = "$want" ]
say $? "report base-drop.dat: super_cache_scan freed $got = sum of its retval in trace-cmd report ($want)"

want=$(tcsum "$base" mm_shrink_slab_end val | awk '{ print $2 }')
got=$(csvcol shrinkers freed <"$tmp/base.csv" | sum)
[ "$got" = "$want" ]
say $? "report base-drop.dat: freed over all shrinkers $got = trace-cmd report ($want)"

want=$(tcsum "$base" mm_shrink_slab_start total_scan | awk '{ print $2 }')
got=$(csvcol shrinkers asked <"$tmp/base.csv" | sum)
[ "$got" = "$want" ]
say $? "report base-drop.dat: asked $got = sum of start total_scan ($want)"

vals=$(csvcol shrinkers scanned <"$tmp/base.csv" | sort -u)
[ "$vals" = "-" ]
say $? "report base-drop.dat: scanned is \"-\" in every row (no batch events)"

vals=$(csvcol shrinkers memcg <"$tmp/base.csv" | sort -u)
[ "$vals" = "-" ]
say $? "report base-drop.dat: memcg is \"-\" in every row (stock fields only)"

# --- report on the patched kernel's traces --------------------------------
"$bin" report --csv "$series" >"$tmp/series.csv" 2>"$tmp/series.err"
say $? "report series-drop.dat exits 0"

bad=$(csvcol shrinkers scanned <"$tmp/series.csv" | grep -cvE '^[0-9]+$')
rows=$(csvcol shrinkers scanned <"$tmp/series.csv" | wc -l)
[ "$rows" -gt 0 ] && [ "$bad" -eq 0 ]
say $? "report series-drop.dat: scanned is a number in all $rows rows"

want=$(tcsum "$series" mm_shrink_slab_end val "" 1)
got=$(paste -d' ' <(csvcol nodes node <"$tmp/series.csv") \
	<(csvcol nodes freed <"$tmp/series.csv") | sort -n)
[ -n "$want" ] && [ "$got" = "$want" ]
say $? "report series-drop.dat: freed per node ($(echo $got)) = trace-cmd report ($(echo $want))"

want=$(tcsum "$series" mm_shrink_slab_batch nr_scanned | awk '{ print $2 }')
got=$(csvcol shrinkers scanned <"$tmp/series.csv" | sum)
[ "$got" = "$want" ]
say $? "report series-drop.dat: scanned $got = sum of batch nr_scanned ($want)"

want=$(tc "$series" | grep -c 'mm_shrink_slab_batch:')
got=$(paste -d' ' <(csvcol batch_hist shrinker <"$tmp/series.csv") \
	<(csvcol batch_hist batches <"$tmp/series.csv") |
	awk '$1 == "(all)" { s += $2 } END { print s + 0 }')
[ "$got" = "$want" ]
say $? "report series-drop.dat: batch-size histogram counts all $want batches"

grep -q '^shrinkers,sb-ext4:vda,trace,super_cache_scan,' "$tmp/series.csv"
say $? "report series-drop.dat: shrinkers named from the trace's name field"

want=$(tc "$series" | grep -c 'list_lru_walk:')
got=$(csvcol lru walks <"$tmp/series.csv" | sum)
unnamed=$(csvcol lru shrinker <"$tmp/series.csv" | grep -c '^-$')
[ "$got" = "$want" ] && [ "$unnamed" -eq 0 ]
say $? "report series-drop.dat: $got list_lru walks, every lru named by its shrinker"

"$bin" report --csv --bucket 2 "$pressure" >"$tmp/pressure.csv" 2>"$tmp/pressure.err"
rc=$?
want=$(tcsum "$pressure" mm_shrink_slab_end val "" 1)
got=$(paste -d' ' <(csvcol nodes node <"$tmp/pressure.csv") \
	<(csvcol nodes freed <"$tmp/pressure.csv") | sort -n)
[ $rc -eq 0 ] && [ -n "$want" ] && [ "$got" = "$want" ]
say $? "report series-pressure.dat: freed per node ($(echo $got)) = trace-cmd report"

hdr=$(grep '^table,t_start_s,' "$tmp/pressure.csv")
got=$(awk -F, '$1 == "freed_by_node" { for (i = 3; i <= NF; i++) s += $i } END { print s + 0 }' "$tmp/pressure.csv")
want=$(echo "$want" | awk '{ s += $2 } END { print s + 0 }')
[ -n "$hdr" ] && [ "$got" = "$want" ]
say $? "report series-pressure.dat: the time series (2 s buckets) adds up to $want freed"

# --- the figures, on a trace with page-cache reclaim -----------------------
lru=$fx/series-lru.dat
"$bin" report --csv "$lru" >"$tmp/lru.csv" 2>"$tmp/lru.err"
say $? "report series-lru.dat exits 0"

# tcafter FILE EVENT PHRASE [by]: sum of the number after PHRASE in EVENT's
# lines ("new scan count" picks new_scan, not "unused scan count"); by
# "prio" groups by the start's priority
tcafter() {
	tc "$1" | awk -v ev="$2:" -v ph="$3 " -v by="$4" '
		index($0, ev) {
			i = index($0, ph)
			if (!i)
				next
			split(substr($0, i + length(ph)), w, " ")
			g = "all"
			if (by == "prio" && match($0, / priority -?[0-9]+/))
				g = substr($0, RSTART + 10, RLENGTH - 10)
			s[g] += w[1]
		}
		END { for (g in s) print g, s[g] }' | sort -n
}

# lru_pages FILE FILE|ANON: pages mm_vmscan_lru_shrink_inactive reclaimed
# per node, from the flags= trace-cmd prints (RECLAIM_WB_FILE/_ANON)
lru_pages() {
	tc "$1" | awk -v kind="RECLAIM_WB_$2" '
		/mm_vmscan_lru_shrink_inactive:/ {
			n = v = f = ""
			for (i = 1; i <= NF; i++) {
				if ($i ~ /^nid=/) n = substr($i, 5)
				if ($i ~ /^nr_reclaimed=/) v = substr($i, 14)
				if ($i ~ /^flags=/) f = $i
			}
			if (index(f, kind) && v > 0)
				s[n] += v
		}
		END { for (n in s) print n, s[n] }' | sort -n
}

want=$(lru_pages "$lru" FILE)
got=$(paste -d' ' <(csvcol slab_vs_file node <"$tmp/lru.csv") \
	<(csvcol slab_vs_file file_pages_reclaimed <"$tmp/lru.csv") | awk '$2 != 0')
[ -n "$want" ] && [ "$got" = "$want" ]
say $? "report series-lru.dat: file pages reclaimed per node ($(echo $got)) = trace-cmd's RECLAIM_WB_FILE nr_reclaimed"

want=$(lru_pages "$lru" ANON)
got=$(paste -d' ' <(csvcol slab_vs_file node <"$tmp/lru.csv") \
	<(csvcol slab_vs_file anon_pages_reclaimed <"$tmp/lru.csv") | awk '$2 != 0')
[ "$got" = "$want" ]
say $? "report series-lru.dat: anon pages per node (${got:-none}, the guest has no swap) = trace-cmd's RECLAIM_WB_ANON, kept apart from file pages"

want=$(paste -d' ' <(csvcol nodes node <"$tmp/lru.csv") \
	<(csvcol nodes freed <"$tmp/lru.csv") | awk '$2 != 0')
got=$(paste -d' ' <(csvcol slab_vs_file node <"$tmp/lru.csv") \
	<(csvcol slab_vs_file slab_objects_freed <"$tmp/lru.csv") | awk '$2 != 0')
bad=$(paste -d, <(csvcol slab_vs_file file_pages_reclaimed <"$tmp/lru.csv") \
	<(csvcol slab_vs_file slab_objects_freed <"$tmp/lru.csv") \
	<(csvcol slab_vs_file objects_per_file_page <"$tmp/lru.csv") |
	awk -F, '$1 > 0 { d = $2 / $1 - $3; if (d > 1e-5 * $3 + 1e-9 || d < -1e-5 * $3 - 1e-9) n++ } END { print n + 0 }')
[ -n "$want" ] && [ "$got" = "$want" ] && [ "$bad" -eq 0 ]
say $? "report series-lru.dat: slab objects freed per node = the nodes table's freed, the ratio is freed / file pages"

want=$(lru_pages "$lru" FILE | awk '{ s += $2 } END { print s + 0 }')
got=$(csvcol balance_by_node file_pages <"$tmp/lru.csv" | sum)
got2=$(csvcol balance_by_node slab_freed <"$tmp/lru.csv" | sum)
[ "$got" = "$want" ] && [ "$got2" = "$(csvcol nodes freed <"$tmp/lru.csv" | sum)" ]
say $? "report series-lru.dat: the balance over time adds up to $want file pages and every object freed"

want=$(tcafter "$lru" mm_shrink_slab_start "objects to shrink" | awk '{ print $2 }')
got=$(csvcol deferred deferred_in <"$tmp/lru.csv" | sum)
[ -n "$want" ] && [ "$got" = "$want" ]
say $? "report series-lru.dat: deferred in $got = sum of start nr_objects_to_shrink ($want)"

want=$(tcafter "$lru" mm_shrink_slab_end "new scan count" | awk '{ print $2 }')
got=$(csvcol deferred deferred_out <"$tmp/lru.csv" | sum)
[ -n "$want" ] && [ "$got" = "$want" ]
say $? "report series-lru.dat: deferred out $got = sum of end new_scan ($want)"

want=$(tcafter "$lru" mm_shrink_slab_start "cache items" | awk '{ print $2 }')
got=$(csvcol scan_ratios freeable <"$tmp/lru.csv" | sum)
[ -n "$want" ] && [ "$got" = "$want" ]
say $? "report series-lru.dat: freeable $got = sum of start cache_items ($want)"

want=$(tcafter "$lru" mm_shrink_slab_start total_scan prio)
got=$(paste -d' ' <(csvcol priority priority <"$tmp/lru.csv") \
	<(csvcol priority asked <"$tmp/lru.csv") |
	awk '{ s[$1] += $2 } END { for (p in s) print p, s[p] }' | sort -n)
[ -n "$want" ] && [ "$(echo "$want" | wc -l)" -gt 1 ] && [ "$got" = "$want" ]
say $? "report series-lru.dat: asked by priority ($(echo $got | tr ' ' :)) = start total_scan by priority"

"$bin" compare --json --base "$lru" "$lru" "$lru" --cand "$lru" "$lru" "$lru" \
	>"$tmp/lself.json" 2>/dev/null
rc=$?
ms=$("$jq" "$tmp/lself.json" compare metric,verdict)
want="deferred_per_call asked_per_freeable freed_per_scanned freed_per_file_page"
# every new metric compared, every verdict unchanged or too few objects,
# one of the new metrics unchanged, nothing left uncompared
awk -F'\t' -v want="$want" '
	BEGIN { n = split(want, w, " "); for (i = 1; i <= n; i++) need[w[i]] = 1 }
	{ seen[$1] = 1 }
	$2 != "unchanged" && $2 != "too few objects" { bad = 1 }
	$2 == "unchanged" && ($1 in need) { one = 1 }
	END { for (m in need) if (!(m in seen)) bad = 1; exit bad || !one }' <<<"$ms" &&
	[ -z "$("$jq" "$tmp/lself.json" not_compared not_compared)" ] && [ $rc -eq 0 ]
say $? "compare series-lru.dat x3 with itself: the four new metrics compared, all unchanged (or too few objects)"

"$bin" compare --json --base "$base" --cand "$lru" >"$tmp/bl.json" 2>/dev/null
nc=$("$jq" "$tmp/bl.json" not_compared not_compared,why)
ms=$("$jq" "$tmp/bl.json" compare metric)
grep -q freed_per_file_page <<<"$nc" && grep -q base-drop.dat <<<"$nc" &&
	! grep -qx freed_per_file_page <<<"$ms" && grep -qx deferred_per_call <<<"$ms"
say $? "compare base-drop vs series-lru: freed_per_file_page not compared (no LRU event in base), deferred_per_call is"

# --- JSON ------------------------------------------------------------------
"$bin" report --json "$base" >"$tmp/base.json" 2>/dev/null &&
"$jq" "$tmp/base.json" . tool >/dev/null
say $? "report --json base-drop.dat parses as JSON"

int='^-?[0-9]+$'
nulls=$(printf 'null\tnull\tnull')
[ "$("$jq" "$tmp/base.json" shrinkers scanned,memcg,freed_per_scanned | sort -u)" = "$nulls" ] &&
	freed=$("$jq" "$tmp/base.json" shrinkers freed) && ! grep -qvE "$int" <<<"$freed" &&
	[ "$("$jq" "$tmp/base.json" . batches,memcg,lru,slab_vs_file,balance_by_node)" = \
	  "$(printf 'null\tnull\tnull\tnull\tnull')" ] &&
	prio=$("$jq" "$tmp/base.json" priority priority) && [ -n "$prio" ] &&
	! grep -qvE "$int" <<<"$prio" &&
	! "$jq" "$tmp/base.json" scan_ratios freeable | grep -qvE "$int" &&
	"$jq" "$tmp/base.json" missing missing | grep -q lru_shrink_inactive
say $? "report --json base-drop.dat: null where the trace lacks fields (no LRU event: slab_vs_file null, listed missing), numbers where it has them (priority, freeable)"

"$bin" report --json "$series" >"$tmp/series.json" 2>/dev/null
nums=$("$jq" "$tmp/series.json" shrinkers scanned,memcg)
[ -n "$nums" ] && ! grep -qvE '^[0-9]+	[0-9]+$' <<<"$nums" &&
	! "$jq" "$tmp/series.json" . batches,lru,memcg | grep -qE '(^|	)(null|\[\]|\{\})(	|$)'
say $? "report --json series-drop.dat: scanned, memcg, batches, lru filled"

# --- compare ---------------------------------------------------------------
# compare's statistics are unit-tested (analysis/tests/unit_stats.c) and its
# per-side figures checked against an oracle (35-compare-oracle.sh); here,
# what the command does with whole traces.
"$bin" compare --json --base "$series" "$series" "$series" \
	--cand "$series" "$series" "$series" >"$tmp/self.json" 2>"$tmp/self.err"
rc=$?
# rows with enough objects: unchanged, ratio 1 (or both means 0)
"$jq" "$tmp/self.json" compare verdict,ratio,base_mean,cand_mean | awk -F'\t' '
	$1 != "too few objects" { n++
		if ($1 != "unchanged" || !($2 == 1 || ($3 == 0 && $4 == 0))) bad = 1 }
	END { exit bad || !n }' && [ $rc -eq 0 ]
say $? "compare series-drop.dat x3 with itself x3: exit 0, every row with enough objects unchanged, ratio 1"

"$bin" compare --json --base "$series" --cand "$series" >"$tmp/one.json" 2>/dev/null
rc=$?
"$jq" "$tmp/one.json" compare verdict,runs_needed | awk -F'\t' '
	$1 != "no verdict" && $1 != "too few objects" { bad = 1 }
	$1 == "no verdict" && $2 == 3 { named = 1 }
	END { exit bad || !named }' && [ $rc -eq 3 ]
say $? "compare with one run a side: no verdict (exit 3, got $rc), 3 runs named"

"$bin" compare --json --base "$base" --cand "$series" >"$tmp/bs.json" 2>"$tmp/bs.err"
rc=$?
nc=$("$jq" "$tmp/bs.json" not_compared not_compared)
grep -q name <<<"$nc" && grep -q scanned_per_asked <<<"$nc" &&
	"$jq" "$tmp/bs.json" compare shrinker | grep -qx super_cache_scan && [ $rc -eq 3 ]
say $? "compare base-drop vs series-drop: works (exit 3 got $rc), keyed by symbol, lists name and scanned as not compared"

"$bin" compare --format=mail --threshold=10 --base-name='series (8 patches)' \
	--cand-name=full-batch --scenario='drop-caches FILES=5000' \
	--reproduce='make regress BASE=series CAND=full-batch SCENARIO=drop-caches RUNS=5' \
	--base "$series" "$series" "$series" --cand "$series" "$series" "$series" \
	>"$tmp/mail.txt" 2>"$tmp/mail.err"
rc=$?
[ $rc -eq 0 ] && [ "$(awk 'length > 80' "$tmp/mail.txt" | wc -l)" -eq 0 ] &&
	grep -q '^Base: *series (8 patches); Linux shrinkscope-guest 6.1.192+' "$tmp/mail.txt" &&
	grep -q '^Scenario: *drop-caches FILES=5000' "$tmp/mail.txt" &&
	grep -q '^Runs: *3 base, 3 candidate' "$tmp/mail.txt" &&
	grep -q '^  make regress BASE=series CAND=full-batch SCENARIO=drop-caches RUNS=5$' "$tmp/mail.txt"
say $? "compare --format=mail: exit $rc, within 80 columns, kernels with uname, scenario, runs, the command to reproduce"

"$bin" report --bucket=2 --json "$series" >/dev/null 2>&1 &&
	"$bin" compare --threshold=5 --confidence=90 --shrinker=sb-ext4 \
		--base "$series" --cand "$series" >/dev/null 2>&1; rc=$?
say $((rc != 3)) "options as --name=value (getopt_long): --bucket=2, --threshold=5, --confidence=90, --shrinker=RE"

"$bin" compare --base "$base" --cand "$tmp/nonexistent.dat" >/dev/null 2>&1
say $(($? != 2)) "compare with a missing candidate file exits 2"

cbad() { # cbad DESCRIPTION EXPECTED-STDERR-RE ARGS...: exit 2, one line, no output
	local desc=$1 re=$2
	shift 2
	"$bin" compare "$@" >"$tmp/cbad.out" 2>"$tmp/cbad.err"
	local rc=$? lines
	lines=$(wc -l <"$tmp/cbad.err")
	[ $rc -eq 2 ] && [ "$lines" -eq 1 ] && [ ! -s "$tmp/cbad.out" ] &&
		grep -qE "$re" "$tmp/cbad.err"
	say $? "compare, $desc: exit 2 (got $rc), one line on stderr (got $lines: $(head -c 150 "$tmp/cbad.err")), no output"
}
cbad "no candidate runs" 'a side has no runs' --base "$series" --cand
cbad "--threshold=abc" 'bad value' --threshold=abc --base "$series" --cand "$series"
cbad "--format=mail with --plot" 'cannot go with' --format=mail --plot "$tmp/x" --base "$series" --cand "$series"
cbad "unknown option" "unknown option '--frobnicate'" --frobnicate --base "$series" --cand "$series"

# --- bad input -------------------------------------------------------------
"$an/tests/mkbad.sh" "$tmp/bad" >/dev/null 2>&1
say $? "bad-input traces made (analysis/tests/mkbad.sh)"
cbad "a side's traces from different kernels" 'different kernels.*6\.12\.12' \
	--base "$series" "$tmp/bad/other-kernel.dat" --cand "$series"

bad() { # bad DESCRIPTION FILE [OPTIONS]: exit 2, one stderr line, no output
	local desc=$1 f=$2
	shift 2
	"$bin" report "$@" "$f" >"$tmp/bad.out" 2>"$tmp/bad.err"
	local rc=$? lines
	lines=$(wc -l <"$tmp/bad.err")
	[ $rc -eq 2 ] && [ "$lines" -eq 1 ] && [ ! -s "$tmp/bad.out" ] &&
		grep -qF "shrinkscope-report: $f: " "$tmp/bad.err"
	say $? "bad input, $desc: exit 2 (got $rc), one line on stderr (got $lines), no output"
}
bad "missing file" "$tmp/no-such.dat"
bad "empty file" "$tmp/bad/empty.dat"
bad "truncated file (head -c 100000)" "$tmp/bad/truncated.dat"
bad "truncated uncompressed (v6) file" "$tmp/bad/truncated-v6.dat"
bad "not a trace" "$tmp/bad/text.dat"
bad "trace without shrink events (series-mount.dat)" "$fx/series-mount.dat"
bad "trace with shrink formats but no shrink events" "$tmp/bad/noshrink.dat"
bad "lost events in the per-CPU stats" "$tmp/bad/lost-stats.dat"
bad "lost events flagged on a data page" "$tmp/bad/lost-page.dat"
# --- damaged traces: refused, never reported --------------------------------
dmg() { # dmg DESCRIPTION FILE: exit 2, one "damaged trace" line, no output
	local desc=$1 f=$2
	"$bin" report "$f" >"$tmp/dmg.out" 2>"$tmp/dmg.err"
	local rc=$? lines
	lines=$(wc -l <"$tmp/dmg.err")
	[ $rc -eq 2 ] && [ "$lines" -eq 1 ] && [ ! -s "$tmp/dmg.out" ] &&
		grep -qF "shrinkscope-report: $f: damaged trace: " "$tmp/dmg.err"
	say $? "damaged trace, $desc: exit 2 (got $rc), one line saying where (got $lines: $(head -c 200 "$tmp/dmg.err"))"
}
dmg "4 KiB zeroed in CPU 1's data (zstd, as recorded)" "$tmp/bad/zeroed.dat"
dmg "4 KiB of random bytes in CPU 0's data (zstd)" "$tmp/bad/random.dat"
dmg "last byte cut (the strings section)" "$tmp/bad/cut-end.dat"
dmg "4 KiB zeroed across two pages of CPU 1 (v6, uncompressed)" "$tmp/bad/zeroed-v6.dat"
dmg "one page of CPU 0 zeroed (v6)" "$tmp/bad/zeroed-page-v6.dat"
dmg "4 KiB of random bytes in CPU 0's data (v6)" "$tmp/bad/random-v6.dat"
dmg "random bytes in kallsyms (v6)" "$tmp/bad/random-ksyms-v6.dat"
dmg "a printk format libtraceevent would read past (v6)" "$tmp/bad/printk-v6.dat"

# cuts FILE: cut short at 40 offsets over the whole file, and by 1 and 4095
# bytes: every cut exits 2 with one line and no output
cuts() {
	local f=$1 size n=0 bad=() off rc
	size=$(stat -c %s "$f")
	for off in $(seq 1 40 | awk -v s="$size" '{ print int(s * $1 / 41) }') \
		   $((size - 1)) $((size - 4095)); do
		head -c "$off" "$f" >"$tmp/cut.dat"
		"$bin" report "$tmp/cut.dat" >"$tmp/cut.out" 2>"$tmp/cut.err"
		rc=$?
		n=$((n + 1))
		[ $rc -eq 2 ] && [ "$(wc -l <"$tmp/cut.err")" -eq 1 ] && [ ! -s "$tmp/cut.out" ] ||
			bad+=("$off: exit $rc, $(head -c 120 "$tmp/cut.err")")
	done
	rm -f "$tmp/cut.dat"
	[ ${#bad[@]} -eq 0 ]
	say $? "$(basename "$f") cut at $n offsets: every cut exits 2 with one line${bad:+ (not: ${bad[*]})}"
}
cuts "$pressure"
cuts "$tmp/bad/pressure-v6.dat"
cbad "a damaged candidate" 'damaged trace: CPU 1' --base "$series" "$series" "$series" \
	--cand "$series" "$series" "$tmp/bad/zeroed-v6.dat"

"$bin" report "$tmp/bad/lost-stats.dat" 2>&1 >/dev/null |
	grep -q 'LOST EVENTS: 7 or more'
say $? "lost events: the error gives the count from the stored stats (7)"

"$bin" report --csv --allow-lost "$tmp/bad/lost-stats.dat" >"$tmp/lost.csv" 2>"$tmp/lost.err"
rc=$?
[ $rc -eq 0 ] && grep -q 'LOST EVENTS: 7' "$tmp/lost.err" &&
	[ "$(csvcol files lost_events <"$tmp/lost.csv")" = 7 ]
say $? "lost events with --allow-lost: exit 0, loud warning, lost_events 7 in the files table"

"$bin" report --no-such-option "$base" >/dev/null 2>&1
say $(($? != 2)) "unknown option exits 2"

# --- output files ----------------------------------------------------------
"$bin" report -o "$tmp/r.txt" "$base" >"$tmp/o.out" 2>&1 &&
	grep -q super_cache_scan "$tmp/r.txt" && [ ! -s "$tmp/o.out" ]
say $? "report -o FILE writes the report there"

"$bin" report -o "$tmp/r2.txt" "$tmp/bad/truncated.dat" >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ] && ! ls "$tmp"/r2.txt* >/dev/null 2>&1
say $? "report -o FILE on bad input leaves no file, not even a temporary one"

# --- plots -----------------------------------------------------------------
"$bin" report --plot "$tmp/plots" "$series" >/dev/null 2>"$tmp/plot.err"
rc=$?
for p in freed-per-node batch-sizes memcg-freed; do
	[ $rc -eq 0 ] && [ -s "$tmp/plots/$p.png" ] && [ -s "$tmp/plots/$p.svg" ] &&
		[ "$(head -c 4 "$tmp/plots/$p.png" | tail -c 3)" = PNG ] &&
		grep -q '<svg' "$tmp/plots/$p.svg" && [ -s "$tmp/plots/$p.gp" ]
	say $? "report --plot writes $p.png and $p.svg (non-empty) and its gnuplot script"
done

"$bin" report --plot "$tmp/lplots" "$lru" >/dev/null 2>&1 &&
	[ -s "$tmp/lplots/slab-vs-file.png" ] && [ -s "$tmp/lplots/slab-vs-file.svg" ] &&
	grep -q "^# node" "$tmp/lplots/slab-vs-file.dat"
say $? "report --plot series-lru.dat draws slab-vs-file (slab objects freed per file page over time)"

SHRINKSCOPE_GNUPLOT=false "$bin" report --plot "$tmp/plots-fail" "$series" \
	>"$tmp/pf.out" 2>"$tmp/pf.err"
rc=$?
[ $rc -eq 2 ] && [ ! -s "$tmp/pf.out" ] && grep -q 'gnuplot failed' "$tmp/pf.err" &&
	[ -z "$(ls -A "$tmp/plots-fail")" ]
say $? "report --plot fails loudly (exit 2, no files) when gnuplot fails"

"$bin" compare --plot "$tmp/cplots" --base "$base" --cand "$series" >/dev/null 2>&1
rc=$?
[ $rc -ne 2 ] && [ -s "$tmp/cplots/compare-freed-per-call.png" ] &&
	[ -s "$tmp/cplots/compare-freed-per-call.svg" ]
say $? "compare --plot writes compare-freed-per-call.png and .svg"
# series against itself has batch events on both sides: a scanned/asked plot
"$bin" compare --plot "$tmp/cplots2" --base "$series" --cand "$series" >"$tmp/cp2.out" 2>&1
rc=$?
[ $rc -ne 2 ] && [ -s "$tmp/cplots2/compare-scanned-per-asked.png" ] &&
	grep -q 'compare-scanned-per-asked.png' "$tmp/cp2.out"
say $? "compare --plot draws scanned_per_asked too, and names each plot in its output"
