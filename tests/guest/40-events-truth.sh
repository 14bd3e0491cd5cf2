# The new and extended events tell the truth: files created inside a cgroup
# on node 1 show up as list_lru_add events of that memcg and node; when they
# are dropped, the per-batch frees add up to each mm_shrink_slab_end, and the
# superblock lrus' walk events account for every object the sb shrinkers
# freed. memory.reclaim on a cgroup shows as memcg reclaim of that memcg.
. ./lib.sh
plan 5
[ -d /sys/kernel/tracing/events/list_lru ] || { fail "kernel has list_lru events"; exit 0; }
files=${TRUTH_FILES:-3000}
node=$(( $(ls -d /sys/devices/system/node/node[0-9]* | wc -l) - 1 ))
ino=$(new_cgroup truth)

# --- creation: list_lru_add events of our memcg and node ---
trace-cmd record -q -e list_lru:list_lru_add -o /tmp/add.dat -- \
	"$IN_CGROUP" truth numactl --membind="$node" \
	bash -c ". ./lib.sh; populate_files /var/tmp/truth $files" >/dev/null 2>&1
raw_report /tmp/add.dat >/tmp/add.txt
read -r added onnode < <(gawk -f lib.awk -v ino="$ino" -v nid="$node" -e '
	parse() == "list_lru_add" && f["memcg_id"] == ino && f["changed"] == 1 {n++; if (f["nid"] == nid) o++}
	END {print n + 0, o + 0}' /tmp/add.txt)
# One dentry per file goes on the dentry LRU when its last reference is
# dropped; the directory and bash's own lookups add a handful more. SLUB
# serves objects from slabs of the CPU's node before it asks the page
# allocator (which honours --membind): a few with production SLUB, 7% on
# the debug kernel, where every allocation takes SLUB's slow path. A wrong
# nid in the event would put about half, or none, on the node.
if [ "$added" -ge "$files" ] && [ "$added" -le $((files + 50)) ] &&
   [ $((onnode * 100)) -ge $((added * 90)) ]; then
	pass "list_lru_add: $added adds in memcg $ino ($onnode on node $node) for $files files"
else
	fail "list_lru_add counts the $files files created in memcg $ino on node $node" \
		"saw $added adds, $onnode on node $node (want $files to $((files + 50)), >= 90% on the node)"
fi

# --- drop_caches: per-call, per-shrinker and per-lru accounting ---
trace-cmd record -q -e list_lru:list_lru_walk -e vmscan:mm_shrink_slab_start \
	-e vmscan:mm_shrink_slab_batch -e vmscan:mm_shrink_slab_end -o /tmp/drop.dat -- \
	sh -c 'echo 2 >/proc/sys/vm/drop_caches' >/dev/null 2>&1
raw_report /tmp/drop.dat >/tmp/drop.txt
cp /tmp/add.dat "$OUT/truth-add.dat"
cp /tmp/drop.dat "$OUT/truth-drop.dat"
gawk -f lib.awk -v ino="$ino" -v nid="$node" -v files="$files" -e '
	{ e = parse() }
	e == "mm_shrink_slab_start" { open[pid] = 1; sum[pid] = 0
		if (f["name"] ~ /^sb-/) sb[f["shrinker_id"]] = 1 }
	e == "mm_shrink_slab_batch" { sum[pid] += f["freed"]
		if (f["shrinker_id"] in sb) sbfreed += f["freed"]
		if (f["memcg_id"] == ino) { ourfreed += f["freed"]; if (f["nid"] == nid) ournode += f["freed"] } }
	e == "mm_shrink_slab_end" && open[pid] { calls++; open[pid] = 0
		if (sum[pid] != f["retval"]) bad++ }
	e == "list_lru_walk" && (f["shrinker_id"] in sb) {
		walked += f["removed"] + f["removed_retry"] }
	e == "list_lru_walk" && f["memcg_id"] == ino { ourwalk += f["removed"] + f["removed_retry"] }
	END {
		if (calls > 0 && bad == 0)
			printf "ok - mm_shrink_slab_batch frees add up to mm_shrink_slab_end in all %d calls\n", calls
		else
			printf "not ok - mm_shrink_slab_batch frees add up to mm_shrink_slab_end (%d of %d calls differ)\n", bad, calls
		if (sbfreed > 0 && walked == sbfreed)
			printf "ok - superblock lru walks removed %d objects, the sb shrinkers freed %d\n", walked, sbfreed
		else
			printf "not ok - superblock lru walks account for sb shrinker frees: walks removed %d, shrinkers freed %d\n", walked, sbfreed
		# two objects (dentry, inode) per file; drop_caches stops its passes
		# once a pass frees little, so allow 5% to stay behind
		if (ourfreed * 100 >= 2 * files * 95 && ourwalk == ourfreed && ournode * 100 >= ourfreed * 90)
			printf "ok - memcg %s: %d freed in batches (%d on node %d), %d removed by walks, for %d files\n", ino, ourfreed, ournode, nid, ourwalk, files
		else
			printf "not ok - memcg %s frees >= 95%% of 2 x %d files, walks agree, >= 90%% on node %d: batches %d (node %d), walks %d\n", ino, files, nid, ourfreed, ournode, ourwalk
	}' /tmp/drop.txt

# --- memory.reclaim: memcg reclaim of exactly that memcg ---
in_cgroup truth bash -c ". ./lib.sh; populate_files /var/tmp/truth2 $files" >/dev/null 2>&1
trace-cmd record -q -e vmscan:mm_shrink_slab_start -o /tmp/reclaim.dat -- \
	sh -c 'echo 64M >/sys/fs/cgroup/truth/memory.reclaim' >/dev/null 2>&1
raw_report /tmp/reclaim.dat >/tmp/reclaim.txt
read -r ours others < <(gawk -f lib.awk -v ino="$ino" -e '
	parse() == "mm_shrink_slab_start" { if (f["memcg_id"] == ino && f["memcg_reclaim"] == 1) o++; else x++ }
	END {print o + 0, x + 0}' /tmp/reclaim.txt)
if [ "$ours" -gt 0 ] && [ "$others" -eq 0 ]; then
	pass "memory.reclaim: $ours shrink_slab calls, all memcg_reclaim=1 on memcg $ino"
else
	fail "memory.reclaim shows as memcg reclaim of memcg $ino" "ours $ours, others $others"
fi
