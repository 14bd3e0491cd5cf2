#!/bin/bash
# Scenario "default": fill dentry and inode caches on every node, then
# global memory pressure from an anonymous-memory hog, recorded.
#   FILES      files created per node (default 20000)
#   HOG_PCT    share of the caches the hog takes on top of free memory (default 60)
#   HOG_ROUNDS how many times the hog touches all of it (default 3)
. "$(dirname "$0")/lib.sh"
fill_files "${FILES:-20000}"
hog=$(hog_kb "${HOG_PCT:-60}")
log "recording while a hog touches $hog kB ${HOG_ROUNDS:-3} times"
record memhog -r"${HOG_ROUNDS:-3}" "${hog}k"
