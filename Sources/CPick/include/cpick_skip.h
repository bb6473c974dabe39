#ifndef CPICK_SKIP_H
#define CPICK_SKIP_H
#include <stddef.h>
#include <stdint.h>

/// `cpick_next_candidate`, sixty-four bytes a step where the processor has
/// AVX2 or AVX-512 (chosen at run time, once): the same answer for every
/// input. On text that is not ASCII the sixteen-byte scan judges most
/// blocks' lead bytes with the bytes after them, and doing that for
/// sixty-four bytes at once saves more than the call costs.
size_t cpick_next_candidate_wide(const uint8_t *bytes, size_t count, const uint8_t wanted[4], int fold_leads);

/// `cpick_next_candidate_wide` with the instructions of `level` (0 the
/// baseline, 1 AVX2, 2 AVX-512; lowered to what the processor has; -1 its
/// best), for tests that hold the variants equal.
size_t cpick_next_candidate_at(int level, const uint8_t *bytes, size_t count, const uint8_t wanted[4],
                               int fold_leads);

#endif
