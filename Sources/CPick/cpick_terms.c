// Which items may hold a query's terms, sixty-four bytes at a time, without
// a loop per item or per byte.
//
// A term's characters occur in an item in order when each occurs after the
// previous one's first occurrence. For a block of sixty-four bytes, one bit
// per byte, let M be where a character occurs and E where items end (the
// separators). The bytes from the first set bit of X in each item up to and
// including its separator are the bits that one addition changes:
//
//     fill(X) = ((X + ~E) ^ ~E) | X          (X holds no bit of E)
//
// A set bit of X added to a set bit of ~E carries, and the carry runs up
// through the item's other bytes (set in ~E) until the separator (clear in
// ~E) takes it in: it changes every bit from the first X up to the
// separator, and no bit of an item without X. Past bit 63 the carry goes on
// into the next block, as if the blocks were one long number, which is what
// an item that straddles two blocks needs. So, for each character c of a
// term in turn, with A the fill of the character before it (all bits for
// the first):
//
//     A' = fill(M_c & (A shifted up one byte, within the item))
//
// is every byte of an item after which the term's characters so far have
// occurred in order, and an item holds the term when A' of its last
// character has the item's separator set. A handful of operations a
// character for sixty-four bytes, where a byte at a time costs an addition
// that waits for the one before (`AllTermsScan`).
//
// Outside ASCII, as in `AllTermsScan`: a byte that starts a character that
// may fold to ASCII is in every character's M (it may be any of them), and
// every other byte of 0x80 or above is in none (no term character folds
// from it). An item that fails so fails whatever its characters fold to;
// one that passes and is not ASCII is flagged for the matcher to decide.
// Where the terms' folding allows (`fullwidth`), a fullwidth letter is read
// as its ASCII letter instead (`cpick_terms_fullwidth`); where the caller
// says which characters a Latin-1 letter (`C3 xx`) may be (`latin1`), it
// stands for those only: `é` may be `e` but never `f`.
//
// The fills of a chunk of blocks are made one block after another (each
// addition takes the carry of the one before), or, with AVX2 and AVX-512,
// eight blocks side by side with the carries found for the chunk at once
// (`cpick_terms_fill_blocks`).
#include "cpick_terms.h"
#include "cpick_wide.h"
#include <string.h>

/// Blocks of sixty-four bytes decided together: each character's pass over
/// them keeps its carries in registers, and their masks stay in the first
/// level cache.
#define CPICK_TERMS_CHUNK 64

__attribute__((always_inline)) static inline uint64_t cpick_terms_bits(cpick_i8x64 lanes) {
  cpick_b64 bits = __builtin_convertvector(lanes, cpick_b64);
  uint64_t mask;
  memcpy(&mask, &bits, sizeof mask);
  return mask;
}

/// `fill` above, with the carry from the block before in `*carry` and the carry out left there.
__attribute__((always_inline)) static inline uint64_t cpick_terms_fill(uint64_t x, uint64_t not_ends, uint64_t *carry) {
  unsigned __int128 sum = (unsigned __int128)x + not_ends + *carry;
  *carry = (uint64_t)(sum >> 64);
  return ((uint64_t)sum ^ not_ends) | x;
}

/// The query's characters, and the bytes compared for them.
typedef struct {
  /// Distinct characters: a letter that ignores case is compared once with
  /// the block's bytes in lower case (`folds`), any other with its byte.
  uint8_t pair_byte[CPICK_TERMS_MAX];
  uint8_t pair_folds[CPICK_TERMS_MAX];
  size_t pairs;
  /// Whether a fullwidth form is read as its ASCII character (`fullwidth`
  /// of `cpick_terms_pass`).
  int fullwidth;
  /// Whether a Latin-1 letter (`C3 xx`) stands only for the characters
  /// it may be (`pair_latin1`), not for every character (`latin1` of
  /// `cpick_terms_pass` given).
  int latin1_exact;
  /// Whether a Latin-1 letter may be each distinct character.
  uint8_t pair_latin1[CPICK_TERMS_MAX];
  /// Each character's distinct character, and whether it ends its term.
  uint8_t pair_of[CPICK_TERMS_MAX];
  const uint8_t *ends;
  size_t count;
  uint8_t separator;
  /// What each character's fill and shift carry from one block to the next
  /// (the last fill's: the bytes of 0x80 or above).
  uint64_t fill_carry[CPICK_TERMS_MAX + 1];
  uint64_t shift_carry[CPICK_TERMS_MAX];
} cpick_terms_state;

/// The bytes of a block of 64 (`at`, the byte after it readable) that
/// start a character that may fold to ASCII: C3-CA and CD alone, the
/// three- and four-byte leads judged with the byte after them
/// (`cpick_fold_lead_pairs`, as `AllTermsScan` and the byte filter judge them).
__attribute__((always_inline)) static inline uint64_t cpick_terms_wildcards(const uint8_t *at) {
  cpick_u8x64 block, next;
  memcpy(&block, at, 64);
  memcpy(&next, at + 1, 64);
  cpick_i8x64 leads = (cpick_i8x64)((cpick_u8x64)(block - (uint8_t)0xC3) < (uint8_t)8) |
                      (cpick_i8x64)(block == (uint8_t)0xCD) | cpick_fold_lead_pairs64(block, next);
  return cpick_terms_bits(leads);
}

/// Reads each fullwidth letter (U+FF21-FF3A: `EF BC A1`-`BA`, U+FF41-FF5A:
/// `EF BD 81`-`9A`) in the block at `at` (the two bytes after it readable)
/// as its ASCII letter, at its lead byte: written into `block` and `folded`.
/// Every form U+FF00-FF7F (`EF BC`, `EF BD`) is taken out of the wildcards
/// (`wild`), where it would stand for every character: the letters are
/// read as themselves now, and the other forms fold to no ASCII character.
/// Text in fullwidth letters (`ｆｕｌｌｗｉｄｔｈ`) then holds a term only
/// where it spells it.
__attribute__((always_inline)) static inline void cpick_terms_fullwidth(
  const uint8_t *at, cpick_u8x64 *block, cpick_u8x64 *folded, uint64_t *wild) {
  cpick_u8x64 next, third;
  memcpy(&next, at + 1, 64);
  memcpy(&third, at + 2, 64);
  cpick_i8x64 lead = (cpick_i8x64)(*block == (uint8_t)0xEF);
  cpick_i8x64 after_bc = lead & (cpick_i8x64)(next == (uint8_t)0xBC);
  cpick_i8x64 after_bd = lead & (cpick_i8x64)(next == (uint8_t)0xBD);
  cpick_i8x64 upper = after_bc & (cpick_i8x64)((cpick_u8x64)(third - 0xA1) < 26);
  cpick_i8x64 lower = after_bd & (cpick_i8x64)((cpick_u8x64)(third - 0x81) < 26);
  // `Ａ` is `EF BC A1` and `A` 0x41; `ａ`, `EF BD 81`, is 0x61.
  cpick_u8x64 letters = ((third - 0x60) & (cpick_u8x64)upper) | ((third - 0x20) & (cpick_u8x64)lower);
  *block = (*block & ~(cpick_u8x64)(upper | lower)) | letters;
  *folded = *block | 0x20;
  *wild &= ~cpick_terms_bits(after_bc | after_bd);
}

/// The masks of `blocks` blocks from `text` (the two bytes after the last
/// readable): separators in `ends`, bytes of 0x80 or above in `high`, and
/// each distinct character in `occurs[pair * CPICK_TERMS_CHUNK + block]`,
/// outside the separators. A byte that starts a character that may fold
/// to ASCII stands for every character (`cpick_terms_wildcards`): it may
/// be any of them; a fullwidth letter, with `fullwidth`, for its letter.
__attribute__((always_inline)) static inline void cpick_terms_masks(
  const cpick_terms_state *state, const uint8_t *text, size_t blocks, uint64_t *ends, uint64_t *high,
  uint64_t *occurs) {
  // The blocks past `blocks`, up to a multiple of eight, are read as none.
  for (size_t b = blocks; b % 8 != 0; b++) {
    ends[b] = high[b] = 0;
    for (size_t p = 0; p < state->pairs; p++) occurs[p * CPICK_TERMS_CHUNK + b] = 0;
  }
  for (size_t b = 0; b < blocks; b++) {
    cpick_u8x64 block;
    memcpy(&block, text + b * 64, 64);
    cpick_u8x64 folded = block | 0x20;
    uint64_t not_ends = ~cpick_terms_bits((cpick_i8x64)(block == state->separator));
    ends[b] = ~not_ends;
    high[b] = cpick_terms_bits((cpick_i8x64)((cpick_i8x64)block < 0)) & not_ends;
    uint64_t wild = 0, latin1 = 0;
    if (high[b]) {
      wild = cpick_terms_wildcards(text + b * 64);
      // A Latin-1 letter (lead C3) stands for the characters it may be only.
      if (state->latin1_exact) {
        latin1 = cpick_terms_bits((cpick_i8x64)(block == (uint8_t)0xC3)) & wild;
        wild &= ~latin1;
      }
      if (state->fullwidth) cpick_terms_fullwidth(text + b * 64, &block, &folded, &wild);
    }
    for (size_t p = 0; p < state->pairs; p++) {
      cpick_u8x64 read = state->pair_folds[p] ? folded : block;
      uint64_t same = cpick_terms_bits((cpick_i8x64)(read == state->pair_byte[p]));
      uint64_t may = state->pair_latin1[p] ? latin1 : 0;
      occurs[p * CPICK_TERMS_CHUNK + b] = (same | wild | may) & not_ends;
    }
  }
}

typedef uint64_t cpick_u64x8 __attribute__((ext_vector_type(8)));
typedef int64_t cpick_i64x8 __attribute__((ext_vector_type(8)));
typedef _Bool cpick_b8 __attribute__((ext_vector_type(8)));

/// Eight blocks' words from `words + 8 * group`.
__attribute__((always_inline)) static inline cpick_u64x8 cpick_terms_load8(const uint64_t *words, size_t group) {
  cpick_u64x8 v;
  memcpy(&v, words + 8 * group, sizeof v);
  return v;
}

/// One bit a lane, lane 0 the lowest.
__attribute__((always_inline)) static inline uint64_t cpick_terms_lanes(cpick_i64x8 lanes) {
  cpick_b8 bits = __builtin_convertvector(lanes, cpick_b8);
  uint8_t mask;
  memcpy(&mask, &bits, sizeof mask);
  return mask;
}

/// `fill` of `y[b]` for each of `blocks` blocks at once (rounded up to
/// eight; the words past `blocks` are read and written, never used), into
/// `out` (not `y`), with the carry from the chunk before in `*carry` and
/// the carry out left there.
///
/// The blocks' additions are made side by side, without carries, and the
/// carries then found for all blocks in one addition of two 64-bit words:
/// a block whose sum overflowed generates a carry (bit b of `g`), one whose
/// sum is all ones passes on the carry it takes (`p`; never both). With
/// G = g shifted up one and the carry in, (G + p) ^ p has bit b set exactly
/// where block b takes a carry: a carry generated below runs up through the
/// passing blocks as the addition's own carry does. The chain of dependent
/// additions, one per block, becomes a few vector operations per eight.
__attribute__((always_inline)) static inline void cpick_terms_fill_blocks(
  const uint64_t *restrict y, const uint64_t *restrict ends, uint64_t *restrict out, size_t blocks,
  uint64_t *restrict carry) {
  size_t groups = (blocks + 7) / 8;
  uint64_t g = 0, p = 0;
  for (size_t q = 0; q < groups; q++) {
    cpick_u64x8 x = cpick_terms_load8(y, q), sum = x + ~cpick_terms_load8(ends, q);
    memcpy(out + 8 * q, &sum, sizeof sum);
    g |= cpick_terms_lanes((cpick_i64x8)(sum < x)) << (8 * q);
    p |= cpick_terms_lanes((cpick_i64x8)(sum == ~(uint64_t)0)) << (8 * q);
  }
  uint64_t live = blocks == 64 ? ~(uint64_t)0 : ((uint64_t)1 << blocks) - 1;
  g &= live;
  p &= live;
  unsigned __int128 chain = (((unsigned __int128)g << 1) | *carry) + p;
  uint64_t takes = (uint64_t)chain ^ p;
  *carry = (uint64_t)(chain >> blocks) & 1;
  const cpick_u64x8 lane = {0, 1, 2, 3, 4, 5, 6, 7};
  for (size_t q = 0; q < groups; q++) {
    cpick_u64x8 in = ((cpick_u64x8)(takes >> (8 * q)) >> lane) & 1;
    cpick_u64x8 sum = cpick_terms_load8(out, q) + in;
    cpick_u64x8 filled = (sum ^ ~cpick_terms_load8(ends, q)) | cpick_terms_load8(y, q);
    memcpy(out + 8 * q, &filled, sizeof filled);
  }
}

/// The bytes of `x` that come after a set byte of `after` in the same item
/// (`after` shifted up one byte within the items), into `y`, for `blocks`
/// blocks rounded up to eight; the top bit of the block before the chunk in
/// `*shift`, and the chunk's last left there.
__attribute__((always_inline)) static inline void cpick_terms_follow(
  const uint64_t *restrict x, const uint64_t *restrict after, const uint64_t *restrict ends, uint64_t *restrict y,
  size_t blocks, uint64_t *restrict shift) {
  size_t groups = (blocks + 7) / 8;
  cpick_u64x8 before = {0, 0, 0, 0, 0, 0, 0, *shift << 63};
  for (size_t q = 0; q < groups; q++) {
    cpick_u64x8 from = cpick_terms_load8(after, q) & ~cpick_terms_load8(ends, q);
    // Each lane's block before: the last lane of the group before for lane 0.
    cpick_u64x8 previous = __builtin_shufflevector(before, from, 7, 8, 9, 10, 11, 12, 13, 14);
    cpick_u64x8 follows = cpick_terms_load8(x, q) & ((from << 1) | (previous >> 63));
    memcpy(y + 8 * q, &follows, sizeof follows);
    before = from;
  }
  *shift = (after[blocks - 1] & ~ends[blocks - 1]) >> 63;
}

/// `fill` block after block, each addition taking the carry of the one
/// before: of `x`, or with `shift` of only its bytes that follow a set byte
/// of `after` in the same item (`cpick_terms_follow`), into `after`. Faster
/// than `cpick_terms_fill_blocks` with the baseline's vectors of two words,
/// slower with AVX2's four or AVX-512's eight.
__attribute__((always_inline)) static inline void cpick_terms_fill_serial(
  const uint64_t *restrict x, const uint64_t *restrict ends, uint64_t *restrict after, size_t blocks,
  uint64_t *restrict carry, uint64_t *restrict shift) {
  uint64_t in = *carry;
  if (!shift) {
    for (size_t b = 0; b < blocks; b++) after[b] = cpick_terms_fill(x[b], ~ends[b], &in);
  } else {
    uint64_t top = *shift;
    for (size_t b = 0; b < blocks; b++) {
      uint64_t from = after[b] & ~ends[b];
      after[b] = cpick_terms_fill(x[b] & ((from << 1) | top), ~ends[b], &in);
      top = from >> 63;
    }
    *shift = top;
  }
  *carry = in;
}

/// The separators of the items that may hold the terms, for `blocks` blocks
/// whose masks are given, in `pass`; those of the items with a byte of 0x80
/// or above in `high` (which this overwrites). The masks are read up to
/// `blocks` rounded up to eight. `vectors`: the fills side by side
/// (`cpick_terms_fill_blocks`), else one after another.
__attribute__((always_inline)) static inline void cpick_terms_chunk(
  cpick_terms_state *state, size_t blocks, const uint64_t *ends, uint64_t *high, const uint64_t *occurs,
  uint64_t *pass, int vectors) {
  uint64_t after[CPICK_TERMS_CHUNK], follows[CPICK_TERMS_CHUNK];
  for (size_t b = 0; b < blocks; b++) pass[b] = ends[b];
  for (size_t k = 0; k < state->count; k++) {
    const uint64_t *x = occurs + state->pair_of[k] * CPICK_TERMS_CHUNK;
    // After the term's character before, in the same item, but for a term's first.
    uint64_t *shift = k > 0 && !state->ends[k - 1] ? &state->shift_carry[k] : NULL;
    if (!vectors) {
      cpick_terms_fill_serial(x, ends, after, blocks, &state->fill_carry[k], shift);
    } else {
      if (shift) {
        cpick_terms_follow(x, after, ends, follows, blocks, shift);
        x = follows;
      }
      cpick_terms_fill_blocks(x, ends, after, blocks, &state->fill_carry[k]);
    }
    if (state->ends[k]) {
      for (size_t b = 0; b < blocks; b++) pass[b] &= after[b];
    }
  }
  // The items with a byte of 0x80 or above, to flag.
  uint64_t carry = state->fill_carry[CPICK_TERMS_MAX];
  for (size_t b = 0; b < blocks; b++) {
    high[b] = cpick_terms_fill(high[b], ~ends[b], &carry) & ends[b];
    pass[b] &= ends[b];
  }
  state->fill_carry[CPICK_TERMS_MAX] = carry;
}

/// The scan over `text` for a prepared `state`: `cpick_terms_pass` for one processor's instructions.
__attribute__((always_inline)) static inline size_t cpick_terms_run(
  cpick_terms_state *state, const uint8_t *text, size_t n, uint32_t *passed, size_t capacity, int vectors) {
  uint64_t block_ends[CPICK_TERMS_CHUNK], high[CPICK_TERMS_CHUNK], pass[CPICK_TERMS_CHUNK];
  uint64_t occurs[CPICK_TERMS_MAX * CPICK_TERMS_CHUNK];
  size_t found = 0;
  uint32_t items = 0;
  // Up to and including byte n: the last item's separator is `n` itself.
  for (size_t at = 0; at <= n && found < capacity;) {
    // Whole blocks with two bytes after them; the rest from a copy.
    size_t whole = (n - at) / 64;
    if (whole > 0 && at + whole * 64 + 1 >= n) whole--;
    size_t blocks = whole < CPICK_TERMS_CHUNK ? whole : CPICK_TERMS_CHUNK;
    uint8_t tail[128];
    const uint8_t *from = text + at;
    if (blocks == 0) {
      // The last bytes, and separators after them.
      memset(tail, state->separator, sizeof tail);
      memcpy(tail, text + at, n - at);
      from = tail;
      blocks = 1;
    }
    cpick_terms_masks(state, from, blocks, block_ends, high, occurs);
    cpick_terms_chunk(state, blocks, block_ends, high, occurs, pass, vectors);
    for (size_t b = 0; b < blocks; b++) {
      for (uint64_t bits = pass[b]; bits && found < capacity; bits &= bits - 1) {
        uint64_t before = block_ends[b] & ((bits & -bits) - 1);
        uint32_t flag = (high[b] & bits & -bits) ? CPICK_TERMS_NOT_ASCII : 0;
        passed[found++] = (items + (uint32_t)__builtin_popcountll(before)) | flag;
      }
      items += (uint32_t)__builtin_popcountll(block_ends[b]);
    }
    at += blocks * 64;
  }
  return found;
}

static size_t cpick_terms_run_baseline(
  cpick_terms_state *state, const uint8_t *text, size_t n, uint32_t *passed, size_t capacity) {
  return cpick_terms_run(state, text, n, passed, capacity, 0);
}

#if defined(__x86_64__)
__attribute__((target("avx2,popcnt"))) static size_t cpick_terms_run_avx2(
  cpick_terms_state *state, const uint8_t *text, size_t n, uint32_t *passed, size_t capacity) {
  return cpick_terms_run(state, text, n, passed, capacity, 1);
}

__attribute__((target("avx512f,avx512bw,popcnt"))) static size_t cpick_terms_run_avx512(
  cpick_terms_state *state, const uint8_t *text, size_t n, uint32_t *passed, size_t capacity) {
  return cpick_terms_run(state, text, n, passed, capacity, 1);
}
#endif


size_t cpick_terms_pass_at(int level, const uint8_t *text, size_t n, uint8_t separator, const uint8_t *lower,
                           const uint8_t *upper, const uint8_t *ends, size_t count, int fullwidth,
                           const uint8_t *latin1, uint32_t *passed, size_t capacity) {
  if (count == 0 || count > CPICK_TERMS_MAX) return 0;
  cpick_terms_state state;
  memset(&state, 0, sizeof state);
  state.separator = separator;
  state.fullwidth = fullwidth;
  state.latin1_exact = latin1 != NULL;
  state.ends = ends;
  state.count = count;
  for (size_t k = 0; k < count; k++) {
    // A lower-case letter with its upper case is the folded byte; anything else its own byte.
    uint8_t folds = lower[k] != upper[k] && (lower[k] | 0x20) == lower[k] && (upper[k] | 0x20) == lower[k];
    uint8_t byte = lower[k];
    size_t p = 0;
    while (p < state.pairs && (state.pair_byte[p] != byte || state.pair_folds[p] != folds)) p++;
    if (p == state.pairs) {
      state.pair_byte[p] = byte;
      state.pair_folds[p] = folds;
      state.pairs++;
    }
    state.pair_latin1[p] |= latin1 == NULL || latin1[k];
    state.pair_of[k] = (uint8_t)p;
  }
  level = cpick_vector_level(level);
#if defined(__x86_64__)
  if (level == 2) return cpick_terms_run_avx512(&state, text, n, passed, capacity);
  if (level == 1) return cpick_terms_run_avx2(&state, text, n, passed, capacity);
#endif
  return cpick_terms_run_baseline(&state, text, n, passed, capacity);
}

size_t cpick_terms_pass(const uint8_t *text, size_t n, uint8_t separator, const uint8_t *lower,
                        const uint8_t *upper, const uint8_t *ends, size_t count, int fullwidth,
                        const uint8_t *latin1, uint32_t *passed, size_t capacity) {
  return cpick_terms_pass_at(-1, text, n, separator, lower, upper, ends, count, fullwidth, latin1, passed, capacity);
}
