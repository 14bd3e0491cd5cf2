#!/usr/bin/env bash
# qemu-plugin-header.sh: print the folder holding qemu-plugin.h for the QEMU
# installed here, fetching it once into the cache.
#
# Debian ships the TCG plugin header only in the qemu source package. Its
# source is downloaded (once, about 24 MB) through a private apt
# configuration: the machine's own deb entries turned into deb-src, lists
# and downloads in a temporary folder, the machine's apt state untouched.
# Only the header is kept, under the installed package's version.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

ver=$(dpkg-query -W -f '${source:Version}' qemu-system-x86 2>/dev/null) ||
	die "qemu-system-x86 is not installed (run: make deps)"
# (no colon of the epoch in the path: make would read it as a rule)
dir=$SHRINKSCOPE_CACHE/qemu-plugin/${ver//:/_}
if [ -f "$dir/qemu-plugin.h" ]; then
	echo "$dir"
	exit 0
fi

fetch() {
	local tmp
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' RETURN
	mkdir -p "$tmp/parts" "$tmp/lists/partial" "$tmp/cache/archives/partial" "$tmp/src"
	# deb822 files (bookworm's debian.sources) and one-line lists alike
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] && sed 's/^Types: *deb$/Types: deb-src/' "$f" >"$tmp/parts/$(basename "$f")"
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] && sed -n 's/^deb /deb-src /p' "$f" >>"$tmp/parts/src.list"
	done
	local apt=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$tmp/parts"
		-o "Dir::State::Lists=$tmp/lists" -o "Dir::Cache=$tmp/cache"
		-o Debug::NoLocking=1 -o APT::Sandbox::User=root)
	apt-get "${apt[@]}" -q update
	(cd "$tmp/src" && apt-get "${apt[@]}" -q source --download-only "qemu=$ver")
	local orig
	orig=$(ls "$tmp"/src/qemu_*.orig.tar.*)
	tar -C "$tmp/src" -xf "$orig" --wildcards '*/include/qemu/qemu-plugin.h'
	mkdir -p "$dir"
	cp "$tmp"/src/*/include/qemu/qemu-plugin.h "$dir/"
}
run_step "fetching qemu-plugin.h of qemu $ver (source package, once)" \
	"$SHRINKSCOPE_CACHE/qemu-plugin.log" fetch >&2
[ -f "$dir/qemu-plugin.h" ] || die "no qemu-plugin.h in the qemu $ver source"
echo "$dir"
