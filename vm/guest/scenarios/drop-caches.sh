#!/bin/bash
# Scenario "drop-caches": fill dentries, inodes and test cache objects on
# every node, then a full shrink (drop_caches=2) on every node.
#   FILES      files created per node (default 20000)
#   OBJECTS    test cache objects per node (default 20000)
. "$(dirname "$0")/lib.sh"
fill_files "${FILES:-20000}"
fill_testcache "${OBJECTS:-20000}"
# As Documentation/admin-guide/sysctl/vm.rst asks: dirty objects are not
# freeable, so without a sync what jbd2 (checkpointed buffers not yet
# written back) and the inode cache can free depends on where writeback
# happened to be when the drop ran.
sync
log "recording drop_caches=2"
record sh -c 'echo 2 >/proc/sys/vm/drop_caches'
