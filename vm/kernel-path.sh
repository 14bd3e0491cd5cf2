#!/usr/bin/env bash
# kernel-path.sh VARIANT: print the source/build tree of a kernel variant.
. "$(dirname "$0")/lib.sh"
echo "$(KTREES)/${1:?usage: kernel-path.sh VARIANT}"
