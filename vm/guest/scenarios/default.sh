#!/bin/bash
# Scenario "default": fill dentry and inode caches on every node, then
# global memory pressure from an anonymous-memory hog, recorded.
#   FILES      files created per node (default 20000)
#   HOG_PCT    share of the caches the scenario filled that the hog takes on top of free memory (default 60)
#   HOG_ROUNDS how many times the hog touches all of it (default 3)
# The hog is sized once the trace buffers are allocated, against what the
# fill added (filled_hog_kb): the same ask of reclaim on every kernel.
. "$(dirname "$0")/lib.sh"
before=$(caches_kb)
fill_files "${FILES:-20000}"
reserve_trace_buffers
hog=$(filled_hog_kb "${HOG_PCT:-60}" "$before")
log "recording while a hog touches $hog kB ${HOG_ROUNDS:-3} times (caches before the fill: $before kB)"
record memhog -r"${HOG_ROUNDS:-3}" "${hog}k"
