// The ranker's skip to an item's candidate byte, sixty-four bytes a step.
//
// The rule is `cpick_filter_hits` itself, defined here for vectors of
// sixty-four bytes (`CPICK_DEFINE_FILTER_HITS`), so the two widths cannot
// disagree. A block is judged whole only when the two bytes after it are
// readable (a lead byte's next byte, a fullwidth form's third), and the
// rest goes to the sixteen-byte scan, which then sees the same blocks, at
// the same distances from the end, as it would have alone.
#include "cpick_skip.h"
#include "cpick_scan.h"
#include "cpick_wide.h"

__attribute__((always_inline)) static inline size_t cpick_skip_run(const uint8_t *bytes, size_t count,
                                                                   const uint8_t wanted[4], int fold_leads) {
  size_t offset = 0;
  while (offset + 66 <= count) {
    uint64_t hits = cpick_filter_hits64(bytes, offset, count, wanted, fold_leads);
    if (hits) return offset + (size_t)__builtin_ctzll(hits);
    offset += 64;
  }
  return offset + cpick_next_candidate_narrow(bytes + offset, count - offset, wanted, fold_leads);
}

static size_t cpick_skip_baseline(const uint8_t *bytes, size_t count, const uint8_t wanted[4], int fold_leads) {
  return cpick_skip_run(bytes, count, wanted, fold_leads);
}

#if defined(__x86_64__)
__attribute__((target("avx2,bmi"))) static size_t cpick_skip_avx2(const uint8_t *bytes, size_t count,
                                                                    const uint8_t wanted[4], int fold_leads) {
  return cpick_skip_run(bytes, count, wanted, fold_leads);
}

__attribute__((target("avx512f,avx512bw,bmi"))) static size_t cpick_skip_avx512(const uint8_t *bytes, size_t count,
                                                                                  const uint8_t wanted[4],
                                                                                  int fold_leads) {
  return cpick_skip_run(bytes, count, wanted, fold_leads);
}
#endif

typedef size_t (*cpick_skip_function)(const uint8_t *, size_t, const uint8_t[4], int);

static cpick_skip_function cpick_skip_for(int level) {
  level = cpick_vector_level(level);
#if defined(__x86_64__)
  if (level == 2) return cpick_skip_avx512;
  if (level == 1) return cpick_skip_avx2;
#endif
  return cpick_skip_baseline;
}

size_t cpick_next_candidate_at(int level, const uint8_t *bytes, size_t count, const uint8_t wanted[4],
                               int fold_leads) {
  return cpick_skip_for(level)(bytes, count, wanted, fold_leads);
}

size_t cpick_next_candidate_wide(const uint8_t *bytes, size_t count, const uint8_t wanted[4], int fold_leads) {
  return cpick_skip_for(-1)(bytes, count, wanted, fold_leads);
}
