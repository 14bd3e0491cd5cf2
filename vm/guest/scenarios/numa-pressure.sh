#!/bin/bash
# Scenario "numa-pressure": dentries, inodes and test cache objects on every
# node, then memory pressure on one node only (a hog bound to it).
#   FILES      files created per node (default 20000)
#   OBJECTS    test cache objects per node (default 20000)
#   NODE       the node under pressure (default 1)
#   HOG_PCT    share of the caches the scenario filled on that node the hog
#              takes on top of the node's free memory (default 50)
# The hog is sized once the trace buffers are allocated, against what the
# fill added on the node (filled_hog_kb), as in "default": the same ask of
# reclaim on every kernel.
. "$(dirname "$0")/lib.sh"
node=${NODE:-1}
before=$(caches_kb "$node")
fill_files "${FILES:-20000}"
fill_testcache "${OBJECTS:-20000}"
reserve_trace_buffers
hog=$(filled_hog_kb "${HOG_PCT:-50}" "$before" "$node")
log "recording while a hog bound to node $node touches $hog kB (node $node caches before the fill: $before kB)"
record numactl --membind="$node" memhog -r2 "${hog}k"
