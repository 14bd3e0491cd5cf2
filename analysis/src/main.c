// SPDX-License-Identifier: GPL-2.0
/*
 * shrinkscope-report: shrinker activity from trace-cmd traces.
 * Exit status: 0 fine, 1 compare found a change, 2 any error.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "util.h"

int main(int argc, char **argv)
{
	util_init();
	if (argc < 2) {
		usage(stderr);
		return EXIT_ERR;
	}
	if (!strcmp(argv[1], "report"))
		return cmd_report(argc - 1, argv + 1);
	if (!strcmp(argv[1], "compare"))
		return cmd_compare(argc - 1, argv + 1);
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage(stdout);
		return 0;
	}
	fail(NULL, "unknown command '%s' (try --help)", argv[1]);
}
