// The masks of the alignment over masks (`cpick_fuzzy_masks`) under
// AVX-512, chosen at run time (`cpick_vector_level`).
//
// An item is read sixty-four bytes at a time through a masked load, whose
// lanes past the item read nothing, and each row's word is one comparison
// into a mask register: a line of a shell history is one load and one
// comparison a row, where the baseline takes up to four blocks, their
// shifts and a move of each block's bits out of a vector register.
#include "cpick_fuzzy.h"
#include "cpick_wide.h"

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx512f,avx512bw"))) static void cpick_fuzzy_masks_avx512(
  const uint8_t *text, size_t n, const uint32_t *pattern, size_t m, int case_sensitive, uint64_t *masks,
  size_t words, uint64_t *quiet) {
  // Each row's byte, whether it ignores case, and which bits it keeps.
  uint8_t lowers[64];
  int folds[64];
  uint64_t keeps[64];
  for (size_t i = 0; i < m; i++) {
    keeps[i] = cpick_fuzzy_mask_row(pattern[i], case_sensitive, &lowers[i], &folds[i]) ? ~(uint64_t)0 : 0;
  }
  const __m512i case_bit = _mm512_set1_epi8(0x20);
  // The word characters of the word before (`cpick_fuzzy_quiet`), bit 63 next.
  uint64_t lowers_before = 0, uppers_before = 0, digits_before = 0;
  for (size_t w = 0; w < words; w++) {
    size_t k = w * 64;
    // The lanes past `n` load zeros, which could equal a NUL unit: they keep no bit.
    uint64_t valid = n - k >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << (n - k)) - 1;
    __m512i block = _mm512_maskz_loadu_epi8(valid, text + k);
    __m512i folded = _mm512_or_si512(block, case_bit);
    for (size_t i = 0; i < m; i++) {
      __m512i wanted = _mm512_set1_epi8((char)lowers[i]);
      uint64_t hits = _mm512_cmpeq_epi8_mask(folds[i] ? folded : block, wanted);
      masks[i * words + w] = hits & valid & keeps[i];
    }
    if (quiet) {
      uint64_t lower = _mm512_cmplt_epu8_mask(_mm512_sub_epi8(block, _mm512_set1_epi8('a')), _mm512_set1_epi8(26));
      uint64_t upper = _mm512_cmplt_epu8_mask(_mm512_sub_epi8(block, _mm512_set1_epi8('A')), _mm512_set1_epi8(26));
      uint64_t digit = _mm512_cmplt_epu8_mask(_mm512_sub_epi8(block, _mm512_set1_epi8('0')), _mm512_set1_epi8(10));
      uint64_t lower_at = lower << 1 | lowers_before >> 63, upper_at = upper << 1 | uppers_before >> 63;
      uint64_t digit_at = digit << 1 | digits_before >> 63;
      quiet[w] = (lower & (lower_at | upper_at | digit_at) | upper & (upper_at | digit_at) | digit & digit_at) & valid;
      lowers_before = lower;
      uppers_before = upper;
      digits_before = digit;
    }
  }
}
#endif

void cpick_fuzzy_masks_at(
  int level, const uint8_t *text, size_t n, const uint32_t *pattern, size_t m, int case_sensitive,
  uint64_t *masks, size_t words, uint64_t *quiet) {
#if defined(__x86_64__)
  if (cpick_vector_level(level) == 2) {
    cpick_fuzzy_masks_avx512(text, n, pattern, m, case_sensitive, masks, words, quiet);
    return;
  }
#endif
  cpick_fuzzy_masks(text, n, pattern, m, case_sensitive, masks, words);
  if (quiet) cpick_fuzzy_quiet(text, n, quiet, words);
}

int cpick_fuzzy_masks_are_wide(void) {
#if defined(__x86_64__)
  return cpick_vector_level(-1) == 2;
#else
  return 0;
#endif
}
