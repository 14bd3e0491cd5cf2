# oracle.awk: what `shrinkscope-report report` and `compare` should print,
# computed from `trace-cmd report -R` text (raw name=value fields), with
# none of the analyser's code. tests/host/35-compare-oracle.sh diffs the two.
#
#   awk -f oracle.awk mode=report  FILE.txt
#   awk -f oracle.awk mode=reclaimer FILE.txt
#   awk -f oracle.awk mode=compare [only=ERE] \
#       side=base A.txt... side=cand B.txt...
#
# Output, one value a line: KEY <TAB> FIELD <TAB> VALUE, "-" for no value.
#   report:  KEY = shrinker|shr|node|memcg; FIELD = calls, asked, scanned,
#            freed, deferred_before, deferred_after
#   reclaimer: KEY = shrinker|shr|node|reclaimer; FIELD = calls, asked,
#            freed
#   compare: KEY = label|node|metric; FIELD = {base,cand}_{n,mean,min,max,sd}
#
# Why these definitions: they are analysis/README.md's (the Shrinkers table,
# "How compare decides") restated over events anyone can grep in trace-cmd's
# text, so every number the analyser prints traces back to events. The rule
# for absent keys is the one set for compare: a shrinker not called in a run
# freed nothing in it, a 0 for objects freed per run and per page, while a
# ratio per call or per object asked has nothing to divide.
#
# Definitions:
# - A call is start -> batches -> end in one task (pid). A batch or an end
#   belongs to the call open in its task when it names the same shrinker
#   instance (shr); else it stands alone, on the row its own fields give
#   (an end whose start was cut off by the trace's edge still counts as a
#   call and its retval as freed, as analysis/src/agg.c does).
# - Row (report): name, shr, node, memcg of the call's start. calls = end
#   events; asked = sum of start total_scan; scanned = sum of end scanned
#   where the end events have it, else of batch nr_scanned; freed = sum of end retval. deferred_before = the deferred
#   work the row's first call took over (start nr_objects_to_shrink, or an
#   unpaired end's unused_scan, which is the same number); deferred_after =
#   new_scan of the row's last end.
# - Name: the event's name field; else the name a named event or
#   mm_shrinker_register gave that shr earlier in the file; else the scan
#   function's symbol (the shrink field, trace-cmd prints sym+0xoff).
# - Compare key: name when every start/end of every file has a name field,
#   else the symbol; plus node. All memcgs and all instances (shr) of a key
#   are merged, per file, into calls, freed, asked, scanned, win_freed.
# - A reclaim window is mm_vmscan_{direct,memcg,memcg_softlimit,node}_
#   reclaim_begin .. its _end in the same task (nested: each end closes
#   one); the file's reclaimed = sum of those ends' nr_reclaimed. win_freed
#   = retval of ends that come inside a window of their task.
# - Reclaimer of a call: at its start, the kind of the outermost window
#   open in its task (direct; memcg for memcg and memcg_softlimit; node),
#   else kswapd when the task's comm starts with "kswapd", else other. An
#   end whose start is cut off is classified the same way at the end.
#   Rows (reclaimer mode): name, shr, node of the call, and its reclaimer;
#   calls, freed from ends, asked from starts, memcgs summed.
# - Per file and key: freed_per_call = freed/calls (calls > 0);
#   scanned_per_asked = scanned/asked (asked > 0; only when every file has
#   batch events); freed_per_page = win_freed/reclaimed (reclaimed > 0;
#   only when every file has a window); freed_per_run = freed;
#   scanned_per_run = scanned (only when every file has batch events);
#   deferred_per_call = sum of start nr_objects_to_shrink / starts (every
#   start, ended or not); asked_per_freeable = asked / sum of start
#   cache_items; freed_per_scanned = freed / scanned (batch events);
#   freed_per_file_page = freed / the file pages mm_vmscan_lru_shrink_inactive
#   reclaimed on the key's node in the file (reclaim_flags has
#   RECLAIM_WB_FILE, 0x2; no value when that is 0).
#   A key absent from a file counts there as zero calls: per-run figures 0,
#   freed_per_page 0, no per-call ratio. So freed_per_run has n = the
#   side's number of files for every key of either side.
# - Per side: n, mean, min, max, sample sd (0 for n = 1), two-pass.
# - A (key, metric) row exists when the metric is compared and either side
#   has a value; with only=ERE (compare --shrinker), only for labels that
#   match it.

BEGIN {
	OFS = "\t"
	nf = 0
	win = "^mm_vmscan_(direct|memcg|memcg_softlimit|node)_reclaim_"
}

FNR == 1 {
	f = ++nf
	fside[f] = side
}

# comm-pid [cpu] ts: event: k=v k=v ...
{
	if (!match($0, /-[0-9]+ +\[[0-9]+\] +[0-9.]+: [a-z0-9_]+: /))
		next
	head = substr($0, RSTART, RLENGTH)
	rest = substr($0, RSTART + RLENGTH)
	nh = split(head, hw, " ")
	pid = substr(hw[1], 2)
	comm = substr($0, 1, RSTART - 1)
	sub(/^ +/, "", comm)
	ev = hw[nh]
	sub(/:$/, "", ev)
	if (ev !~ /^mm_(shrink_slab_|shrinker_register|vmscan_)/)
		next
	split("", v)
	n = split(rest, tok, " ")
	for (i = 1; i <= n; i++) {
		eq = index(tok[i], "=")
		if (eq)
			v[substr(tok[i], 1, eq - 1)] = substr(tok[i], eq + 1)
	}
	if ("name" in v)
		gsub(/[^!-~]/, "?", v["name"])
	handle(f, pid, ev)
}

function sym_of(s) {
	sub(/\+0x[0-9a-f]+$/, "", s)
	return s
}

function na(k) { return (k in v) ? v[k] : "-" }

# The memcg by cgroup id: memcg_id, or the older memcg (inode, 0 = root 1).
function memcg_of() {
	if ("memcg_id" in v)
		return v["memcg_id"]
	if ("memcg" in v)
		return v["memcg"] == 0 ? 1 : v["memcg"]
	return "-"
}

# Name of this event's shrinker; remembers names per shr for later events.
function name_of(f) {
	if ("name" in v && v["name"] != "") {
		known[f, v["shr"]] = v["name"]
		return v["name"]
	}
	if ((f, v["shr"]) in known)
		return known[f, v["shr"]]
	return sym_of(v["shrink"])
}

# The row of this event's own fields.
function own_row(f) {
	return name_of(f) "|" v["shr"] "|" v["nid"] "|" memcg_of()
}

function touch(f, rk) {
	if (!((f, rk) in rows)) {
		rows[f, rk] = 1
		rsym[f, rk] = sym_of(v["shrink"])
		calls[f, rk] = freed[f, rk] = asked[f, rk] = scanned[f, rk] = 0
		endscanned[f, rk] = 0
		winfreed[f, rk] = defsum[f, rk] = starts[f, rk] = 0
		freeable[f, rk] = 0
	}
}

# What drives a call made now in task pid (see Reclaimer above).
function who_of(f, pid) {
	if (depth[f, pid] > 0)
		return wkind[f, pid]
	return comm ~ /^kswapd/ ? "kswapd" : "other"
}

# The reclaimer row of report row rk (name|shr|node|memcg) and reclaimer w.
function wrow(f, rk, w,    r) {
	split(rk, r, "|")
	rk = r[1] "|" r[2] "|" r[3] "|" w
	if (!((f, rk) in wrows)) {
		wrows[f, rk] = 1
		wcalls[f, rk] = wasked[f, rk] = wfreed[f, rk] = 0
	}
	return rk
}

function handle(f, pid, ev,    rk, paired, wk) {
	if (ev ~ /^mm_shrink_slab_(start|end)$/ && !("name" in v))
		nameless[f] = 1
	if (ev == "mm_shrinker_register") {
		if (v["name"] != "")
			known[f, v["shr"]] = v["name"]
	} else if (ev == "mm_shrink_slab_start") {
		rk = own_row(f)
		touch(f, rk)
		open[f, pid] = 1
		oshr[f, pid] = v["shr"]
		orow[f, pid] = rk
		if ("total_scan" in v)
			asked[f, rk] += v["total_scan"]
		else
			noasked[f] = 1
		if (!((f, rk) in dbefore))
			dbefore[f, rk] = na("nr_objects_to_shrink")
		defsum[f, rk] += v["nr_objects_to_shrink"]
		starts[f, rk]++
		freeable[f, rk] += v["cache_items"]
		owho[f, pid] = who_of(f, pid)
		wasked[f, wrow(f, rk, owho[f, pid])] += v["total_scan"]
	} else if (ev == "mm_vmscan_lru_shrink_inactive") {
		haslru[f] = 1
		if (int(v["reclaim_flags"] / 2) % 2)
			filepages[f, v["nid"]] += v["nr_reclaimed"]
	} else if (ev == "mm_shrink_slab_batch") {
		paired = open[f, pid] && oshr[f, pid] == v["shr"]
		rk = paired ? orow[f, pid] : own_row(f)
		touch(f, rk)
		if ("nr_scanned" in v) {
			scanned[f, rk] += v["nr_scanned"]
			hasbatch[f] = 1
		}
	} else if (ev == "mm_shrink_slab_end") {
		paired = open[f, pid] && oshr[f, pid] == v["shr"]
		rk = paired ? orow[f, pid] : own_row(f)
		touch(f, rk)
		calls[f, rk]++
		freed[f, rk] += v["retval"]
		if ("scanned" in v) {
			endscanned[f, rk] += v["scanned"]
			hasend[f] = 1
		}
		if (!((f, rk) in dbefore))
			dbefore[f, rk] = na("unused_scan")
		dafter[f, rk] = na("new_scan")
		if (depth[f, pid] > 0)
			winfreed[f, rk] += v["retval"]
		wk = wrow(f, rk, paired ? owho[f, pid] : who_of(f, pid))
		wcalls[f, wk]++
		wfreed[f, wk] += v["retval"]
		open[f, pid] = 0
	} else if (ev ~ (win "begin$")) {
		if (!(depth[f, pid] > 0))
			wkind[f, pid] = ev ~ /direct/ ? "direct" : ev ~ /memcg/ ? "memcg" : "node"
		depth[f, pid]++
	} else if (ev ~ (win "end$")) {
		if (depth[f, pid] > 0) {
			depth[f, pid]--
			windows[f]++
			reclaimed[f] += v["nr_reclaimed"]
		}
	}
}

function out(key, field, val) { print key, field, val }

function reclaimers(    fk, p, f, rk) {
	for (fk in wrows) {
		split(fk, p, SUBSEP)
		f = p[1]
		rk = p[2]
		out(rk, "calls", wcalls[f, rk])
		out(rk, "asked", noasked[f] ? "-" : wasked[f, rk])
		out(rk, "freed", wfreed[f, rk])
	}
}

function report(    fk, p, f, rk) {
	for (fk in rows) {
		split(fk, p, SUBSEP)
		f = p[1]
		rk = p[2]
		out(rk, "calls", calls[f, rk])
		out(rk, "asked", noasked[f] ? "-" : asked[f, rk])
		out(rk, "scanned", hasend[f] ? endscanned[f, rk] : hasbatch[f] ? scanned[f, rk] : "-")
		out(rk, "freed", freed[f, rk])
		out(rk, "deferred_before", (f, rk) in dbefore ? dbefore[f, rk] : "-")
		out(rk, "deferred_after", (f, rk) in dafter ? dafter[f, rk] : "-")
	}
}

# Per file, per compare key: sums over memcgs and instances.
function fold(byname,    fk, p, f, rk, r, label, k) {
	for (fk in rows) {
		split(fk, p, SUBSEP)
		f = p[1]
		rk = p[2]
		split(rk, r, "|")
		label = byname ? r[1] : rsym[f, rk]
		k = label "|" r[3]
		keys[k] = 1
		klabel[k] = label
		present[f, k] = 1
		kcalls[f, k] += calls[f, rk]
		kfreed[f, k] += freed[f, rk]
		kasked[f, k] += asked[f, rk]
		kscanned[f, k] += hasend[f] ? endscanned[f, rk] : scanned[f, rk]
		kwin[f, k] += winfreed[f, rk]
		kdef[f, k] += defsum[f, rk]
		kstarts[f, k] += starts[f, rk]
		kfreeable[f, k] += freeable[f, rk]
		knode[k] = r[3]
	}
}

# Value of metric m for key k in file f, or "" for none.
function value(m, f, k) {
	if (m == "freed_per_run")
		return (f, k) in present ? kfreed[f, k] : 0
	if (m == "scanned_per_run")
		return (f, k) in present ? kscanned[f, k] : 0
	if (m == "freed_per_file_page") {
		if (!(filepages[f, knode[k]] > 0))
			return ""
		return ((f, k) in present ? kfreed[f, k] : 0) / filepages[f, knode[k]]
	}
	if (m == "freed_per_page") {
		if (!(reclaimed[f] > 0))
			return ""
		return (f, k) in present ? kwin[f, k] / reclaimed[f] : 0
	}
	if (!((f, k) in present))
		return ""
	if (m == "freed_per_call")
		return kcalls[f, k] ? kfreed[f, k] / kcalls[f, k] : ""
	if (m == "deferred_per_call")
		return kstarts[f, k] ? kdef[f, k] / kstarts[f, k] : ""
	if (m == "asked_per_freeable")
		return kfreeable[f, k] ? kasked[f, k] / kfreeable[f, k] : ""
	if (m == "freed_per_scanned")
		return kscanned[f, k] ? kfreed[f, k] / kscanned[f, k] : ""
	return kasked[f, k] ? kscanned[f, k] / kasked[f, k] : ""
}

# n, mean, min, max, sd of metric m over the files of side s, into st[].
function stats(m, s, k,    f, x, n, sum, ss, lo, hi, mean) {
	n = sum = 0
	for (f = 1; f <= nf; f++) {
		if (fside[f] != s)
			continue
		x = value(m, f, k)
		if (x == "")
			continue
		vals[++n] = x + 0
		sum += x
		if (n == 1 || x + 0 < lo)
			lo = x + 0
		if (n == 1 || x + 0 > hi)
			hi = x + 0
	}
	st["n"] = n
	if (!n) {
		st["mean"] = st["min"] = st["max"] = st["sd"] = "-"
		return
	}
	mean = sum / n
	ss = 0
	for (x = 1; x <= n; x++)
		ss += (vals[x] - mean) * (vals[x] - mean)
	st["mean"] = mean
	st["min"] = lo
	st["max"] = hi
	st["sd"] = n > 1 ? sqrt(ss / (n - 1)) : 0
}

function compare(    byname, on, f, k, m, s, nb, nc, sb, key, fld, i) {
	byname = 1
	on["freed_per_call"] = on["freed_per_run"] = 1
	on["scanned_per_asked"] = on["freed_per_page"] = 1
	on["scanned_per_run"] = on["freed_per_scanned"] = 1
	on["deferred_per_call"] = on["asked_per_freeable"] = 1
	on["freed_per_file_page"] = 1
	for (f = 1; f <= nf; f++) {
		if (nameless[f])
			byname = 0
		if (!hasbatch[f] && !hasend[f])
			on["scanned_per_asked"] = on["scanned_per_run"] = 0
		if (!hasbatch[f] && !hasend[f])
			on["freed_per_scanned"] = 0
		if (!haslru[f])
			on["freed_per_file_page"] = 0
		if (!windows[f])
			on["freed_per_page"] = 0
	}
	fold(byname)
	split("n mean min max sd", fld, " ")
	for (k in keys) {
		if (only != "" && klabel[k] !~ only)
			continue
		for (m in on) {
			if (!on[m])
				continue
			stats(m, "base", k)
			for (i in fld)
				sb[fld[i]] = st[fld[i]]
			stats(m, "cand", k)
			if (!sb["n"] && !st["n"])
				continue
			key = k "|" m
			for (i = 1; i <= 5; i++) {
				out(key, "base_" fld[i], sb[fld[i]])
				out(key, "cand_" fld[i], st[fld[i]])
			}
		}
	}
}

END {
	CONVFMT = OFMT = "%.17g"
	if (mode == "report")
		report()
	else if (mode == "reclaimer")
		reclaimers()
	else
		compare()
}
