#ifndef CPICK_SCAN_H
#define CPICK_SCAN_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "cpick_skip.h"

// Block scans for the matcher's byte filter, in C because Swift's SIMD types
// do not compile to vector instructions here (each lane op became a loop,
// 20x slower than scalar code). Clang's vector extension lowers to SSE2 on
// x86-64 and NEON on AArch64; no intrinsics, no CPU detection. The rules
// that judge a block are macros, also defined for sixty-four bytes by the
// scans built once per instruction set and chosen at run time
// (`cpick_skip.c`, `cpick_terms.c`).

typedef uint8_t cpick_u8x16 __attribute__((ext_vector_type(16)));
typedef int8_t cpick_i8x16 __attribute__((ext_vector_type(16)));
typedef _Bool cpick_b16 __attribute__((ext_vector_type(16)));

/// Whether a lane of a comparison result is set.
static inline int cpick_any_lane(cpick_i8x16 hits) {
  uint64_t halves[2];
  memcpy(halves, &hits, sizeof halves);
  return (halves[0] | halves[1]) != 0;
}

/// Whether `byte` is the lead byte of a character that may fold to ASCII
/// (lower-casing, Latin accent folding, or both): C3-CA, CD, E1, E2, EA, EF,
/// F0. `ByteFilter.mayStartASCIIFold` is this. `FoldLeadTests` checks that
/// it and the vector test in `cpick_quiet_prefix` (the same set, sixteen
/// bytes at a time) are exactly the lead bytes of the characters that Swift's
/// folding tables fold to ASCII.
static inline int cpick_is_ascii_fold_lead(uint8_t byte) {
  return (uint8_t)(byte - 0xC3) < 8 || byte == 0xCD || (uint8_t)(byte - 0xE1) < 2 || byte == 0xEA || byte == 0xEF ||
         byte == 0xF0;
}

/// The lanes of `block` that start a three- or four-byte character that may
/// fold to ASCII, judged with the byte after each (`next`): E1 B4-BB, E2 81
/// 82 84 86 B1, EA 9C-9F AC AD, EF BC BD, F0 9D (`ByteFilter.mayFoldToASCII`,
/// which `FoldLeadTests` holds this equal to for every pair). Emoji (F0 9F),
/// punctuation (E2 80), dingbats (E2 9D) and variation selectors (EF B8) do
/// not stop the skips.
///
/// Written as a macro to be defined for each vector width (`U` and `I` its
/// unsigned and signed lanes): the sixteen-byte skips here, the sixty-four-
/// byte ones of `cpick_skip.c` and `cpick_terms.c`, one rule.
#define CPICK_DEFINE_FOLD_LEAD_PAIRS(name, U, I)                                                         \
  __attribute__((always_inline)) static inline I name(U block, U next) {                                 \
    I e1 = (I)(block == (uint8_t)0xE1) & (I)((U)(next - (uint8_t)0xB4) < (uint8_t)8);                    \
    I e2 = (I)(next == (uint8_t)0x81) | (I)(next == (uint8_t)0x82) | (I)(next == (uint8_t)0x84) |        \
           (I)(next == (uint8_t)0x86) | (I)(next == (uint8_t)0xB1);                                      \
    e2 &= (I)(block == (uint8_t)0xE2);                                                                   \
    I ea = (I)((U)(next - (uint8_t)0x9C) < (uint8_t)4) | (I)((U)(next - (uint8_t)0xAC) < (uint8_t)2);    \
    ea &= (I)(block == (uint8_t)0xEA);                                                                   \
    I ef = (I)(block == (uint8_t)0xEF) & (I)((U)(next - (uint8_t)0xBC) < (uint8_t)2);                    \
    I f0 = (I)(block == (uint8_t)0xF0) & (I)(next == (uint8_t)0x9D);                                     \
    return e1 | e2 | ea | ef | f0;                                                                       \
  }
CPICK_DEFINE_FOLD_LEAD_PAIRS(cpick_fold_lead_pairs, cpick_u8x16, cpick_i8x16)

/// `fold_leads` for a character that nothing starting with C3 (Latin-1:
/// `é`, `ö`, `ß`...) folds to, such as `z` or `/`: C3 is left out of the lead
/// bytes, so Latin-1 text does not stop the skips.
#define CPICK_FOLD_LEADS_BUT_C3 2
/// Added to `fold_leads`: every three- or four-byte lead counts alone, not
/// judged with the byte after it. For items kept with their escape
/// sequences (`--filter --ansi`), where one may stand inside a character.
#define CPICK_FOLD_LEADS_ALONE 4
/// Added to `fold_leads`: a fullwidth form (`EF BC xx`, `EF BD xx`) counts
/// only when its third byte is the one given for its second byte, in bits
/// 16-23 (after `BC`) and 24-31 (after `BD`; 0 for none): the forms of the
/// term character itself (`ｑ` and `Ｑ` for `q`). Fullwidth text (`ｓｑｌ`)
/// then stops the skips only where that character is.
#define CPICK_FOLD_LEADS_FULLWIDTH 8

/// The lanes of `block` (with the bytes after each, `next` and `third`)
/// that start a fullwidth form `fold_leads` asks about: `EF BC` followed by
/// its bits 16-23, or `EF BD` followed by bits 24-31. A macro, as above.
#define CPICK_DEFINE_FULLWIDTH_FORMS(name, U, I)                                                         \
  __attribute__((always_inline)) static inline I name(U block, U next, U third, int fold_leads) {        \
    uint8_t after_bc = (uint8_t)((uint32_t)fold_leads >> 16), after_bd = (uint8_t)((uint32_t)fold_leads >> 24); \
    I bc = (I)(next == (uint8_t)0xBC) & (I)(third == after_bc);                                          \
    I bd = (I)(next == (uint8_t)0xBD) & (I)(third == after_bd);                                          \
    return (I)(block == (uint8_t)0xEF) & (bc | bd);                                                      \
  }
CPICK_DEFINE_FULLWIDTH_FORMS(cpick_fullwidth_forms, cpick_u8x16, cpick_i8x16)

/// Whether `byte` is a lead byte `fold_leads` asks about (0: none; 1: every
/// one of `cpick_is_ascii_fold_lead`; `CPICK_FOLD_LEADS_BUT_C3`: all but C3).
static inline int cpick_is_fold_lead_for(uint8_t byte, int fold_leads) {
  return fold_leads && cpick_is_ascii_fold_lead(byte) &&
         !((fold_leads & 3) == CPICK_FOLD_LEADS_BUT_C3 && byte == 0xC3);
}

/// One bit per byte of the sixteen at `bytes + offset` that the byte filter
/// must look at for one term character: one of the four bytes `wanted`
/// (repeat one to use fewer) or a lead byte that `fold_leads` asks about
/// (`cpick_is_fold_lead_for`, tested sixteen at a time). A three- or
/// four-byte lead is judged with the byte after it, which the last block of
/// the bytes lacks: there (and with `CPICK_FOLD_LEADS_ALONE`) any of them counts.
///
/// Written as a macro to be defined for each vector width `W` (`U`, `I`
/// and `B` its lanes, `Mask` an integer of `W` bits, `pairs_of` and
/// `fullwidth_of` the width's `cpick_fold_lead_pairs` and `cpick_fullwidth_forms`).
#define CPICK_DEFINE_FILTER_HITS(name, W, U, I, B, Mask, pairs_of, fullwidth_of)                          \
  __attribute__((always_inline)) static inline Mask name(const uint8_t *bytes, size_t offset, size_t count, \
                                                         const uint8_t wanted[4], int fold_leads) {        \
    U block;                                                                                              \
    memcpy(&block, bytes + offset, W);                                                                    \
    I hits = (I)(block == wanted[0]) | (I)(block == wanted[1]);                                           \
    hits |= (I)(block == wanted[2]) | (I)(block == wanted[3]);                                            \
    if (fold_leads) {                                                                                     \
      /* The two-byte leads C3-CA, or C4-CA without C3. */                                                \
      const uint8_t low = (fold_leads & 3) == CPICK_FOLD_LEADS_BUT_C3 ? 0xC4 : 0xC3;                      \
      hits |= (I)((U)(block - low) < (uint8_t)(0xCB - low));                                              \
      hits |= (I)(block == (uint8_t)0xCD);                                                                \
      /* The three- and four-byte leads that may fold to ASCII (E1 E2 EA EF                               \
         F0); CJK (E3-E9) and most of the rest never start such a character. */                           \
      I high = (I)((U)(block - (uint8_t)0xE1) < (uint8_t)2) | (I)(block == (uint8_t)0xEA) |               \
               (I)(block == (uint8_t)0xEF) | (I)(block == (uint8_t)0xF0);                                 \
      B any = __builtin_convertvector(high, B);                                                           \
      Mask any_bits;                                                                                      \
      memcpy(&any_bits, &any, sizeof any_bits);                                                           \
      if (any_bits) {                                                                                     \
        if (offset + W + 1 <= count && !(fold_leads & CPICK_FOLD_LEADS_ALONE)) {                          \
          U next;                                                                                         \
          memcpy(&next, bytes + offset + 1, W);                                                           \
          I pairs = pairs_of(block, next);                                                                \
          if ((fold_leads & CPICK_FOLD_LEADS_FULLWIDTH) && offset + W + 2 <= count) {                     \
            /* A fullwidth form judged with its third byte as well. */                                    \
            U third;                                                                                      \
            memcpy(&third, bytes + offset + 2, W);                                                        \
            pairs = (pairs & ~(I)(block == (uint8_t)0xEF)) | fullwidth_of(block, next, third, fold_leads); \
          }                                                                                               \
          hits |= pairs;                                                                                  \
        } else {                                                                                          \
          hits |= high;                                                                                   \
        }                                                                                                 \
      }                                                                                                   \
    }                                                                                                     \
    B bits = __builtin_convertvector(hits, B);                                                            \
    Mask mask;                                                                                            \
    memcpy(&mask, &bits, sizeof mask);                                                                    \
    return mask;                                                                                          \
  }
CPICK_DEFINE_FILTER_HITS(cpick_filter_hits, 16, cpick_u8x16, cpick_i8x16, cpick_b16, uint16_t, cpick_fold_lead_pairs,
                         cpick_fullwidth_forms)

/// The length of the longest prefix of `bytes`, in whole blocks of sixteen,
/// that holds nothing the byte filter must look at for one term character
/// (`cpick_filter_hits`). The caller looks at the rest byte by byte.
static inline size_t cpick_quiet_prefix(const uint8_t *bytes, size_t count, const uint8_t wanted[4], int fold_leads) {
  size_t offset = 0;
  while (offset + 16 <= count && !cpick_filter_hits(bytes, offset, count, wanted, fold_leads)) offset += 16;
  return offset;
}

/// Where the first byte that `cpick_quiet_prefix` would look at is: one of
/// the four `wanted` bytes or, with `fold_leads`, a lead byte of a character
/// that may fold to ASCII (judged as `cpick_filter_hits` judges it). `count`
/// when there is none. The ranker skips, without looking at them one by one,
/// the items that hold none; the block's mask gives the byte without a loop.
/// Sixteen bytes a step: `cpick_next_candidate` below goes on sixty-four.
__attribute__((always_inline)) static inline size_t cpick_next_candidate_narrow(const uint8_t *bytes, size_t count,
                                                                                const uint8_t wanted[4],
                                                                                int fold_leads) {
  size_t offset = 0;
  while (offset + 16 <= count) {
    uint32_t hits = cpick_filter_hits(bytes, offset, count, wanted, fold_leads);
    if (hits) return offset + (size_t)__builtin_ctz(hits);
    offset += 16;
  }
  for (; offset < count; offset++) {
    uint8_t byte = bytes[offset];
    if (byte == wanted[0] || byte == wanted[1] || byte == wanted[2] || byte == wanted[3]) return offset;
    if (cpick_is_fold_lead_for(byte, fold_leads)) return offset;
  }
  return count;
}

/// Blocks of the narrow scan looked at in line before the wide one is
/// called: the candidate is often near (a common letter), and then the
/// call would cost more than it saves.
#define CPICK_NARROW_BLOCKS 4

/// `cpick_next_candidate_narrow`'s answer: its first blocks in line, the
/// rest sixty-four bytes a step (`cpick_next_candidate_wide`). Without lead
/// bytes to judge (`fold_leads` 0: an ASCII input) a block of sixteen is a
/// few comparisons, and the calls cost more than the wider steps save (4 %
/// of `push` over a shell history): the narrow scan alone. Always in line,
/// as the narrow scan was alone: left to itself, clang made it a call,
/// and the skip over an ASCII input cost 7-9 % more (`zzqx`).
__attribute__((always_inline)) static inline size_t cpick_next_candidate(const uint8_t *bytes, size_t count,
                                                                         const uint8_t wanted[4], int fold_leads) {
  if (!fold_leads) return cpick_next_candidate_narrow(bytes, count, wanted, fold_leads);
  size_t offset = 0;
  for (int block = 0; block < CPICK_NARROW_BLOCKS && offset + 16 <= count; block++, offset += 16) {
    uint32_t hits = cpick_filter_hits(bytes, offset, count, wanted, fold_leads);
    if (hits) return offset + (size_t)__builtin_ctz(hits);
  }
  if (offset + 16 > count) return offset + cpick_next_candidate_narrow(bytes + offset, count - offset, wanted, fold_leads);
  return offset + cpick_next_candidate_wide(bytes + offset, count - offset, wanted, fold_leads);
}

/// Where the first of the (up to four) byte pairs `leads[j]`, `seconds[j]`
/// starts in `bytes`; `count` when none does. A lead in the last byte is
/// a pair cut short: not a candidate. (Repeat a pair to use fewer.)
static inline size_t cpick_next_pair(const uint8_t *bytes, size_t count, const uint8_t leads[4],
                                     const uint8_t seconds[4]) {
  size_t offset = 0;
  while (offset + 17 <= count) {
    cpick_u8x16 block, next;
    memcpy(&block, bytes + offset, 16);
    memcpy(&next, bytes + offset + 1, 16);
    cpick_i8x16 hits = ((cpick_i8x16)(block == leads[0]) & (cpick_i8x16)(next == seconds[0])) |
                       ((cpick_i8x16)(block == leads[1]) & (cpick_i8x16)(next == seconds[1])) |
                       ((cpick_i8x16)(block == leads[2]) & (cpick_i8x16)(next == seconds[2])) |
                       ((cpick_i8x16)(block == leads[3]) & (cpick_i8x16)(next == seconds[3]));
    cpick_b16 bits = __builtin_convertvector(hits, cpick_b16);
    uint16_t mask;
    memcpy(&mask, &bits, sizeof mask);
    if (mask) return offset + (size_t)__builtin_ctz(mask);
    offset += 16;
  }
  for (; offset + 1 < count; offset++) {
    for (int j = 0; j < 4; j++) {
      if (bytes[offset] == leads[j] && bytes[offset + 1] == seconds[j]) return offset;
    }
  }
  return count;
}

/// The same for a term character whose byte sequences may start with any
/// non-ASCII byte: blocks of ASCII only.
static inline size_t cpick_ascii_prefix(const uint8_t *bytes, size_t count) {
  size_t offset = 0;
  while (offset + 16 <= count) {
    cpick_u8x16 block;
    memcpy(&block, bytes + offset, 16);
    if (cpick_any_lane((cpick_i8x16)(block >= (uint8_t)0x80))) break;
    offset += 16;
  }
  return offset;
}

#endif
