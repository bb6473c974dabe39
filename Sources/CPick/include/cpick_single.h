#ifndef CPICK_SINGLE_H
#define CPICK_SINGLE_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

// The one-character query over an ASCII item, sixteen bytes at a time.
//
// The first key typed is the broadest search: nearly every item matches, so
// every item is scored. The score of a one-character match is the best bonus
// among the character's occurrences, and the bonus at an occurrence depends
// only on its class and the class before it. So one vector comparison per
// sixteen bytes finds the occurrences (usually one to three in a path), and
// classes are looked up only there, instead of a class lookup, a fold and a
// comparison per byte. The same blocks tell whether the item is ASCII: the
// caller takes any other item down the general path.

typedef uint8_t cpick_single_u8x16 __attribute__((ext_vector_type(16)));
typedef int8_t cpick_single_i8x16 __attribute__((ext_vector_type(16)));
typedef _Bool cpick_single_b16 __attribute__((ext_vector_type(16)));

/// What scanning one item found.
typedef struct {
  /// Where the best occurrence is; -1 when the character does not occur.
  int64_t best_at;
  /// Its bonus (the bonus matrix's entry for its class and the one before).
  int32_t best_bonus;
  /// The item's length without white space at either end.
  int64_t trimmed_length;
} cpick_single_scan;

/// The character's rules and the bonus table, fixed for a query.
typedef struct {
  /// The bytes that are the character: itself, and its upper case when the term ignores case.
  uint8_t lower;
  uint8_t upper;
  /// The class of the place before the item.
  uint8_t initial_class;
  /// Take the last of equally good occurrences (`--tiebreak` ending with `end`...).
  uint8_t prefers_last;
  /// Class (a `CharClass` raw value; white space is 0) of each of the 256 bytes.
  const uint8_t *classes;
  /// `matrix[previous * class_count + current]`: the bonus of a match.
  const int32_t *matrix;
  int32_t class_count;
} cpick_single_rules;

/// One bit per lane whose top bit is set in a comparison result (`pmovmskb`).
static inline uint32_t cpick_single_mask(cpick_single_i8x16 lanes) {
  cpick_single_b16 bits = __builtin_convertvector(lanes, cpick_single_b16);
  uint16_t mask;
  memcpy(&mask, &bits, sizeof mask);
  return mask;
}

/// The length of `count` bytes without white space (class 0 in `classes`) at either end.
static inline size_t cpick_trimmed_length(const uint8_t *bytes, size_t count, const uint8_t *classes) {
  size_t first = 0;
  while (first < count && classes[bytes[first]] == 0) first++;
  size_t end = count;
  while (end > first && classes[bytes[end - 1]] == 0) end--;
  return end - first;
}

/// Notes an occurrence at `at` earning `bonus` if it beats the best so
/// far: a larger bonus, or an equal one when the last of equals is taken
/// (`BestSingleOccurrence.consider`, the Swift scans' rule).
static inline void cpick_single_consider(cpick_single_scan *best, int32_t bonus, size_t at, int prefers_last) {
  if (bonus > best->best_bonus || (prefers_last && bonus == best->best_bonus)) {
    best->best_bonus = bonus;
    best->best_at = (int64_t)at;
  }
}

/// Weighs the occurrences in `hits` (bit k: offset `base + k`) against the best so far.
static inline void cpick_single_weigh(
  const uint8_t *bytes, size_t base, uint32_t hits, const cpick_single_rules *rules, cpick_single_scan *best) {
  while (hits) {
    size_t at = base + (size_t)__builtin_ctz(hits);
    hits &= hits - 1;
    uint8_t previous = at ? rules->classes[bytes[at - 1]] : rules->initial_class;
    int32_t bonus = rules->matrix[previous * rules->class_count + rules->classes[bytes[at]]];
    cpick_single_consider(best, bonus, at, rules->prefers_last);
  }
}

/// The bonus of an occurrence by the byte before it, for each of the
/// character's two bytes: one lookup where `cpick_single_weigh` takes three
/// (the two classes, then the matrix). Filled once for a run of items.
typedef struct {
  int32_t after_lower[256];
  int32_t after_upper[256];
  /// At the item's first byte (after `initial_class`).
  int32_t first_lower;
  int32_t first_upper;
} cpick_single_bonuses;

static inline void cpick_single_bonuses_fill(const cpick_single_rules *rules, cpick_single_bonuses *out) {
  size_t lower = rules->classes[rules->lower];
  size_t upper = rules->classes[rules->upper];
  size_t count = (size_t)rules->class_count;
  for (size_t previous = 0; previous < 256; previous++) {
    const int32_t *row = rules->matrix + rules->classes[previous] * count;
    out->after_lower[previous] = row[lower];
    out->after_upper[previous] = row[upper];
  }
  out->first_lower = rules->matrix[rules->initial_class * count + lower];
  out->first_upper = rules->matrix[rules->initial_class * count + upper];
}

/// `cpick_single_weigh` through `bonuses`, for up to sixty-four occurrences.
static inline void cpick_single_weigh_tabled(
  const uint8_t *bytes, size_t base, uint64_t hits, uint8_t lower, int prefers_last,
  const cpick_single_bonuses *bonuses, cpick_single_scan *best) {
  while (hits) {
    size_t at = base + (size_t)__builtin_ctzll(hits);
    hits &= hits - 1;
    int is_lower = bytes[at] == lower;
    int32_t bonus = at ? (is_lower ? bonuses->after_lower : bonuses->after_upper)[bytes[at - 1]]
                       : (is_lower ? bonuses->first_lower : bonuses->first_upper);
    cpick_single_consider(best, bonus, at, prefers_last);
  }
}

/// Scans `bytes` for the character of `rules`: its best occurrence (the one
/// `FuzzyScorer` chooses) and the trimmed length. Returns 0, with `out` not
/// filled, when a byte is not ASCII, unless `compact` (the bytes are a
/// `CompactText`, whose bytes from 0x81 stand for characters of a class).
/// Reads nothing outside `bytes`. With `bonuses` (filled from `rules`),
/// occurrences are weighed through them: the same answer, sooner.
__attribute__((always_inline)) static inline int cpick_scan_single_with(
  const uint8_t *bytes, size_t count, const cpick_single_rules *rules, int compact,
  const cpick_single_bonuses *bonuses, cpick_single_scan *out) {
  cpick_single_scan best = {-1, -1, 0};
  size_t offset = 0;
  while (offset < count) {
    cpick_single_u8x16 block;
    size_t base = offset;
    unsigned shift = 0;
    uint32_t valid = 0xFFFF;
    if (offset + 16 <= count) {
      memcpy(&block, bytes + offset, 16);
      offset += 16;
    } else if (count >= 16) {
      // The last partial block: the item's last sixteen bytes, the lanes already seen shifted out.
      memcpy(&block, bytes + count - 16, 16);
      shift = (unsigned)(16 - (count - offset));
      offset = count;
    } else {
      uint8_t padded[16] = {0};
      memcpy(padded, bytes, count);
      memcpy(&block, padded, 16);
      valid = (1u << count) - 1;
      offset = count;
    }
    if (!compact && cpick_single_mask((cpick_single_i8x16)(block >= (uint8_t)0x80)) >> shift) return 0;
    cpick_single_i8x16 same = (cpick_single_i8x16)(block == rules->lower) | (cpick_single_i8x16)(block == rules->upper);
    uint32_t hits = (cpick_single_mask(same) >> shift) & valid;
    if (bonuses)
      cpick_single_weigh_tabled(bytes, base, hits, rules->lower, rules->prefers_last, bonuses, &best);
    else
      cpick_single_weigh(bytes, base, hits, rules, &best);
  }
  best.trimmed_length = (int64_t)cpick_trimmed_length(bytes, count, rules->classes);
  *out = best;
  return 1;
}

static inline int cpick_scan_single_ascii(
  const uint8_t *bytes, size_t count, const cpick_single_rules *rules, int compact, cpick_single_scan *out) {
  return cpick_scan_single_with(bytes, count, rules, compact, NULL, out);
}

/// What the ranker's C loops need besides their rules: where the items
/// are, how to make their keys, and where the keys go.
typedef struct {
  /// Item i of the table is `arena[starts[i] ..< starts[i + 1] - 1]` (its separator left out).
  const uint8_t *arena;
  const uint32_t *starts;
  /// The run's k-th item (k below `count`) is item `indices[k]`, or item k without a list.
  const int64_t *indices;
  size_t count;
  /// The score of an occurrence is `match_score + bonus * multiplier`.
  int32_t match_score;
  int32_t multiplier;
  /// Item k's place in the input order is `first_order` plus k (minus k when `descending`).
  uint64_t first_order;
  int descending;
  uint64_t *keys;
} cpick_item_run;

/// The bytes of the run's k-th item, without a trailing CR, and their count (`*length`).
///
/// The items of a run ascend through the arena (every item, or a narrowed
/// list's), and the processor's own prefetching follows a stream only
/// within a page: the bytes and the item starts a page on are asked for
/// here. Addresses from the item in hand, not the items ahead: their
/// starts would be reads of their own to wait for.
static inline const uint8_t *cpick_item_run_item(const cpick_item_run *run, size_t k, size_t *length) {
  size_t i = run->indices ? (size_t)run->indices[k] : k;
  const uint8_t *item = run->arena + run->starts[i];
  __builtin_prefetch(item + 4096);
  __builtin_prefetch(run->starts + i + 1024);
  size_t n = (size_t)(run->starts[i + 1] - run->starts[i]) - 1;
  if (n > 0 && item[n - 1] == 0x0D) n--;
  *length = n;
  return item;
}

/// The key of the run's k-th item: `field` (`0xFFFF - score`) in the top
/// 16 bits, the trimmed length (at most 0xFFFF) in the next 16, the item's
/// place in the input order in the low 32.
static inline uint64_t cpick_item_run_key(const cpick_item_run *run, size_t k, uint64_t field, uint64_t trimmed) {
  uint64_t order = run->descending ? run->first_order - k : run->first_order + k;
  return field << 48 | (trimmed > 0xFFFF ? 0xFFFF : trimmed) << 32 | (order & 0xFFFFFFFFu);
}

// Declared again from CPick.h, which includes this header before its own
// declaration (a differing one would not compile).
int64_t cpick_compact_transcode(
  const uint8_t *bytes, size_t count, uint8_t *out, const uint8_t *byte_of, uint32_t cached_units,
  uint8_t invalid, const uint8_t *latin_letters, uint32_t latin_count, int32_t *drops, size_t *drop_count);

/// What the run loop needs to score an item that is not ASCII from its
/// compact text (`CompactText`: one byte per character), as the general
/// path does: the arguments of `cpick_compact_transcode` but the item, and
/// room (`out`, `drops`) for items of up to `capacity` bytes.
typedef struct {
  const uint8_t *byte_of;
  uint32_t cached_units;
  uint8_t invalid;
  const uint8_t *latin_letters;
  uint32_t latin_count;
  uint8_t *out;
  int32_t *drops;
  size_t capacity;
} cpick_compact_target;

/// Scans an item that is not ASCII from its compact text into `found`;
/// 0 when the general path must take it instead: longer than the room, a
/// character the compact text cannot stand for or whose block of the
/// table is not filled yet (the general path fills it), or a combining
/// mark dropped (the general path gives the lengths back). Occurrences
/// are weighed through `bonuses`, which cover every byte, stand-ins too.
static inline int cpick_scan_single_compact(
  const uint8_t *item, size_t length, const cpick_single_rules *rules, const cpick_single_bonuses *bonuses,
  const cpick_compact_target *compact, cpick_single_scan *found) {
  if (length > compact->capacity) return 0;
  size_t dropped = 0;
  int64_t written = cpick_compact_transcode(
    item, length, compact->out, compact->byte_of, compact->cached_units, compact->invalid, compact->latin_letters,
    compact->latin_count, compact->drops, &dropped);
  if (written < 0 || dropped > 0) return 0;
  return cpick_scan_single_with(compact->out, (size_t)written, rules, 1, bonuses, found);
}

/// The ranker's keys for a one-character query over a run of items, in
/// one call: no call from Swift, no match value built and taken apart, per
/// item. A matching item gets the key `(0xFFFF - score) << 48 | min(trimmed
/// length, 0xFFFF) << 32 | order`, the key `RankPoints` packs for
/// `--tiebreak=length`; the score, the occurrence chosen and the trimmed
/// length are `cpick_scan_single_ascii`'s (a trailing CR is not matched).
/// An item that is not ASCII is scored from its compact text when
/// `compact` is given (`cpick_scan_single_compact`); the loop stops before
/// one it cannot take so (the caller takes it down the general path), and
/// returns how many items it took; `*written` is the number of keys.
/// Built once per instruction set (`cpick_single.c`): `level` 2 asks for
/// AVX-512, where an item of up to sixty-four bytes is one masked load, 0
/// for the baseline, -1 for the widest this processor runs; a level the
/// processor lacks is lowered (the tests hold the builds equal).
size_t cpick_rank_single_ascii(
  int level, const cpick_item_run *run, const cpick_single_rules *rules, const cpick_compact_target *compact,
  size_t *written);

#endif
