#ifndef CPICK_WIDE_H
#define CPICK_WIDE_H
#include <stdint.h>
#include "cpick_scan.h"

// Vectors of sixty-four bytes, for the scans built once per instruction
// set and chosen at run time (`cpick_skip.c`, `cpick_terms.c`): AVX-512
// holds one in a register, AVX2 two, the baseline four. The functions that
// take them are always inlined into those variants, so the calling
// convention clang warns about (-Wpsabi) never applies.
#pragma clang diagnostic ignored "-Wpsabi"
typedef uint8_t cpick_u8x64 __attribute__((ext_vector_type(64)));
typedef int8_t cpick_i8x64 __attribute__((ext_vector_type(64)));
typedef _Bool cpick_b64 __attribute__((ext_vector_type(64)));

/// The build to run: `asked` (2 AVX-512, 1 AVX2 with POPCNT, 0 the
/// baseline), lowered to the widest this processor runs; -1 asks for that
/// widest (`cpick_vector.c`).
int cpick_vector_level(int asked);

// The byte filter's rules (`cpick_scan.h`) at this width.
CPICK_DEFINE_FOLD_LEAD_PAIRS(cpick_fold_lead_pairs64, cpick_u8x64, cpick_i8x64)
CPICK_DEFINE_FULLWIDTH_FORMS(cpick_fullwidth_forms64, cpick_u8x64, cpick_i8x64)
CPICK_DEFINE_FILTER_HITS(cpick_filter_hits64, 64, cpick_u8x64, cpick_i8x64, cpick_b64, uint64_t,
                         cpick_fold_lead_pairs64, cpick_fullwidth_forms64)

#endif
