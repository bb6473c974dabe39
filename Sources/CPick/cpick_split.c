// Splitting input into items: where the separators are, 64 bytes a step.
//
// The store used to call memchr once per item. On a shell history (28 bytes
// a line) the call's set-up cost more than its scan: splitting 1M lines was
// a third of a search that matched nothing. Here four 16-byte comparisons
// give a 64-bit mask of the separators in a block, and each set bit is one
// item start, found with a count of trailing zeros.

#include "CPick.h"
#include <string.h>

typedef uint8_t split_u8x16 __attribute__((ext_vector_type(16)));
typedef _Bool split_b16 __attribute__((ext_vector_type(16)));

/// One bit per byte of the 16 at `bytes` that equals `byte`.
static inline uint64_t split_mask16(const uint8_t *bytes, uint8_t byte) {
  split_u8x16 block;
  memcpy(&block, bytes, 16);
  split_b16 bits = __builtin_convertvector(block == byte, split_b16);
  uint16_t mask;
  memcpy(&mask, &bits, sizeof mask);
  return mask;
}

size_t cpick_separator_starts(
  const unsigned char *bytes, size_t count, unsigned char separator, uint32_t base, uint32_t *starts,
  size_t limit, size_t *scanned, int *non_ascii) {
  size_t written = 0;
  size_t i = 0;
  // Every byte's high bit, gathered for `non_ascii`: one OR a block.
  split_u8x16 high = 0;
  // Whole blocks while a block's separators cannot pass `limit`.
  while (count - i >= 64 && limit - written >= 64) {
    // A page ahead: the processor's own prefetch stops at the page's end.
    if (count - i > 4096) __builtin_prefetch(bytes + i + 4096);
    split_u8x16 blocks[4];
    memcpy(blocks, bytes + i, sizeof blocks);
    high |= blocks[0] | blocks[1] | blocks[2] | blocks[3];
    uint64_t mask = split_mask16(bytes + i, separator) | split_mask16(bytes + i + 16, separator) << 16 |
                    split_mask16(bytes + i + 32, separator) << 32 |
                    split_mask16(bytes + i + 48, separator) << 48;
    // Eight starts written whether or not there are eight (the room is
    // there, and what lies past `written` is overwritten or unused): one
    // hard-to-predict branch a block instead of one a separator.
    size_t found = (size_t)__builtin_popcountll(mask);
    uint32_t *out = starts + written;
    uint32_t at = base + (uint32_t)i + 1;
    for (int k = 0; k < 8; k++) {
      out[k] = at + (uint32_t)__builtin_ctzg(mask, 64);
      mask &= mask - 1;
    }
    for (size_t k = 8; k < found; k++) {
      out[k] = at + (uint32_t)__builtin_ctzg(mask, 64);
      mask &= mask - 1;
    }
    written += found;
    i += 64;
  }
  size_t blocks_end = i;
  // The rest (under a block, or the last separators before `limit`):
  // memchr, which also keeps a slice of a few long lines fast.
  while (i < count) {
    const unsigned char *hit = memchr(bytes + i, separator, count - i);
    if (!hit) {
      i = count;
      break;
    }
    size_t k = (size_t)(hit - bytes);
    if (written == limit) {
      i = k;
      break;
    }
    starts[written++] = base + (uint32_t)(k + 1);
    i = k + 1;
  }
  *scanned = i;
  uint8_t any = 0;
  for (int k = 0; k < 16; k++) any |= high[k];
  for (size_t k = blocks_end; k < i; k++) any |= bytes[k];
  if (any & 0x80) *non_ascii = 1;
  return written;
}
