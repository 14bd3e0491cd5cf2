# bpf/ONELINERS.md: every one-liner prints what it claims while a workload
# creates files, drops caches and mounts a tmpfs. Booted on the series
# kernel, as a user runs them (tests/run.sh): what the debug kernel's
# checkers say of BPF on these events is 80-bpf.sh's, whose scripts attach
# to the same tracepoints; bpftrace's start-up there takes four times as
# long (NOTES.md).
. ./lib.sh
bpf=/host/bpf
gawk '/^    bpftrace -e / {sub(/^    /, ""); cmd = $0; next}
	/^Expect: `/ && cmd != "" {re = $0; sub(/^Expect: `/, "", re); sub(/`$/, "", re)
		print cmd "\t" re; cmd = ""}' "$bpf/ONELINERS.md" >/tmp/oneliners.tsv
plan $(($(wc -l </tmp/oneliners.tsv) + 1))

files_workload() {
	populate_files /var/tmp/bpfw 1500
	rm -rf /var/tmp/bpfw/f1*
	echo 2 >/proc/sys/vm/drop_caches
	mount -t tmpfs none /mnt && umount /mnt
}

# --- ONELINERS.md ---
n=0
while IFS=$'\t' read -r cmd re; do
	n=$((n + 1))
	out=/tmp/oneliner.$n
	if BT_WORKLOAD=files_workload run_bt "$out" bash -c "$cmd" && grep -qE "$re" "$out"; then
		pass "one-liner $n prints /$re/"
	else
		fail "one-liner $n prints /$re/" "$cmd" "$(grep -v '^$' "$out" | head -8)"
	fi
	cp "$out" "$OUT/oneliner.$n.out"
done </tmp/oneliners.tsv
[ "$n" -ge 10 ] && pass "ONELINERS.md has $n one-liners (10 or more)" ||
	fail "ONELINERS.md has 10 or more one-liners" "found $n"
