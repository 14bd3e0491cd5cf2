#!/usr/bin/env bash
# kernel-path.sh [KERNEL/]VARIANT: print the source/build tree of a kernel variant.
. "$(dirname "$0")/lib.sh"
split_variant "${1:?usage: kernel-path.sh [KERNEL/]VARIANT}"
echo "$(KTREES)/$variant"
