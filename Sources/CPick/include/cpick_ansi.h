#ifndef CPICK_ANSI_H
#define CPICK_ANSI_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "cpick_fuzzy.h"

// The visible text of one item kept with its escape sequences (`--filter
// --ansi`: `VisibleText`), copied out sixteen bytes at a time.
//
// Coloured input has a sequence every few bytes (`ls --color` puts two
// around each name, `grep --color` ten on a line), so what costs is finding
// the next ESC and copying the text before it. Each block of sixteen is
// stored whole and the output moves on only to its first ESC: one
// comparison and one store per stretch of text, no branch per byte. With no
// colours to keep, a sequence is only skipped, and the grammar of
// `ANSIFilter` (ECMA-48) comes down to a few runs of byte ranges:
//
// | after ESC | skipped |
// |---|---|
// | `[` | bytes 0x20-0x3F, then a final 0x40-0x7E |
// | `]` `P` `X` `^` `_` | up to BEL, `ESC \` or the separator (text); another ESC starts a new escape |
// | 0x20-0x2F | more 0x20-0x2F, then a final 0x30-0x7E |
// | 0x30-0x7E | that byte |
//
// A byte that cannot continue a sequence ends it and is text (an ESC starts
// the next one); the item's end ends any sequence. `ANSIDeferredStrippingTests` and
// the ANSIFilter fuzz harness hold this equal to `ANSIFilter.filterItem`.

/// Where the text resumes after the escape sequence whose ESC is just
/// before `i` in `bytes[0 ..< count]`. `separator` (the items' separator)
/// ends a string sequence and is text, as it ends any other.
static inline size_t cpick_ansi_skip(const uint8_t *bytes, size_t i, size_t count, uint8_t separator) {
  for (;;) {
    if (i >= count) return count;
    uint8_t byte = bytes[i];
    if (byte == '[') {
      i++;
      while (i < count && (uint8_t)(bytes[i] - 0x20) < 0x20) i++;
      return i < count && (uint8_t)(bytes[i] - 0x40) < 0x3F ? i + 1 : i;
    }
    if (byte == ']' || byte == 'P' || byte == 'X' || byte == '^' || byte == '_') {
      i++;
      while (i < count && bytes[i] != 0x07 && bytes[i] != 0x1B && bytes[i] != separator) i++;
      if (i >= count) return count;
      if (bytes[i] == separator) return i;
      if (bytes[i] == 0x07) return i + 1;
      if (i + 1 < count && bytes[i + 1] == '\\') return i + 2;
      // An ESC that does not end the string starts the next escape.
      i++;
      continue;
    }
    if ((uint8_t)(byte - 0x20) < 0x10) {
      i++;
      while (i < count && (uint8_t)(bytes[i] - 0x20) < 0x10) i++;
      return i < count && (uint8_t)(bytes[i] - 0x30) < 0x4F ? i + 1 : i;
    }
    return (uint8_t)(byte - 0x30) < 0x4F ? i + 1 : i;
  }
}

/// Copies the visible bytes of the `count` bytes at `bytes` to `out`, which
/// must not overlap them and has room for `count`; returns how many there
/// are. The bytes are whole items, each ended by `separator` (but perhaps
/// the last), or one item without it.
static inline size_t cpick_ansi_visible(const uint8_t *bytes, size_t count, uint8_t *out, uint8_t separator) {
  size_t read = 0;
  size_t written = 0;
  while (read < count) {
    // Nothing is read or written past `count`: `written <= read`.
    if (read + 16 <= count) {
      cpick_fuzzy_u8x16 block;
      memcpy(&block, bytes + read, 16);
      memcpy(out + written, &block, 16);
      uint32_t mask = cpick_fuzzy_hits(block, 0x1B, 0x1B);
      if (mask == 0) {
        read += 16;
        written += 16;
        continue;
      }
      size_t text = (size_t)__builtin_ctz(mask);
      read += text;
      written += text;
    } else {
      // The last bytes: the next ESC (or none) found without reading past
      // `count`, and the text copied exactly, so nothing is written past
      // the visible bytes.
      size_t text = cpick_fuzzy_find(bytes, read, count, 0x1B, 0x1B) - read;
      memcpy(out + written, bytes + read, text);
      read += text;
      written += text;
      if (read >= count) break;
    }
    read = cpick_ansi_skip(bytes, read + 1, count, separator);
  }
  return written;
}

#endif
