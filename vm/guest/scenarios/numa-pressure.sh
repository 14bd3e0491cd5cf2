#!/bin/bash
# Scenario "numa-pressure": dentries, inodes and test cache objects on every
# node, then memory pressure on one node only (a hog bound to it).
#   FILES      files created per node (default 20000)
#   OBJECTS    test cache objects per node (default 20000)
#   NODE       the node under pressure (default 1)
#   HOG_PCT    share of that node's caches the hog takes on top of its free memory (default 50)
. "$(dirname "$0")/lib.sh"
node=${NODE:-1}
fill_files "${FILES:-20000}"
fill_testcache "${OBJECTS:-20000}"
hog=$(hog_kb "${HOG_PCT:-50}" "$node")
log "recording while a hog bound to node $node touches $hog kB"
record numactl --membind="$node" memhog -r2 "${hog}k"
