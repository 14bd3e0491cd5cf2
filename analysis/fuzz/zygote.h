/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SS_ZYGOTE_H
#define SS_ZYGOTE_H

/* Fork a small helper that runs the analyser's header checks (zygote.c). */
void zygote_start(void);

#endif
