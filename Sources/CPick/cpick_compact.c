// The loop of `CompactText.transcode`: a non-ASCII item rewritten as one
// byte per character. See CompactText.swift for what the bytes mean.
//
// Runs of ASCII (most of a path, even one with a CJK component) are copied
// sixteen bytes a store: the block is stored whole, and the output moves on
// by the number of ASCII bytes before its first high byte. Each other
// character is decoded by the Unicode Standard's table of well-formed
// sequences (Table 3-7, as `UTF8Decoding`) and looked up in the table the
// Swift side fills, 256 characters at a time, on demand. When accents are
// folded, a combining mark right after a Latin letter is dropped, as the
// general path drops it, and where is noted for the Swift side.
#include <stdint.h>
#include <string.h>
#include "CPick.h"

typedef uint8_t cpick_compact_u8x16 __attribute__((ext_vector_type(16)));
typedef int8_t cpick_compact_i8x16 __attribute__((ext_vector_type(16)));
typedef _Bool cpick_compact_b16 __attribute__((ext_vector_type(16)));

/// The length (2-4) of the well-formed sequence at `p`, whose first byte is
/// not ASCII, or 0 when it is not one; reads at most `available` bytes.
static inline size_t cpick_compact_sequence(const uint8_t *p, size_t available) {
  uint8_t lead = p[0];
  if (lead >= 0xC2 && lead <= 0xDF) {
    return available >= 2 && (p[1] & 0xC0) == 0x80 ? 2 : 0;
  }
  if (lead >= 0xE0 && lead <= 0xEF) {
    uint8_t low = lead == 0xE0 ? 0xA0 : 0x80;
    uint8_t high = lead == 0xED ? 0x9F : 0xBF;
    return available >= 3 && p[1] >= low && p[1] <= high && (p[2] & 0xC0) == 0x80 ? 3 : 0;
  }
  if (lead >= 0xF0 && lead <= 0xF4) {
    uint8_t low = lead == 0xF0 ? 0x90 : 0x80;
    uint8_t high = lead == 0xF4 ? 0x8F : 0xBF;
    return available >= 4 && p[1] >= low && p[1] <= high && (p[2] & 0xC0) == 0x80 && (p[3] & 0xC0) == 0x80
             ? 4
             : 0;
  }
  return 0;
}

static inline uint32_t cpick_compact_scalar(const uint8_t *p, size_t length) {
  switch (length) {
  case 2: return (uint32_t)(p[0] & 0x1F) << 6 | (p[1] & 0x3F);
  case 3: return (uint32_t)(p[0] & 0x0F) << 12 | (uint32_t)(p[1] & 0x3F) << 6 | (p[2] & 0x3F);
  default:
    return (uint32_t)(p[0] & 0x07) << 18 | (uint32_t)(p[1] & 0x3F) << 12 | (uint32_t)(p[2] & 0x3F) << 6 |
           (p[3] & 0x3F);
  }
}

int64_t cpick_compact_transcode(
  const uint8_t *bytes, size_t count, uint8_t *out, const uint8_t *byte_of, uint32_t cached_units,
  uint8_t invalid, const uint8_t *latin_letters, uint32_t latin_count, int32_t *drops, size_t *drop_count) {
  size_t i = 0, j = 0, dropped = 0;
  // The last character that was not ASCII (none: past every Latin letter);
  // an ASCII character before the current one is read from the bytes.
  uint32_t last_wide = UINT32_MAX;
  while (i < count) {
    if (i + 16 <= count) {
      cpick_compact_u8x16 block;
      memcpy(&block, bytes + i, 16);
      // `j <= i`, so the sixteen bytes fit in the output's `count`.
      memcpy(out + j, &block, 16);
      cpick_compact_b16 high = __builtin_convertvector((cpick_compact_i8x16)block < 0, cpick_compact_b16);
      uint16_t mask;
      memcpy(&mask, &high, sizeof mask);
      if (mask == 0) {
        i += 16;
        j += 16;
        continue;
      }
      unsigned ascii = (unsigned)__builtin_ctz(mask);
      i += ascii;
      j += ascii;
    } else if (bytes[i] < 0x80) {
      out[j++] = bytes[i++];
      continue;
    }
    uint32_t previous = i > 0 && bytes[i - 1] < 0x80 ? bytes[i - 1] : last_wide;
    size_t length = cpick_compact_sequence(bytes + i, count - i);
    if (length == 0) {
      out[j++] = invalid;
      last_wide = UINT32_MAX;
      i++;
      continue;
    }
    uint32_t unit = cpick_compact_scalar(bytes + i, length);
    if (unit >= cached_units) return CPICK_COMPACT_UNCACHED;
    uint8_t byte = byte_of[unit];
    if (byte == 0) return CPICK_COMPACT_BLOCK_NEEDED - (int64_t)unit;
    if (byte == 0x80) return CPICK_COMPACT_UNFAITHFUL;
    last_wide = unit;
    i += length;
    if (byte == CPICK_COMPACT_MARK) {
      if (previous < latin_count && latin_letters[previous]) {
        drops[dropped++] = (int32_t)j;
        continue;
      }
      byte = invalid;
    }
    out[j++] = byte;
  }
  *drop_count = dropped;
  return (int64_t)j;
}
