# slab-held.awk BEFORE AFTER: the /proc/slabinfo lines of a scenario's two
# snapshots ("/proc/slabinfo:NAME active_objs num_objs objsize objperslab
# pagesperslab"), one line per cache: objects in use and allocated, and the
# kB its slab pages hold, before -> after. A cache that keeps its pages
# while its objects go is fragmented: the objects freed returned no memory.
# The guest's page size comes with the snapshots ("pagesize:N").
function kb(objs, perslab, pages) { return perslab ? int(objs / perslab * pages * pagesize / 1024) : 0 }
/^pagesize:[0-9]+$/ { pagesize = substr($1, length("pagesize:") + 1) + 0 }
$1 ~ /^\/proc\/slabinfo:/ {
	name = substr($1, length("/proc/slabinfo:") + 1)
	if (!(name in seen)) { seen[name] = 1; order[++n] = name }
	side = (FILENAME == ARGV[1]) ? "b" : "a"
	used[side, name] = $2; alloc[side, name] = $3
	perslab[side, name] = $5; pages[side, name] = $6
}
END {
	if (n && !pagesize) {
		print "slab-held.awk: the snapshots do not say the page size" > "/dev/stderr"
		exit 2
	}
	for (i = 1; i <= n; i++) {
		c = order[i]
		held["b", c] = kb(alloc["b", c], perslab["b", c], pages["b", c])
		held["a", c] = kb(alloc["a", c], perslab["a", c], pages["a", c])
		printf "  %-22s %9s / %-9s %8s kB  ->  %9s / %-9s %8s kB\n", c,
			used["b", c], alloc["b", c], held["b", c],
			used["a", c], alloc["a", c], held["a", c]
	}
}
