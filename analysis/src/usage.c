// SPDX-License-Identifier: GPL-2.0
#include "cmd.h"
#include "util.h"

void usage(FILE *f)
{
	fprintf(f,
"usage: %s report [--json|--csv] [--bucket SECONDS] [--plot DIR]\n"
"                 [--allow-lost] [-o FILE] FILE.dat...\n"
"       %s compare [--threshold PCT] [--shrinker REGEX] [--json|--csv] [--plot DIR]\n"
"                 [--allow-lost] [-o FILE] --base A.dat... --cand B.dat...\n"
"exit: 0 ok (compare: unchanged), 1 compare: a row changed, 2 error\n",
		PROG, PROG);
}
