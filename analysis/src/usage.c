// SPDX-License-Identifier: GPL-2.0
#include "cmd.h"
#include "compare.h"
#include "util.h"

void usage(FILE *f)
{
	fprintf(f,
"usage: %s report [--json|--csv|--format=text|json|csv] [--bucket=SECONDS]\n"
"                 [--plot=DIR] [--allow-lost] [-o FILE] FILE.dat...\n"
"       %s compare [--threshold=PCT] [--confidence=PCT] [--min-objects=N]\n"
"                 [--shrinker=REGEX] [--json|--csv|--format=text|json|csv|mail]\n"
"                 [--plot=DIR] [--allow-lost] [-o FILE]\n"
"                 [--base-name=TEXT] [--cand-name=TEXT] [--scenario=TEXT]\n"
"                 [--reproduce=TEXT] --base A.dat... --cand B.dat...\n"
"compare: threshold 10%%, confidence 95%%, floor 100 objects per run;\n"
"         a verdict needs at least %d runs a side\n"
"exit: 0 ok (compare: unchanged), 1 compare: a row changed, 2 error,\n"
"      3 compare: nothing changed but some rows are inconclusive\n",
		PROG, PROG, MIN_RUNS);
}
