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
//
// A query's terms are decided one after another, and the first term that
// leaves no item of a chunk passing decides the chunk: the other terms
// matter then only to the item that runs on into the next chunk, whose
// carries they must give, so they are filled from the block of the
// chunk's last separator on. The terms are tried in the order of how many
// chunks each decided (`json` first for `lib python json` over a list of
// files), and when the term tried first decides half the chunks or more,
// the other terms' occurrences are not even read where it did
// (`cpick_terms_read_rest`). Below that, reading them apart from the first
// term's costs more than it saves (measured on a shell history, where few
// chunks lack `origin` of `git push origin`). What a scan learned is kept
// for the next scan of the same query (`cpick_terms_memory`).
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
  /// it may be (`pair_may`), not for every character (`latin1` of
  /// `cpick_terms_pass` given).
  int latin1_exact;
  /// Each distinct character as a block's loop reads it without a branch
  /// (`cpick_terms_same`): its byte in every lane, and 0x20 in every lane
  /// where it ignores case (the block's bytes are then read in lower case).
  cpick_u8x64 pair_wanted[CPICK_TERMS_MAX], pair_case[CPICK_TERMS_MAX];
  /// All bits where a Latin-1 letter may be the distinct character, else none.
  uint64_t pair_may[CPICK_TERMS_MAX];
  /// Each character's distinct character, and whether it ends its term.
  uint8_t pair_of[CPICK_TERMS_MAX];
  const uint8_t *ends;
  size_t count;
  uint8_t separator;
  /// What each character's fill and shift carry from one block to the next
  /// (the last fill's: the bytes of 0x80 or above).
  uint64_t fill_carry[CPICK_TERMS_MAX + 1];
  uint64_t shift_carry[CPICK_TERMS_MAX];
  /// Each term's first character and the one after its last.
  uint8_t term_first[CPICK_TERMS_MAX];
  uint8_t term_end[CPICK_TERMS_MAX];
  size_t terms;
  /// The order the terms are tried in: by how many chunks each decided
  /// (left without a passing item), most first (`cpick_terms_chunk`).
  uint8_t order[CPICK_TERMS_MAX];
  /// The chunks read, and how many of them the term tried first decided
  /// alone, in this scan and the ones before of the same terms.
  uint64_t chunks, decided;
  /// How many chunks each term decided.
  uint64_t decided_by[CPICK_TERMS_MAX];
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

/// A chunk's masks: the separators, bytes of 0x80 or above, and
/// wildcards of every block. The characters' occurrences are kept apart
/// (`occurs[pair * CPICK_TERMS_CHUNK + block]`), those of the term tried
/// first read with these (`cpick_terms_read`), the others' after it, and
/// only where the first term left them something to decide
/// (`cpick_terms_read_rest`).
typedef struct {
  size_t blocks;
  /// Separators; bytes of 0x80 or above, outside them; bytes that may be
  /// any character (`cpick_terms_wildcards`); Latin-1 letters, which may
  /// be the characters of `pair_may`.
  uint64_t ends[CPICK_TERMS_CHUNK], high[CPICK_TERMS_CHUNK], wild[CPICK_TERMS_CHUNK], latin1[CPICK_TERMS_CHUNK];
  /// Where each block's bytes are read: the text, or `adjusted`, where its
  /// fullwidth letters are read as ASCII letters.
  const uint8_t *block_at[CPICK_TERMS_CHUNK];
  uint8_t adjusted[CPICK_TERMS_CHUNK * 64];
  /// The distinct characters of the term tried first, and the others.
  uint8_t first[CPICK_TERMS_MAX], rest[CPICK_TERMS_MAX];
  size_t firsts, rests;
} cpick_terms_masks;

/// The bytes of `block` that are distinct character `p` itself (in
/// either case where it ignores case).
__attribute__((always_inline)) static inline uint64_t cpick_terms_same(
  const cpick_terms_state *state, size_t p, cpick_u8x64 block) {
  return cpick_terms_bits((cpick_i8x64)((block | state->pair_case[p]) == state->pair_wanted[p]));
}

/// Distinct character `p`'s occurrences, outside the separators
/// (`not_ends`), in a block whose bytes are `block` (compared in lower
/// case where the character ignores case: `pair_case`), with its
/// wildcards and the Latin-1 letters that may be it.
__attribute__((always_inline)) static inline uint64_t cpick_terms_occurs_in(
  const cpick_terms_state *state, size_t p, cpick_u8x64 block, uint64_t not_ends, uint64_t wild, uint64_t latin1) {
  return (cpick_terms_same(state, p, block) | wild | (latin1 & state->pair_may[p])) & not_ends;
}

/// Block `b`'s occurrences of distinct characters `list[0 ..< count]`
/// (the first `count` when `list` is NULL), into `occurs`. In a block with
/// no wildcard nor Latin-1 letter (every block of ASCII text) an
/// occurrence is its byte outside the separators, and nothing else is read.
__attribute__((always_inline)) static inline void cpick_terms_occurs_all(
  const cpick_terms_state *state, const uint8_t *list, size_t count, size_t b, cpick_u8x64 block,
  uint64_t not_ends, uint64_t wild, uint64_t latin1, uint64_t *restrict occurs) {
  if ((wild | latin1) == 0) {
    for (size_t j = 0; j < count; j++) {
      size_t p = list ? list[j] : j;
      occurs[p * CPICK_TERMS_CHUNK + b] = cpick_terms_same(state, p, block) & not_ends;
    }
    return;
  }
  for (size_t j = 0; j < count; j++) {
    size_t p = list ? list[j] : j;
    occurs[p * CPICK_TERMS_CHUNK + b] = cpick_terms_occurs_in(state, p, block, not_ends, wild, latin1);
  }
}

/// Sorts the distinct characters into the first term's (`state->order[0]`)
/// and the others.
__attribute__((always_inline)) static inline void cpick_terms_sort_pairs(
  const cpick_terms_state *state, cpick_terms_masks *masks) {
  uint8_t in_first[CPICK_TERMS_MAX] = {0};
  size_t t = state->order[0];
  for (size_t k = state->term_first[t]; k < state->term_end[t]; k++) in_first[state->pair_of[k]] = 1;
  masks->firsts = masks->rests = 0;
  for (size_t p = 0; p < state->pairs; p++) {
    if (in_first[p]) {
      masks->first[masks->firsts++] = (uint8_t)p;
    } else {
      masks->rest[masks->rests++] = (uint8_t)p;
    }
  }
}

/// The masks of `blocks` blocks from `text` (the two bytes after the last
/// readable) that every character reads, into `masks`, and characters'
/// occurrences, each block loaded once: with `split` (a constant), those
/// of the first term's characters only, the others left to
/// `cpick_terms_read_rest`; else every character's. A byte that starts a
/// character that may fold to ASCII stands for every character
/// (`cpick_terms_wildcards`): it may be any of them; a fullwidth letter,
/// with `fullwidth`, for its letter.
__attribute__((always_inline)) static inline void cpick_terms_read(
  const cpick_terms_state *state, const uint8_t *text, size_t blocks, cpick_terms_masks *restrict masks,
  uint64_t *restrict occurs, int split) {
  masks->blocks = blocks;
  // The blocks past `blocks`, up to a multiple of eight, are read as none.
  for (size_t b = blocks; b % 8 != 0; b++) {
    masks->ends[b] = masks->high[b] = 0;
    for (size_t p = 0; p < state->pairs; p++) occurs[p * CPICK_TERMS_CHUNK + b] = 0;
  }
  uint8_t first[CPICK_TERMS_MAX];
  size_t firsts = state->pairs;
  masks->rests = 0;
  if (split) {
    cpick_terms_sort_pairs(state, masks);
    firsts = masks->firsts;
    memcpy(first, masks->first, sizeof first);
  }
  for (size_t b = 0; b < blocks; b++) {
    const uint8_t *at = text + b * 64;
    // The next chunk's block, a page ahead: the processor's own prefetch stops at the page's end.
    __builtin_prefetch(at + CPICK_TERMS_CHUNK * 64);
    cpick_u8x64 block;
    memcpy(&block, at, 64);
    uint64_t not_ends = ~cpick_terms_bits((cpick_i8x64)(block == state->separator));
    uint64_t high = cpick_terms_bits((cpick_i8x64)((cpick_i8x64)block < 0)) & not_ends;
    uint64_t wild = 0, latin1 = 0;
    if (high) {
      wild = cpick_terms_wildcards(at);
      // A Latin-1 letter (lead C3) stands for the characters it may be only.
      if (state->latin1_exact) {
        latin1 = cpick_terms_bits((cpick_i8x64)(block == (uint8_t)0xC3)) & wild;
        wild &= ~latin1;
      }
      if (state->fullwidth) {
        cpick_u8x64 folded;
        cpick_terms_fullwidth(at, &block, &folded, &wild);
        if (split) {
          memcpy(masks->adjusted + b * 64, &block, 64);
          at = masks->adjusted + b * 64;
        }
      }
    }
    masks->ends[b] = ~not_ends;
    masks->high[b] = high;
    if (split) {
      masks->block_at[b] = at;
      masks->wild[b] = wild;
      masks->latin1[b] = latin1;
    }
    cpick_terms_occurs_all(state, split ? first : NULL, firsts, b, block, not_ends, wild, latin1, occurs);
  }
}

/// The occurrences of the other terms' characters from block `lo` on,
/// each block loaded once.
__attribute__((always_inline)) static inline void cpick_terms_read_rest(
  const cpick_terms_state *state, size_t lo, const cpick_terms_masks *restrict masks, uint64_t *restrict occurs) {
  uint8_t rest[CPICK_TERMS_MAX];
  size_t rests = masks->rests, blocks = masks->blocks;
  if (rests == 0) return;
  memcpy(rest, masks->rest, sizeof rest);
  for (size_t b = lo; b < blocks; b++) {
    cpick_u8x64 block;
    memcpy(&block, masks->block_at[b], 64);
    cpick_terms_occurs_all(state, rest, rests, b, block, ~masks->ends[b], masks->wild[b], masks->latin1[b], occurs);
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

/// The fills of term `t`'s characters over blocks `lo ..< blocks` (`lo` a
/// multiple of eight), its last one's left in `after`. From block 0 the
/// carries are the ones kept from the chunk before; from a later block
/// they start clear, which is right for every byte after the first
/// separator at or after block `lo` (the carries end at a separator).
__attribute__((always_inline)) static inline void cpick_terms_term(
  cpick_terms_state *state, size_t t, size_t lo, const cpick_terms_masks *masks, const uint64_t *occurs,
  uint64_t *after, uint64_t *follows, int vectors) {
  size_t blocks = masks->blocks;
  const uint64_t *ends = masks->ends;
  for (size_t k = state->term_first[t]; k < state->term_end[t]; k++) {
    const uint64_t *x = occurs + state->pair_of[k] * CPICK_TERMS_CHUNK + lo;
    uint64_t clear_fill = 0, clear_shift = 0;
    uint64_t *fill = lo == 0 ? &state->fill_carry[k] : &clear_fill;
    // After the term's character before, in the same item, but for a term's first.
    uint64_t *shift = k == state->term_first[t] ? NULL : lo == 0 ? &state->shift_carry[k] : &clear_shift;
    if (!vectors) {
      cpick_terms_fill_serial(x, ends + lo, after + lo, blocks - lo, fill, shift);
    } else {
      if (shift) {
        cpick_terms_follow(x, after + lo, ends + lo, follows + lo, blocks - lo, shift);
        x = follows + lo;
      }
      cpick_terms_fill_blocks(x, ends + lo, after + lo, blocks - lo, fill);
    }
    if (lo > 0) {
      state->fill_carry[k] = clear_fill;
      if (shift) state->shift_carry[k] = clear_shift;
    }
  }
}

/// The separators of the items that may hold the terms, for the blocks
/// of `masks`, in `pass`; those of the items with a byte of 0x80 or above
/// in `masks->high` (which this overwrites). `vectors`: the fills side by side
/// (`cpick_terms_fill_blocks`), else one after another.
///
/// Once a term leaves no item of the chunk passing, the other terms'
/// fills are made only from the block of the chunk's last separator on:
/// the item that goes on into the next chunk needs their carries, and no
/// other item can pass. The terms are tried in the order of how many
/// chunks each decided: the term that holds most rarely (`json` of
/// `lib python json`) soon comes first and decides most chunks alone.
/// `several` (a constant) is 0 for a query of one term, which has nothing
/// to decide early and takes the plain fills: through the shared loop, a
/// one-term search over Unicode names was 5-9 % slower.
__attribute__((always_inline)) static inline void cpick_terms_chunk(
  cpick_terms_state *state, cpick_terms_masks *masks, uint64_t *occurs, uint64_t *pass, int vectors, int several) {
  uint64_t after[CPICK_TERMS_CHUNK], follows[CPICK_TERMS_CHUNK];
  size_t blocks = masks->blocks;
  const uint64_t *ends = masks->ends;
  uint64_t *high = masks->high;
  size_t last_end = CPICK_TERMS_CHUNK;
  for (size_t b = 0; b < blocks; b++) {
    pass[b] = ends[b];
    if (ends[b]) last_end = b;
  }
  size_t lo = 0;
  if (!several) {
    cpick_terms_term(state, 0, 0, masks, occurs, after, follows, vectors);
    for (size_t b = 0; b < blocks; b++) pass[b] &= after[b];
  }
  for (size_t i = 0; several && i < state->terms; i++) {
    size_t t = state->order[i];
    cpick_terms_term(state, t, lo, masks, occurs, after, follows, vectors);
    uint64_t any = 0;
    for (size_t b = lo; b < blocks; b++) any |= pass[b] &= after[b];
    if (lo == 0 && any == 0 && last_end >= 8 && last_end < CPICK_TERMS_CHUNK) {
      lo = last_end & ~(size_t)7;
      state->decided += i == 0;
      // The terms in the order of how many chunks each decided, most first.
      uint64_t count = ++state->decided_by[t];
      for (size_t j = i; j > 0 && state->decided_by[state->order[j - 1]] < count; j--) {
        state->order[j] = state->order[j - 1];
        state->order[j - 1] = (uint8_t)t;
      }
    }
    // The other terms' characters, where they may still decide an item.
    if (i == 0) cpick_terms_read_rest(state, lo, masks, occurs);
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
  uint64_t pass[CPICK_TERMS_CHUNK];
  cpick_terms_masks masks;
  uint64_t occurs[CPICK_TERMS_MAX * CPICK_TERMS_CHUNK];
  const uint64_t *block_ends = masks.ends, *high = masks.high;
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
    // The other terms' characters read only where the first term did not
    // decide, once it decides half the chunks or more: splitting the
    // reading costs more than it saves below that (and with one term
    // there is nothing to leave unread).
    if (state->terms == 1) {
      cpick_terms_read(state, from, blocks, &masks, occurs, 0);
      cpick_terms_chunk(state, &masks, occurs, pass, vectors, 0);
    } else if (state->chunks >= 8 && state->decided * 2 >= state->chunks) {
      cpick_terms_read(state, from, blocks, &masks, occurs, 1);
      cpick_terms_chunk(state, &masks, occurs, pass, vectors, 1);
    } else {
      cpick_terms_read(state, from, blocks, &masks, occurs, 0);
      cpick_terms_chunk(state, &masks, occurs, pass, vectors, 1);
    }
    state->chunks++;
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
                           const uint8_t *latin1, cpick_terms_memory *memory, uint32_t *passed,
                           size_t capacity) {
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
    if (latin1 == NULL || latin1[k]) state.pair_may[p] = ~(uint64_t)0;
    state.pair_of[k] = (uint8_t)p;
    if (k == 0 || ends[k - 1]) state.term_first[state.terms++] = (uint8_t)k;
    state.term_end[state.terms - 1] = (uint8_t)(k + 1);
  }
  for (size_t p = 0; p < state.pairs; p++) {
    state.pair_wanted[p] = (cpick_u8x64)state.pair_byte[p];
    state.pair_case[p] = (cpick_u8x64)(uint8_t)(state.pair_folds[p] ? 0x20 : 0);
  }
  // The last term first, until a scan has learned better: what is typed
  // last tends to narrow most.
  for (size_t t = 0; t < state.terms; t++) {
    state.order[t] = memory && memory->order_set ? memory->order[t] : (uint8_t)(state.terms - 1 - t);
  }
  state.chunks = memory ? memory->chunks : 0;
  state.decided = memory ? memory->decided : 0;
  if (memory) memcpy(state.decided_by, memory->decided_by, sizeof state.decided_by);
  size_t found;
  level = cpick_vector_level(level);
#if defined(__x86_64__)
  if (level == 2) {
    found = cpick_terms_run_avx512(&state, text, n, passed, capacity);
  } else if (level == 1) {
    found = cpick_terms_run_avx2(&state, text, n, passed, capacity);
  } else
#endif
  {
    found = cpick_terms_run_baseline(&state, text, n, passed, capacity);
  }
  if (memory) {
    memcpy(memory->order, state.order, sizeof state.order);
    memory->order_set = 1;
    memory->chunks = state.chunks;
    memory->decided = state.decided;
    memcpy(memory->decided_by, state.decided_by, sizeof state.decided_by);
  }
  return found;
}

size_t cpick_terms_pass(const uint8_t *text, size_t n, uint8_t separator, const uint8_t *lower,
                        const uint8_t *upper, const uint8_t *ends, size_t count, int fullwidth,
                        const uint8_t *latin1, cpick_terms_memory *memory, uint32_t *passed, size_t capacity) {
  return cpick_terms_pass_at(-1, text, n, separator, lower, upper, ends, count, fullwidth, latin1, memory, passed,
                             capacity);
}
