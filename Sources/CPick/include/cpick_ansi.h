#ifndef CPICK_ANSI_H
#define CPICK_ANSI_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "cpick_fuzzy.h"

// The visible text of items with escape sequences, for `--filter --ansi`:
// of one item kept with its sequences (`VisibleText`), or in place of the
// items just read (`ItemStore.stripsItems`).
//
// Coloured input has a sequence every few bytes (`ls --color` puts two
// around each name, `grep --color` ten on a line). Taking them one at a
// time (find the next ESC, copy the text before it, skip the sequence)
// makes each sequence wait for the one before: about 10 ns each. So the
// CSI sequences of a block of sixty-four bytes are found together, as bit
// masks (`cpick_ansi_sequences`), and the text between them is copied with
// whole vector stores (run by run, or compacted by byte shuffles where the
// processor has them: `cpick_ansi.c`); what the masks cannot decide (other
// sequences, one cut by the block's end, a block's lone sequence, the last
// bytes) goes one sequence at a time. With no colours to keep, a sequence
// is only skipped, and the grammar of `ANSIFilter` (ECMA-48) comes down to
// a few runs of byte ranges:
//
// | after ESC | skipped |
// |---|---|
// | `[` | bytes 0x20-0x3F, then a final 0x40-0x7E |
// | `]` `P` `X` `^` `_` | up to BEL, `ESC \` or the separator (text); another ESC starts a new escape |
// | 0x20-0x2F | more 0x20-0x2F, then a final 0x30-0x7E |
// | 0x30-0x7E | that byte |
//
// A byte that cannot continue a sequence ends it and is text (an ESC starts
// the next one); the item's end ends any sequence. `ANSIDeferredStrippingTests`,
// `ANSIStrippedReadTests` and the ANSIFilter fuzz harness hold this equal to
// `ANSIFilter.filterItem`.

/// Where the text resumes after the escape sequence whose ESC is just
/// before `i` in `bytes[0 ..< count]`. `separator` (the items' separator)
/// ends a string sequence and is text, as it ends any other.
static inline size_t cpick_ansi_skip(const uint8_t *bytes, size_t i, size_t count, uint8_t separator) {
  for (;;) {
    if (i >= count) return count;
    uint8_t byte = bytes[i];
    if (byte == '[') {
      i++;
      while (i < count && (uint8_t)(bytes[i] - 0x20) < 0x20) i++;
      return i < count && (uint8_t)(bytes[i] - 0x40) < 0x3F ? i + 1 : i;
    }
    if (byte == ']' || byte == 'P' || byte == 'X' || byte == '^' || byte == '_') {
      i++;
      while (i < count && bytes[i] != 0x07 && bytes[i] != 0x1B && bytes[i] != separator) i++;
      if (i >= count) return count;
      if (bytes[i] == separator) return i;
      if (bytes[i] == 0x07) return i + 1;
      if (i + 1 < count && bytes[i + 1] == '\\') return i + 2;
      // An ESC that does not end the string starts the next escape.
      i++;
      continue;
    }
    if ((uint8_t)(byte - 0x20) < 0x10) {
      i++;
      while (i < count && (uint8_t)(bytes[i] - 0x20) < 0x10) i++;
      return i < count && (uint8_t)(bytes[i] - 0x30) < 0x4F ? i + 1 : i;
    }
    return (uint8_t)(byte - 0x30) < 0x4F ? i + 1 : i;
  }
}

/// One bit per lane of `lanes` that is all ones.
static inline uint64_t cpick_ansi_bits(cpick_fuzzy_i8x16 lanes) {
  cpick_fuzzy_b16 bits = __builtin_convertvector(lanes, cpick_fuzzy_b16);
  uint16_t mask;
  memcpy(&mask, &bits, sizeof mask);
  return mask;
}

/// Which of the 64 bytes at `bytes` are `[`, CSI parameters or
/// intermediates (0x20-0x3F), CSI finals (0x40-0x7E).
static inline void cpick_ansi_classes(const uint8_t *bytes, uint64_t *brackets, uint64_t *middles, uint64_t *finals) {
  uint64_t b = 0, m = 0, f = 0;
  for (int k = 0; k < 4; k++) {
    cpick_fuzzy_u8x16 block;
    memcpy(&block, bytes + 16 * k, 16);
    b |= cpick_ansi_bits((cpick_fuzzy_i8x16)(block == '[')) << (16 * k);
    m |= cpick_ansi_bits((cpick_fuzzy_i8x16)((cpick_fuzzy_u8x16)(block - 0x20) < 0x20)) << (16 * k);
    f |= cpick_ansi_bits((cpick_fuzzy_i8x16)((cpick_fuzzy_u8x16)(block - 0x40) < 0x3F)) << (16 * k);
  }
  *brackets = b;
  *middles = m;
  *finals = f;
}

/// The bytes that escape sequences take among the 64 at `bytes`, as a
/// mask, and in `*limit` how many of the 64 the mask decides.
///
/// All CSI sequences of a block are found at once, with no branch per
/// sequence: a sequence is `ESC [`, a run of parameter bytes and perhaps a
/// final, and adding the run's first bit to the mask of parameter bytes
/// carries through the run to the byte after it. The mask decides up to
/// the first ESC that starts anything else, or to a CSI that may go on
/// past the block (or to its one ESC, for a block with one: the caller
/// skips a lone sequence as fast); `*limit` is 0 when that ESC is the
/// first byte, which the caller then skips with `cpick_ansi_skip`.
static inline uint64_t cpick_ansi_sequences(const uint8_t *bytes, size_t *limit) {
  uint64_t escapes = 0;
  for (int k = 0; k < 4; k++) {
    cpick_fuzzy_u8x16 block;
    memcpy(&block, bytes + 16 * k, 16);
    escapes |= cpick_ansi_bits((cpick_fuzzy_i8x16)(block == 0x1B)) << (16 * k);
  }
  *limit = 64;
  if (escapes == 0) return 0;
  if ((escapes & (escapes - 1)) == 0) {
    *limit = (size_t)__builtin_ctzll(escapes);
    return 0;
  }
  uint64_t brackets, middles, finals;
  cpick_ansi_classes(bytes, &brackets, &middles, &finals);
  uint64_t starts = escapes & (brackets >> 1);
  uint64_t first = starts << 2;  // the byte after `ESC [`; lost past the block
  uint64_t ends = ((middles + (first & middles)) & ~middles) | (first & ~middles);
  uint64_t others = escapes & ~starts;
  if (others) *limit = (size_t)__builtin_ctzll(others);
  if (__builtin_popcountll(ends) != __builtin_popcountll(starts)) {
    // The last CSI's run (or its `[`) reaches past the block.
    size_t last = (size_t)(63 - __builtin_clzll(starts));
    if (last < *limit) *limit = last;
  }
  uint64_t below = *limit < 64 ? ((uint64_t)1 << *limit) - 1 : ~(uint64_t)0;
  starts &= below;
  // A run ends at most at the ESC at `*limit`, which is no final.
  ends &= *limit < 64 ? below | ((uint64_t)1 << *limit) : below;
  // Each sequence from its ESC up to its run's end, and the end too when a final.
  return ((ends - starts) | (ends & finals)) & below;
}

/// Copies `length` bytes from `from` to `to` (at most `from`, or in
/// another buffer no further into it), sixteen at a time when the loads,
/// and so the stores, may reach `bound`, else exactly.
static inline void cpick_ansi_move(uint8_t *to, const uint8_t *from, size_t length, const uint8_t *bound) {
  if (from + ((length + 15) & ~(size_t)15) <= bound) {
    for (size_t k = 0; k < length; k += 16) {
      cpick_fuzzy_u8x16 block;
      memcpy(&block, from + k, 16);
      memcpy(to + k, &block, 16);
    }
  } else {
    memmove(to, from, length);
  }
}

/// Copies the runs of text that `kept` marks among the 64 bytes at `from`
/// to `out + written`; returns the new `written`. `fast`: any run may be
/// copied as 64 bytes; otherwise up to `bound`, or (`NULL`, in place) up
/// to the next run, which is unread.
static inline size_t cpick_ansi_runs(const uint8_t *from, uint64_t kept, uint8_t *out, size_t written, int fast,
                                     const uint8_t *bound, size_t limit) {
  while (kept) {
    size_t at = (size_t)__builtin_ctzll(kept);
    uint64_t after = ~kept >> at;
    size_t length = after ? (size_t)__builtin_ctzll(after) : 64 - at;
    uint64_t rest = kept & (kept + (kept & -kept));  // without the run at `at`
    if (fast) {
      // Sixty-four bytes whatever the run's length: one store sequence, no branch.
      cpick_fuzzy_u8x16 v0, v1, v2, v3;
      memcpy(&v0, from + at, 16);
      memcpy(&v1, from + at + 16, 16);
      memcpy(&v2, from + at + 32, 16);
      memcpy(&v3, from + at + 48, 16);
      memcpy(out + written, &v0, 16);
      memcpy(out + written + 16, &v1, 16);
      memcpy(out + written + 32, &v2, 16);
      memcpy(out + written + 48, &v3, 16);
    } else {
      size_t next = rest ? (size_t)__builtin_ctzll(rest) : limit;
      cpick_ansi_move(out + written, from + at, length, bound ? bound : from + next);
    }
    written += length;
    kept = rest;
  }
  return written;
}

/// Copies the visible bytes of the `count` bytes at `bytes` to `out`
/// (`bytes` itself, in place, or a buffer that does not overlap them with
/// room for `count`); returns how many there are. The bytes are whole
/// items, each ended by `separator` (but perhaps the last), or one item
/// without it. Nothing is written past the visible bytes in place, nor
/// past `count` bytes of `out` otherwise.
///
/// Sixty-four bytes at a time while there are that many (`cpick_ansi_sequences`),
/// then one sequence at a time (`cpick_ansi.c`).
size_t cpick_ansi_visible(const uint8_t *bytes, size_t count, uint8_t *out, uint8_t separator);

/// `cpick_ansi_visible` copying the text run by run, as it does on a
/// processor without byte shuffles (tests hold the two equal).
size_t cpick_ansi_visible_by_runs(const uint8_t *bytes, size_t count, uint8_t *out, uint8_t separator);

#endif
