#!/usr/bin/env bash
# kernel-build.sh VARIANT: build the guest kernel of a variant (incrementally).
#
# The config is vm/kernel.config merged onto allnoconfig: a slim kernel that
# still has everything the tools need. All variants share one ccache
# (vm/lib.sh: kernel_ccache, ccache_config_key).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

split_variant "${1:?usage: kernel-build.sh [KERNEL/]VARIANT}"
trees=$(KTREES)
# One build of a variant at a time: make test builds base and full-batch
# beside the suite while a regression test may already ask for them; the
# second caller waits, then finds the kernel built.
mkdir -p "$trees"
exec {lock}>"$trees/$variant.lock"
flock "$lock"
"$TOP/vm/kernel-seed.sh" "$variant"
"$TOP/vm/kernel-tree.sh" "$variant"
tree=$trees/$variant
fragment=$TOP/vm/kernel.config
# Variants with our patches get the options those patches add.
fragments=("$fragment")
[ "$variant" = base ] || fragments+=("$TOP/vm/kernel-series.config")
# The debug variant adds the kernel's checkers (KASAN, kmemleak, ...).
[ "$variant" = debug ] && fragments+=("$TOP/vm/kernel-debug.config")
# The lines one kernel's Kconfig has and the other's dropped (6.12 sanitizes
# all with UBSAN on; 6.1 asks): vm/kernel-debug.6.1.config after
# vm/kernel-debug.config, and so on. Every line is still checked below.
for f in "${fragments[@]}"; do
	[ -f "${f%.config}.$KERNEL.config" ] && fragments+=("${f%.config}.$KERNEL.config")
done

kernel_ccache "$trees"
export KBUILD_BUILD_TIMESTAMP='Thu May  9 00:00:00 UTC 2013'
export KBUILD_BUILD_USER=shrinkscope KBUILD_BUILD_HOST=qemu
kmake() { make -C "$tree" -j"$(nproc)" CC="ccache gcc" HOSTCC="ccache gcc" "$@"; }

want="$(hash_of "$trees/$variant.applied" "${fragments[@]}" "$TOP/vm/kernel-build.sh") $KCFLAGS"
stamp=$trees/$variant.built
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] &&
   [ -f "$tree/arch/x86/boot/bzImage" ]; then
	exit 0
fi

configure() {
	cd "$tree"
	cat "${fragments[@]}" >.shrinkscope.config
	KCONFIG_ALLCONFIG=.shrinkscope.config kmake allnoconfig
	kmake olddefconfig
	# Kconfig drops a symbol whose dependencies are unmet without a word:
	# insist that every line of the fragment made it into .config.
	local line bad=0
	while read -r line; do
		case "$line" in
		CONFIG_*=*)
			grep -qxF "$line" .config ||
				{ echo "fragment line not in .config: $line"; bad=1; } ;;
		esac
	done <.shrinkscope.config
	return $bad
}

# A tree seeded from series' (kernel-seed.sh) rebuilds objtool: it is built
# with absolute paths. Every object names objtool as a prerequisite, so the
# new binary would recompile them all; from the same sources it is the same
# program, so its outputs keep the copy's time. Not if a patch of the
# variant changes tools/: then it is another objtool, and everything is
# compiled again.
seeded_objtool() {
	local seed=$1
	git -C "$tree" diff --quiet "$(cat "$seed")" HEAD -- tools/ || return 0
	kmake tools/objtool
	find "$tree/tools/objtool" -newer "$seed" -exec touch -h -r "$seed" {} +
}
seed=$trees/$variant.seeded
[ ! -f "$seed" ] ||
	run_step "objtool of the seeded $variant tree" "$trees/$variant.objtool.log" seeded_objtool "$seed"

run_step "configuring $variant" "$trees/$variant.config.log" configure
ccache_config_key "$tree"
run_step "building $variant kernel" "$trees/$variant.build.log" kmake bzImage modules
ccache -s 2>/dev/null | grep -Ei 'hits|misses' | sed 's/^/[shrinkscope]   ccache /' >&2 || true
rm -f "$stamp" "$seed"
echo "$want" >"$stamp"
