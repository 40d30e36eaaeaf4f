/* vcdpor.h - helpers for programs written to be checked by vcdpor.
 *
 * The same services as the SV-COMP __VERIFIER_* conventions, under our own
 * names. vcdpor intercepts these by name; they have no definitions.
 */
#ifndef VCDPOR_H
#define VCDPOR_H

#ifdef __cplusplus
extern "C" {
#endif

/* Cuts the current thread's path (blocks it for good) when cond is 0. */
void vcdpor_assume(int cond);
/* A value chosen by the checker from --nondet-range LO:HI (default 0:1). */
int vcdpor_nondet_int(void);
/* 0 or 1, both explored. */
int vcdpor_nondet_bool(void);
/* Everything between begin and end runs without interleaving. */
void vcdpor_atomic_begin(void);
void vcdpor_atomic_end(void);
/* An assertion failure when cond is 0. */
void vcdpor_assert(int cond);
/* An assertion failure, unconditionally. */
void vcdpor_error(void);

#ifdef __cplusplus
}
#endif

#endif
