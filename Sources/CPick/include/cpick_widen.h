#ifndef CPICK_WIDEN_H
#define CPICK_WIDEN_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

// The ASCII runs of a non-ASCII item, sixteen bytes (or eight units) at a
// time: the general path decodes an item into 4-byte units with their byte
// offsets, then folds each unit. Items that are not ASCII are mostly ASCII
// all the same (a path with one accented name), and byte by byte those two
// passes cost more than the match. A run of ASCII bytes needs no decoding
// (a byte is its unit) and folds by one comparison, so it is widened and
// folded a block at a time here; `UTF8Decoding` and `PreparedText` take
// every other character one at a time, as before.

typedef uint8_t cpick_widen_u8x16 __attribute__((ext_vector_type(16)));
typedef int8_t cpick_widen_i8x16 __attribute__((ext_vector_type(16)));
typedef _Bool cpick_widen_b16 __attribute__((ext_vector_type(16)));
typedef uint32_t cpick_widen_u32x16 __attribute__((ext_vector_type(16)));
typedef uint32_t cpick_widen_u32x8 __attribute__((ext_vector_type(8)));
typedef int32_t cpick_widen_i32x8 __attribute__((ext_vector_type(8)));
typedef _Bool cpick_widen_b8 __attribute__((ext_vector_type(8)));

/// Writes the units of the ASCII bytes that start `bytes` (at most `count`)
/// to `units`, and their offsets (`first_offset` for the first, counting up,
/// wrapping past 2^31 as `UTF8Decoding` does) to `offsets`; returns how many
/// (0 when the first byte is not ASCII). Both outputs must hold `count`
/// elements: a block is written whole, past the run's end, and the caller
/// overwrites what follows the run.
static inline size_t cpick_widen_ascii(
  const uint8_t *bytes, size_t count, uint32_t *units, int32_t *offsets, int64_t first_offset) {
  size_t k = 0;
  while (k + 16 <= count) {
    cpick_widen_u8x16 block;
    memcpy(&block, bytes + k, 16);
    cpick_widen_b16 high = __builtin_convertvector((cpick_widen_i8x16)block < 0, cpick_widen_b16);
    uint16_t mask;
    memcpy(&mask, &high, sizeof mask);
    cpick_widen_u32x16 wide = __builtin_convertvector(block, cpick_widen_u32x16);
    memcpy(units + k, &wide, sizeof wide);
    uint32_t start = (uint32_t)(first_offset + (int64_t)k);
    cpick_widen_u32x16 at = (cpick_widen_u32x16){0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15} + start;
    memcpy(offsets + k, &at, sizeof at);
    if (mask != 0) return k + (size_t)__builtin_ctz(mask);
    k += 16;
  }
  for (; k < count && bytes[k] < 0x80; k++) {
    units[k] = bytes[k];
    offsets[k] = (int32_t)(uint32_t)(first_offset + (int64_t)k);
  }
  return k;
}

/// Folds the units below 0x80 that start `units` (at most `count`) into
/// `out`: upper-case letters to lower case when `lower_case`, the rest as
/// they are. Returns how many (0 when the first unit is not ASCII). `out`
/// must hold `count` elements: a block is written whole, past the run's end.
static inline size_t cpick_fold_ascii_units(const uint32_t *units, size_t count, uint32_t *out, int lower_case) {
  uint32_t bit = lower_case ? 0x20 : 0;
  size_t k = 0;
  while (k + 8 <= count) {
    cpick_widen_u32x8 v;
    memcpy(&v, units + k, sizeof v);
    cpick_widen_u32x8 upper = (cpick_widen_u32x8)((cpick_widen_i32x8)(v - 0x41u < 26u)) & bit;
    cpick_widen_u32x8 folded = v | upper;
    memcpy(out + k, &folded, sizeof folded);
    cpick_widen_b8 high = __builtin_convertvector((cpick_widen_i32x8)(v > 0x7Fu), cpick_widen_b8);
    uint8_t mask;
    memcpy(&mask, &high, sizeof mask);
    if (mask != 0) return k + (size_t)__builtin_ctz(mask);
    k += 8;
  }
  for (; k < count && units[k] < 0x80; k++) {
    uint32_t unit = units[k];
    out[k] = unit - 0x41u < 26u ? unit | bit : unit;
  }
  return k;
}

#endif
