# btmap.awk -v map='@NAME[KEY]': what bpftrace printed for that map entry,
# summed over every time it was printed (the scripts in bpf/ print each
# interval's figures and clear them). With -v totals=1, for a script that
# prints running totals: the last value, or "decreased" if a print was
# below the one before it or an interval's print (from one time line to
# the next) left out an entry printed before. A plain value prints as one number;
# a histogram as "BUCKET<TAB>COUNT" lines, BUCKET as bpftrace writes it
# ("[0]", "[64, 128)", "[41, 42)"), in bucket order, buckets of 0 left out.
BEGIN { plen = length(map) }
{ sub(/ +$/, "") }	# bpftrace ends a histogram's name line with a space
totals && /^[0-9][0-9]:[0-9][0-9]:[0-9][0-9]$/ {
	if (plain && !inblock)
		down = 1
	inblock = 0
	next
}
substr($0, 1, plen + 2) == map ": " {
	v = substr($0, plen + 3) + 0
	if (totals && plain && v < sum)
		down = 1
	sum = totals ? v : sum + v
	plain = inblock = 1
	next
}
$0 == map ":" { inhist = 1; next }
inhist && /^\[/ {
	b = substr($0, 1, index($0, ")") ? index($0, ")") : index($0, "]"))
	c = $0
	sub(/^[^)\]]*[)\]] +/, "", c)
	c += 0
	if (!(b in count))
		order[++n] = b
	count[b] += c
	next
}
{ inhist = 0 }
END {
	if (totals && plain && !inblock)
		down = 1
	if (plain)
		print down ? "decreased" : sum
	for (i = 1; i <= n; i++)
		if (count[order[i]])
			printf "%s\t%d\n", order[i], count[order[i]]
}
