/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The shrinkscope KernelShark plugin: what its C part (plugin.c: events,
 * pairing) shares with its C++ part (draw.cpp: KernelShark's shapes are C++
 * classes) and with the headless checker (calls.c, through dlsym).
 */
#ifndef SSKS_H
#define SSKS_H

#include "pair.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SSKS_EXPORT __attribute__((visibility("default")))

struct kshark_cpp_argv;

/* Per data stream; pairing runs once, before the first drawing. */
struct ssks_ctx {
	struct sk_set set;
	void *dec;		/* struct decoder (analysis/src/decode.h) */
	void *tep;		/* struct tep_handle, for kallsyms */
	char *file;
	int ids[24];		/* event ids with a handler */
	int nids;
};

/* The calls of stream @sd, paired; NULL if the plugin is not on it. */
SSKS_EXPORT const struct sk_set *ssks_calls(int sd);

struct ssks_ctx *ssks_get(int sd);
void ssks_ready(struct ssks_ctx *c);
void ssks_draw(struct kshark_cpp_argv *argv, int sd, int val, int action);

#ifdef __cplusplus
}
#endif

#endif
