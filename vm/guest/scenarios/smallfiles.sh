#!/bin/bash
# Scenario "smallfiles": a postmark-like metadata workload (create, read,
# append, delete small files across many directories) in a memory-limited
# cgroup while a hog outside it takes memory: the cover letter's workload.
#   FILES      files in the working set (default 20000)
#   DIRS       directories they spread over (default 100)
#   ROUNDS     transactions per file (default 2)
#   LIMIT      memory.max of the workload's cgroup (default 64M)
#   HOG_PCT    share of the caches the hog takes on top of free memory (default 40)
. "$(dirname "$0")/lib.sh"
new_cgroup smallfiles >/dev/null || die "cannot make cgroup smallfiles"
echo "${LIMIT:-64M}" >/sys/fs/cgroup/smallfiles/memory.max
cat >/tmp/postmark.sh <<'PM'
files=$1 dirs=$2 rounds=$3
for ((d = 0; d < dirs; d++)); do mkdir -p /var/tmp/pm/d$d; done
for ((i = 0; i < files; i++)); do echo "$i" >/var/tmp/pm/d$((i % dirs))/f$i; done
for ((r = 0; r < rounds; r++)); do
	for ((i = r; i < files; i += 3)); do
		f=/var/tmp/pm/d$((i % dirs))/f$i
		read -r x <"$f" 2>/dev/null
		echo more >>"$f"
		[ $((i % 7)) -eq 0 ] && rm -f "$f" && echo new >"$f.n"
	done
done
PM
hog=$(hog_kb "${HOG_PCT:-40}")
log "recording smallfiles in a ${LIMIT:-64M} cgroup beside a $hog kB hog"
record sh -c "memhog -r4 ${hog}k >/dev/null & $IN_CGROUP smallfiles bash /tmp/postmark.sh ${FILES:-20000} ${DIRS:-100} ${ROUNDS:-2}; wait"
