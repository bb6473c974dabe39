// The one-character run loop (`cpick_single.h`), built for the baseline
// and for AVX-512 and chosen at run time (`cpick_vector_level`).
//
// Under AVX-512 an item is read sixty-four bytes at a time through a masked
// load, whose lanes past the item read nothing: a path of sixty bytes is
// one load and one comparison per case, where the baseline takes four
// blocks and the shifts of the last one. Both builds weigh an occurrence
// through `cpick_single_bonuses`, filled once a run.
#include "cpick_single.h"
#include "cpick_wide.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

/// The loop of `cpick_rank_single_ascii` in a function with `run`,
/// `rules`, `compact` and `written`, where `SCAN(item, length, rules,
/// bonuses, found)` scans an item's own bytes. A macro, not an inlined
/// function: the AVX-512 scan may only be called from a function built for
/// it. The rules and the run are copied first, so the compiler can keep
/// them in registers: through the pointers it would load every field again
/// after each key written.
#define CPICK_RANK_SINGLE_LOOP(SCAN)                                                                        \
  const cpick_single_rules r = *rules;                                                                     \
  const cpick_item_run items = *run;                                                                       \
  cpick_single_bonuses bonuses;                                                                            \
  cpick_single_bonuses_fill(&r, &bonuses);                                                                 \
  size_t n = 0;                                                                                            \
  size_t k = 0;                                                                                            \
  for (; k < items.count; k++) {                                                                           \
    size_t length;                                                                                         \
    const uint8_t *item = cpick_item_run_item(&items, k, &length);                                         \
    cpick_single_scan found;                                                                               \
    if (!SCAN(item, length, &r, &bonuses, &found) &&                                                       \
        !(compact && cpick_scan_single_compact(item, length, &r, &bonuses, compact, &found)))              \
      break;                                                                                               \
    if (found.best_at < 0) continue;                                                                       \
    int32_t score = items.match_score + found.best_bonus * items.multiplier;                               \
    uint64_t field = 0xFFFF - (uint64_t)(score < 0 ? 0 : score > 0xFFFF ? 0xFFFF : score);                 \
    items.keys[n++] = cpick_item_run_key(&items, k, field, (uint64_t)found.trimmed_length);                \
  }                                                                                                        \
  *written = n;                                                                                            \
  return k;

/// The baseline scan of an item's own bytes, weighing through `bonuses`.
__attribute__((always_inline)) static inline int cpick_scan_single_own(
  const uint8_t *bytes, size_t count, const cpick_single_rules *rules, const cpick_single_bonuses *bonuses,
  cpick_single_scan *out) {
  return cpick_scan_single_with(bytes, count, rules, 0, bonuses, out);
}

static size_t cpick_rank_single_baseline(
  const cpick_item_run *run, const cpick_single_rules *rules, const cpick_compact_target *compact,
  size_t *written) {
  CPICK_RANK_SINGLE_LOOP(cpick_scan_single_own)
}

#if defined(__x86_64__)
/// `cpick_scan_single_ascii` of an item's own bytes, sixty-four at a time:
/// the same answer (`RankerRunKeysTests`).
__attribute__((always_inline, target("avx512f,avx512bw"))) static inline int cpick_scan_single_masked(
  const uint8_t *bytes, size_t count, const cpick_single_rules *rules, const cpick_single_bonuses *bonuses,
  cpick_single_scan *out) {
  cpick_single_scan best = {-1, -1, 0};
  const __m512i lower = _mm512_set1_epi8((char)rules->lower);
  const __m512i upper = _mm512_set1_epi8((char)rules->upper);
  for (size_t offset = 0; offset < count; offset += 64) {
    size_t left = count - offset;
    __mmask64 valid = left >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << left) - 1);
    __m512i block = _mm512_maskz_loadu_epi8(valid, bytes + offset);
    // Lanes past the item are zero: only the item's own bytes can be 0x80 or more.
    if (_mm512_movepi8_mask(block)) return 0;
    uint64_t hits = _mm512_mask_cmpeq_epi8_mask(valid, block, lower) | _mm512_mask_cmpeq_epi8_mask(valid, block, upper);
    cpick_single_weigh_tabled(bytes, offset, hits, rules->lower, rules->prefers_last, bonuses, &best);
  }
  best.trimmed_length = (int64_t)cpick_trimmed_length(bytes, count, rules->classes);
  *out = best;
  return 1;
}

__attribute__((target("avx512f,avx512bw"))) static size_t cpick_rank_single_avx512(
  const cpick_item_run *run, const cpick_single_rules *rules, const cpick_compact_target *compact,
  size_t *written) {
  CPICK_RANK_SINGLE_LOOP(cpick_scan_single_masked)
}
#endif

size_t cpick_rank_single_ascii(
  int level, const cpick_item_run *run, const cpick_single_rules *rules, const cpick_compact_target *compact,
  size_t *written) {
#if defined(__x86_64__)
  if (cpick_vector_level(level) == 2) return cpick_rank_single_avx512(run, rules, compact, written);
#endif
  return cpick_rank_single_baseline(run, rules, compact, written);
}
