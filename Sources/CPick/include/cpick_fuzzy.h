#ifndef CPICK_FUZZY_H
#define CPICK_FUZZY_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

// Where the characters of a fuzzy pattern occur in an ASCII item, sixteen
// bytes at a time: the two passes of `ASCIIFuzzyScorer` that read every byte.
//
// The scorer first finds each pattern character's first occurrence in order
// (rejecting items that lack one, and bounding the window), then the last
// occurrence of the last character, then lists every row's occurrences in
// the window for `SparseAlignment`. Those were a table lookup per byte; a
// few characters typed against paths occur a few times in sixty bytes, so a
// vector comparison per block finds them for a fraction of the work. Pattern
// units are folded as the term asks: ignoring case, a lower-case letter also
// matches its upper case, and an upper-case unit matches nothing (as its
// occurrence table says).

typedef uint8_t cpick_fuzzy_u8x16 __attribute__((ext_vector_type(16)));
typedef int8_t cpick_fuzzy_i8x16 __attribute__((ext_vector_type(16)));
typedef _Bool cpick_fuzzy_b16 __attribute__((ext_vector_type(16)));

/// The two bytes that are pattern unit `unit`: `*lower` and `*upper` (0x80, no ASCII byte, for none).
static inline void cpick_fuzzy_bytes(uint32_t unit, int case_sensitive, uint8_t *lower, uint8_t *upper) {
  if (unit >= 0x80 || (!case_sensitive && unit - 0x41u < 26)) {
    *lower = *upper = 0x80;
    return;
  }
  *lower = (uint8_t)unit;
  *upper = !case_sensitive && unit - 0x61u < 26 ? (uint8_t)(unit - 0x20) : (uint8_t)unit;
}

/// One bit per lane of `block` that is `a` or `b`.
static inline uint32_t cpick_fuzzy_hits(cpick_fuzzy_u8x16 block, uint8_t a, uint8_t b) {
  cpick_fuzzy_i8x16 same = (cpick_fuzzy_i8x16)(block == a) | (cpick_fuzzy_i8x16)(block == b);
  cpick_fuzzy_b16 bits = __builtin_convertvector(same, cpick_fuzzy_b16);
  uint16_t mask;
  memcpy(&mask, &bits, sizeof mask);
  return mask;
}

/// The first offset in `from ..< end` holding `a` or `b`; `end` when none.
/// Reads only `bytes[0 ..< end]`.
static inline size_t cpick_fuzzy_find(const uint8_t *bytes, size_t from, size_t end, uint8_t a, uint8_t b) {
  size_t k = from;
  while (k + 16 <= end) {
    cpick_fuzzy_u8x16 block;
    memcpy(&block, bytes + k, 16);
    uint32_t hits = cpick_fuzzy_hits(block, a, b);
    if (hits) return k + (size_t)__builtin_ctz(hits);
    k += 16;
  }
  if (k < end && end >= 16) {
    // The rest: the last sixteen bytes before `end`, the lanes before `k` shifted out.
    cpick_fuzzy_u8x16 block;
    memcpy(&block, bytes + end - 16, 16);
    uint32_t hits = cpick_fuzzy_hits(block, a, b) >> (k - (end - 16));
    return hits ? k + (size_t)__builtin_ctz(hits) : end;
  }
  for (; k < end; k++) {
    if (bytes[k] == a || bytes[k] == b) return k;
  }
  return end;
}

/// The last offset below `count` holding `a` or `b`; -1 when none.
static inline intptr_t cpick_fuzzy_find_last(const uint8_t *bytes, size_t count, uint8_t a, uint8_t b) {
  size_t k = count;
  while (k >= 16) {
    cpick_fuzzy_u8x16 block;
    memcpy(&block, bytes + k - 16, 16);
    uint32_t hits = cpick_fuzzy_hits(block, a, b);
    if (hits) return (intptr_t)(k - 16) + 31 - __builtin_clz(hits);
    k -= 16;
  }
  while (k > 0) {
    k--;
    if (bytes[k] == a || bytes[k] == b) return (intptr_t)k;
  }
  return -1;
}

/// The first occurrence of each of the `m` pattern units in order, each
/// after the one before, noted in `firsts` unless it is NULL; the last
/// unit's bytes in `*lower` and `*upper`. Returns 0 when the pattern does
/// not occur in `text`.
static inline int cpick_fuzzy_walk(
  const uint8_t *text, size_t n, const uint32_t *pattern, size_t m, int case_sensitive, intptr_t *firsts,
  uint8_t *lower, uint8_t *upper) {
  size_t j = 0;
  for (size_t i = 0; i < m; i++) {
    cpick_fuzzy_bytes(pattern[i], case_sensitive, lower, upper);
    j = cpick_fuzzy_find(text, j, n, *lower, *upper);
    if (j == n) return 0;
    if (firsts) firsts[i] = (intptr_t)j;
    j++;
  }
  return 1;
}

/// Whether `text[0 ..< n]` holds white space: a byte 0x09-0x0D or 0x20,
/// or `stand_in` (a compact text's byte for white space that is not ASCII).
/// A match in an item without any earns no bonus for following it
/// (`ScoreCeiling`).
static inline int cpick_fuzzy_has_white(const uint8_t *text, size_t n, uint8_t stand_in) {
  size_t k = 0;
  for (; k + 16 <= n; k += 16) {
    cpick_fuzzy_u8x16 block;
    memcpy(&block, text + k, 16);
    cpick_fuzzy_i8x16 white = (cpick_fuzzy_i8x16)(block == 0x20) | (cpick_fuzzy_i8x16)(block - 0x09 < 5) |
                              (cpick_fuzzy_i8x16)(block == stand_in);
    cpick_fuzzy_b16 bits = __builtin_convertvector(white, cpick_fuzzy_b16);
    uint16_t mask;
    memcpy(&mask, &bits, sizeof mask);
    if (mask) return 1;
  }
  for (; k < n; k++) {
    uint8_t byte = text[k];
    if (byte == 0x20 || (uint8_t)(byte - 0x09) < 5 || byte == stand_in) return 1;
  }
  return 0;
}

/// Whether `pattern` occurs in `text` in order: `cpick_fuzzy_firsts`
/// without noting where, nor looking for the last occurrence.
static inline int cpick_fuzzy_occurs(
  const uint8_t *text, size_t n, const uint32_t *pattern, size_t m, int case_sensitive) {
  uint8_t lower = 0x80, upper = 0x80;
  return cpick_fuzzy_walk(text, n, pattern, m, case_sensitive, NULL, &lower, &upper);
}

/// The first occurrence of each of the `m` pattern units in order, each after
/// the one before (`firsts`), and the last occurrence of the last unit
/// (`*last`). Returns 0 when the pattern does not occur in `text`.
static inline int cpick_fuzzy_firsts(
  const uint8_t *text, size_t n, const uint32_t *pattern, size_t m, int case_sensitive, intptr_t *firsts,
  intptr_t *last) {
  uint8_t lower = 0x80, upper = 0x80;
  if (!cpick_fuzzy_walk(text, n, pattern, m, case_sensitive, firsts, &lower, &upper)) return 0;
  *last = cpick_fuzzy_find_last(text, n, lower, upper);
  return 1;
}

/// Appends to `row` (window columns: offsets less `first`) every offset in
/// `from ..< end` holding `a` or `b`, one block load per sixteen bytes and a
/// count of trailing zeros per occurrence; returns the new count. Reads only
/// `bytes[0 ..< end]`.
static inline intptr_t cpick_fuzzy_occurrences(const uint8_t *bytes, size_t from, size_t end, uint8_t a, uint8_t b,
                                               intptr_t first, int32_t *row, intptr_t count) {
  size_t k = from;
  while (k + 16 <= end) {
    cpick_fuzzy_u8x16 block;
    memcpy(&block, bytes + k, 16);
    for (uint32_t hits = cpick_fuzzy_hits(block, a, b); hits; hits &= hits - 1) {
      row[count++] = (int32_t)((intptr_t)k + __builtin_ctz(hits) - first);
    }
    k += 16;
  }
  if (k < end && end >= 16) {
    // The rest: the last sixteen bytes before `end`, the lanes before `k` shifted out.
    cpick_fuzzy_u8x16 block;
    memcpy(&block, bytes + end - 16, 16);
    for (uint32_t hits = cpick_fuzzy_hits(block, a, b) >> (k - (end - 16)); hits; hits &= hits - 1) {
      row[count++] = (int32_t)((intptr_t)k + __builtin_ctz(hits) - first);
    }
    return count;
  }
  for (; k < end; k++) {
    if (bytes[k] == a || bytes[k] == b) row[count++] = (int32_t)((intptr_t)k - first);
  }
  return count;
}

/// Each row's last possible column plus one, as offsets in `text`
/// (`ends`): the last occurrence of its character before the last possible
/// column of the row after (the window's end, `first + width`, for the last
/// row). A cell beyond that cannot be on a complete placement, and no cell
/// that can reads it (were it read, it would be on one): leaving such cells
/// out changes no score or end, and they are many where a character repeats
/// (every `/` of a path after the last `p` of `lib/py`).
static inline void cpick_fuzzy_ends(
  const uint8_t *text, intptr_t first, intptr_t width, const uint32_t *pattern, size_t m, int case_sensitive,
  intptr_t *ends) {
  size_t end = (size_t)(first + width);
  for (size_t i = m; i > 0; i--) {
    uint8_t lower, upper;
    cpick_fuzzy_bytes(pattern[i - 1], case_sensitive, &lower, &upper);
    if (i < m) end = (size_t)cpick_fuzzy_find_last(text, end - 1, lower, upper) + 1;
    ends[i - 1] = (intptr_t)end;
  }
}

/// Lists each row's occurrences in the window `text[first ..< first + width]`
/// as window columns: row `i` at `columns[i * width]`, `counts[i]` of them,
/// ascending, from its first possible column (`firsts`) to its last
/// (`ends`, `cpick_fuzzy_ends`).
static inline void cpick_fuzzy_columns(
  const uint8_t *text, intptr_t first, intptr_t width, const uint32_t *pattern, size_t m, int case_sensitive,
  const intptr_t *firsts, const intptr_t *ends, int32_t *columns, intptr_t *counts) {
  for (size_t i = 0; i < m; i++) {
    uint8_t lower, upper;
    cpick_fuzzy_bytes(pattern[i], case_sensitive, &lower, &upper);
    int32_t *row = columns + i * (size_t)width;
    counts[i] = cpick_fuzzy_occurrences(text, (size_t)firsts[i], (size_t)ends[i], lower, upper, first, row, 0);
  }
}

/// What a row of the masks compares (`cpick_fuzzy_masks` and its AVX-512
/// build): the unit's byte in lower case (`*byte`), whether it ignores
/// case (`*folds`: the text's bytes are compared in lower case), and
/// whether it can occur at all (the result: not for a unit that is no
/// byte, 0x80, which an ASCII text never holds).
static inline int cpick_fuzzy_mask_row(uint32_t unit, int case_sensitive, uint8_t *byte, int *folds) {
  uint8_t lower, upper;
  cpick_fuzzy_bytes(unit, case_sensitive, &lower, &upper);
  *byte = lower;
  *folds = lower != upper;
  return lower != 0x80;
}

/// Where each of the `m` pattern units occurs in `text[0 ..< n]`, as bits:
/// row `i`'s bit `b` of word `w` (`masks[i * words + w]`) is set when byte
/// `64 * w + b` is the unit. `n` is at most `64 * words`. A unit that is no
/// byte (`cpick_fuzzy_bytes` gives 0x80) occurs nowhere. A letter that
/// ignores case is compared with the bytes in lower case (`| 0x20` gives a
/// lower-case letter only from it and its upper case).
static inline void cpick_fuzzy_masks(
  const uint8_t *text, size_t n, const uint32_t *pattern, size_t m, int case_sensitive, uint64_t *masks,
  size_t words) {
  // Each row's byte in every lane, whether it ignores case, and which bits
  // it keeps (none for a unit that is no byte: an ASCII text holds no
  // 0x80), made once rather than for every block.
  cpick_fuzzy_u8x16 wanted[64];
  int folds[64];
  uint16_t keeps[64];
  for (size_t i = 0; i < m; i++) {
    uint8_t byte;
    keeps[i] = cpick_fuzzy_mask_row(pattern[i], case_sensitive, &byte, &folds[i]) ? 0xFFFF : 0;
    wanted[i] = (cpick_fuzzy_u8x16)byte;
  }
  // A word (64 bytes, four blocks) at a time, each row's word made in a
  // register and stored once: or-ing each block's bits into memory made
  // every row wait for its last store. The last sixteen bytes end at `n`,
  // the lanes already read shifted out (fewer than sixteen bytes: copied,
  // the rest zero).
  for (size_t w = 0; w < words; w++) {
    cpick_fuzzy_u8x16 blocks[4], folded[4];
    unsigned shifts[4];
    size_t count = 0;
    for (size_t k = w * 64; k < n && count < 4; k += 16, count++) {
      shifts[count] = 0;
      if (k + 16 <= n) {
        memcpy(&blocks[count], text + k, 16);
      } else if (n >= 16) {
        memcpy(&blocks[count], text + n - 16, 16);
        shifts[count] = (unsigned)(k + 16 - n);
      } else {
        uint8_t padded[16] = {0};
        memcpy(padded, text, n);
        memcpy(&blocks[count], padded, 16);
      }
      folded[count] = blocks[count] | 0x20;
    }
    for (size_t i = 0; i < m; i++) {
      uint64_t word = 0;
      for (size_t j = 0; j < count; j++) {
        cpick_fuzzy_u8x16 read = folds[i] ? folded[j] : blocks[j];
        cpick_fuzzy_b16 bits = __builtin_convertvector((cpick_fuzzy_i8x16)(read == wanted[i]), cpick_fuzzy_b16);
        uint16_t mask;
        memcpy(&mask, &bits, sizeof mask);
        word |= (uint64_t)((mask & keeps[i]) >> shifts[j]) << (16 * j);
      }
      masks[i * words + w] = word;
    }
  }
  if (n % 64 != 0) {
    // Bytes past `n` (zeros) may equal no unit, but a copied block's zeros could equal a NUL unit.
    for (size_t i = 0; i < m; i++) masks[i * words + words - 1] &= (1ull << (n % 64)) - 1;
  }
}

/// The bytes of the ASCII `text[0 ..< n]` that earn no bonus whatever
/// the scheme, as bits (`quiet[w]`, as a row of the masks): a lower-case
/// letter after a letter or a digit, an upper-case one after an upper-case
/// letter or a digit, a digit after a digit (`BonusTable`: a word
/// character after another that is neither a camel-case hump nor a
/// number's start). The byte before the first is no word character.
static inline void cpick_fuzzy_quiet(const uint8_t *text, size_t n, uint64_t *quiet, size_t words) {
  for (size_t w = 0; w < words; w++) quiet[w] = 0;
  int lower_before = 0, upper_before = 0, digit_before = 0;
  for (size_t k = 0; k < n; k++) {
    uint8_t byte = text[k];
    int lower = (uint8_t)(byte - 'a') < 26, upper = (uint8_t)(byte - 'A') < 26, digit = (uint8_t)(byte - '0') < 10;
    int calm = (lower && (lower_before || upper_before || digit_before)) || (upper && (upper_before || digit_before))
      || (digit && digit_before);
    quiet[k >> 6] |= (uint64_t)calm << (k & 63);
    lower_before = lower;
    upper_before = upper;
    digit_before = digit;
  }
}

/// `cpick_fuzzy_masks` with the instructions of `level` (2 AVX-512,
/// anything lower the baseline above; -1 the widest this processor runs):
/// `cpick_masks.c`. Where `quiet` is not NULL, the bytes that earn no
/// bonus go there too (`cpick_fuzzy_quiet`).
void cpick_fuzzy_masks_at(
  int level, const uint8_t *text, size_t n, const uint32_t *pattern, size_t m, int case_sensitive,
  uint64_t *masks, size_t words, uint64_t *quiet);

/// Whether `cpick_fuzzy_masks_at(-1, ...)` runs the AVX-512 build.
int cpick_fuzzy_masks_are_wide(void);

#endif
