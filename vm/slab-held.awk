# slab-held.awk BEFORE AFTER: the /proc/slabinfo lines of a scenario's two
# snapshots ("/proc/slabinfo:NAME active_objs num_objs objsize objperslab
# pagesperslab"), one line per cache: objects in use and allocated, and the
# kB its slab pages hold, before -> after. A cache that keeps its pages
# while its objects go is fragmented: the objects freed returned no memory.
function kb(objs, perslab, pages) { return perslab ? int(objs / perslab * pages * 4) : 0 }
$1 ~ /^\/proc\/slabinfo:/ {
	name = substr($1, length("/proc/slabinfo:") + 1)
	if (!(name in seen)) { seen[name] = 1; order[++n] = name }
	side = (FILENAME == ARGV[1]) ? "b" : "a"
	used[side, name] = $2; alloc[side, name] = $3
	held[side, name] = kb($3, $5, $6)
}
END {
	for (i = 1; i <= n; i++) {
		c = order[i]
		printf "  %-22s %9s / %-9s %8s kB  ->  %9s / %-9s %8s kB\n", c,
			used["b", c], alloc["b", c], held["b", c],
			used["a", c], alloc["a", c], held["a", c]
	}
}
