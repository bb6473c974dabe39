#ifndef CPICK_UNSCORED_H
#define CPICK_UNSCORED_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "cpick_fuzzy.h"
#include "cpick_single.h"

// The picker's front holds the best 1 024 matches; once a worker holds 1 024
// keys with the query's perfect score, a match longer than the longest of
// them cannot enter it whatever it scores, so it only has to be found, not
// scored (`FrontThreshold`). While typing over millions of items nearly
// every match is of that kind. This loop does for a run of them what the
// Swift path does item by item: the ASCII test, the trimmed length, the
// occurrence of each term, and the key with the perfect score.

/// A fuzzy term of ASCII characters.
typedef struct {
  const uint32_t *units;
  size_t count;
  int case_sensitive;
} cpick_unscored_term;

/// What a run of matches left unscored shares.
typedef struct {
  /// Class of each byte (white space is 0), to trim items.
  const uint8_t *classes;
  const cpick_unscored_term *terms;
  size_t term_count;
  /// Items longer than this (bytes, without a trailing CR) take the long-item path.
  size_t longest;
  /// Items whose trimmed length is at most this must be scored.
  size_t prunes_longer_than;
  /// `0xFFFF - perfect score`, the top 16 bits of a key left unscored.
  uint64_t perfect_field;
  /// Nonzero when every item of the input is ASCII: no item needs the test.
  int ascii_input;
} cpick_unscored_rules;

/// Whether the `count` bytes at `bytes` are all ASCII.
static inline int cpick_unscored_is_ascii(const uint8_t *bytes, size_t count) {
  uint64_t high = 0;
  if (count >= 8) {
    // Whole words, the last one overlapping the one before: no byte loop.
    uint64_t word;
    for (size_t k = 0; k + 8 < count; k += 8) {
      memcpy(&word, bytes + k, 8);
      high |= word;
    }
    memcpy(&word, bytes + count - 8, 8);
    high |= word;
  } else {
    for (size_t k = 0; k < count; k++) high |= bytes[k];
  }
  return (high & 0x8080808080808080u) == 0;
}

/// Writes the keys of the items of `run` that every term occurs
/// in, each with the perfect score (`perfect_field << 48 | min(trimmed
/// length, 0xFFFF) << 32 | order`), and skips the items that do not match.
/// Stops before the first item that must go the Swift way: one that is not
/// ASCII, longer than `longest`, or a match not longer (trimmed) than
/// `prunes_longer_than`. Returns how many items it took; `*written` is the
/// number of keys (every one of them a match left unscored). The scores
/// and `match_score` of `run` are not used.
static inline size_t cpick_rank_unscored_ascii(
  const cpick_item_run *run, const cpick_unscored_rules *rules, size_t *written) {
  const cpick_item_run items = *run;
  const cpick_unscored_rules r = *rules;
  size_t n = 0;
  size_t k = 0;
  for (; k < items.count; k++) {
    size_t length;
    const uint8_t *item = cpick_item_run_item(&items, k, &length);
    if (length > r.longest || (!r.ascii_input && !cpick_unscored_is_ascii(item, length))) break;
    int occurs = 1;
    for (size_t t = 0; t < r.term_count && occurs; t++) {
      occurs = cpick_fuzzy_occurs(item, length, r.terms[t].units, r.terms[t].count, r.terms[t].case_sensitive);
    }
    // An ASCII item without a match has no key, whatever its length.
    if (!occurs) continue;
    size_t trimmed = cpick_trimmed_length(item, length, r.classes);
    if (trimmed <= r.prunes_longer_than) break;
    items.keys[n++] = cpick_item_run_key(&items, k, r.perfect_field, (uint64_t)trimmed);
  }
  *written = n;
  return k;
}

#endif
