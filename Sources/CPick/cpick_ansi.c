// Stripping escape sequences from whole items (`cpick_ansi.h` says how
// the sequences of a block are found).
//
// Once a block's mask of text bytes is known, the text is copied in one of
// two ways. Portable: run by run (`cpick_ansi_runs`), a branch per run. On
// x86-64 with SSSE3 and POPCNT (every x86-64 processor since about 2011,
// checked at run time): the block is compacted eight bytes at a time, a
// byte shuffle whose pattern is looked up by the eight bits of the mask, so
// a block costs the same whatever number of runs it holds. On `ls --color`
// output at its densest (a sequence every five bytes) that strips in about
// two thirds of the time; the compiler's baseline target has no POPCNT, and
// the bit count the masks need (`__builtin_popcountll`) was itself a loop
// of a dozen instructions there.
#include <stdint.h>
#include <string.h>
#include <pthread.h>
#include "CPick.h"
#if defined(__x86_64__)
#include <cpuid.h>
#include <tmmintrin.h>
#endif

/// The last bytes, or all bytes after `read` that the block loop left:
/// one sequence at a time. `read` and `written` as the block loop left them.
static inline size_t cpick_ansi_rest(const uint8_t *bytes, size_t count, uint8_t *out, uint8_t separator,
                                     size_t read, size_t written) {
  int in_place = out == bytes;
  while (read < count) {
    if (!in_place && read + 16 <= count) {
      // Each block of sixteen stored whole, the output moved on to its
      // first ESC (`written <= read`: nothing is written past `count`).
      cpick_fuzzy_u8x16 block;
      memcpy(&block, bytes + read, 16);
      memcpy(out + written, &block, 16);
      uint32_t mask = cpick_fuzzy_hits(block, 0x1B, 0x1B);
      size_t text = mask ? (size_t)__builtin_ctz(mask) : 16;
      read += text;
      written += text;
      if (!mask) continue;
    } else {
      // The last bytes, or in place: the text copied exactly.
      size_t text = cpick_fuzzy_find(bytes, read, count, 0x1B, 0x1B) - read;
      memmove(out + written, bytes + read, text);
      read += text;
      written += text;
      if (read >= count) break;
    }
    read = cpick_ansi_skip(bytes, read + 1, count, separator);
  }
  return written;
}

/// Whether a block's text may be copied as whole 64-byte stores: the loads
/// stay within `count` 128 bytes before it, and in place the output is 64
/// bytes behind, so that nothing unread is overwritten.
static inline int cpick_ansi_fast(size_t read, size_t written, size_t count, int in_place) {
  return read + 128 <= count && (!in_place || read - written >= 64);
}

/// `cpick_ansi_visible` copying run by run, on any processor (declared in
/// `cpick_ansi.h`). `cpick_ansi_visible_compact` repeats its loop: the two
/// differ in the copy and in what the compiler may use, and a shared step
/// taking the block's state by pointer measured 10 % slower on `grep
/// --color` output (Performance.md, "--ansi").
size_t cpick_ansi_visible_by_runs(const uint8_t *bytes, size_t count, uint8_t *out, uint8_t separator) {
  int in_place = out == bytes;
  size_t read = 0;
  size_t written = 0;
  while (read + 64 <= count) {
    size_t limit;
    uint64_t taken = cpick_ansi_sequences(bytes + read, &limit);
    if (limit == 0) {
      read = cpick_ansi_skip(bytes, read + 1, count, separator);
      continue;
    }
    uint64_t kept = ~taken & (limit < 64 ? ((uint64_t)1 << limit) - 1 : ~(uint64_t)0);
    int fast = cpick_ansi_fast(read, written, count, in_place);
    written = cpick_ansi_runs(bytes + read, kept, out, written, fast, in_place ? NULL : bytes + count, limit);
    read += limit;
  }
  return cpick_ansi_rest(bytes, count, out, separator, read, written);
}

#if defined(__x86_64__)
/// For each byte value `m`, the shuffle that moves the bytes whose bits
/// are set in `m` to the front of eight, in order; 0x80 (a zero) after.
static uint64_t cpick_ansi_compactions[256];
static int cpick_ansi_compacts;
static pthread_once_t cpick_ansi_once = PTHREAD_ONCE_INIT;

static void cpick_ansi_prepare(void) {
  unsigned a, b, c, d;
  cpick_ansi_compacts = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSSE3) && (c & bit_POPCNT);
  for (unsigned m = 0; m < 256; m++) {
    uint8_t lanes[8];
    unsigned k = 0;
    for (unsigned i = 0; i < 8; i++)
      if (m >> i & 1) lanes[k++] = (uint8_t)i;
    while (k < 8) lanes[k++] = 0x80;
    memcpy(&cpick_ansi_compactions[m], lanes, 8);
  }
}

/// Copies the bytes that `kept` marks among the 64 at `from` to `out`,
/// in order, as eight stores of eight bytes; returns how many. Writes at
/// most the 64 bytes at `out`, all loads made before any store.
__attribute__((target("ssse3,popcnt"), always_inline)) static inline size_t
cpick_ansi_compact(const uint8_t *from, uint64_t kept, uint8_t *out) {
  __m128i blocks[4];
  for (int k = 0; k < 4; k++) blocks[k] = _mm_loadu_si128((const __m128i *)(from + 16 * k));
  size_t written = 0;
  for (int k = 0; k < 4; k++) {
    unsigned low = (unsigned)(kept >> (16 * k)) & 0xFF;
    unsigned high = (unsigned)(kept >> (16 * k + 8)) & 0xFF;
    // The high eight lanes: the same shuffle, each index past the low eight.
    __m128i first = _mm_cvtsi64_si128((long long)cpick_ansi_compactions[low]);
    __m128i second = _mm_cvtsi64_si128((long long)(cpick_ansi_compactions[high] | 0x0808080808080808u));
    _mm_storel_epi64((__m128i *)(out + written), _mm_shuffle_epi8(blocks[k], first));
    written += (size_t)__builtin_popcount(low);
    _mm_storel_epi64((__m128i *)(out + written), _mm_shuffle_epi8(blocks[k], second));
    written += (size_t)__builtin_popcount(high);
  }
  return written;
}

/// `cpick_ansi_visible` compacting each block with byte shuffles where a
/// block may be written whole, run by run elsewhere.
__attribute__((target("ssse3,popcnt"))) static size_t
cpick_ansi_visible_compact(const uint8_t *bytes, size_t count, uint8_t *out, uint8_t separator) {
  int in_place = out == bytes;
  size_t read = 0;
  size_t written = 0;
  while (read + 64 <= count) {
    size_t limit;
    uint64_t taken = cpick_ansi_sequences(bytes + read, &limit);
    if (limit == 0) {
      read = cpick_ansi_skip(bytes, read + 1, count, separator);
      continue;
    }
    uint64_t kept = ~taken & (limit < 64 ? ((uint64_t)1 << limit) - 1 : ~(uint64_t)0);
    if (cpick_ansi_fast(read, written, count, in_place)) {
      written += cpick_ansi_compact(bytes + read, kept, out + written);
    } else {
      written = cpick_ansi_runs(bytes + read, kept, out, written, 0, in_place ? NULL : bytes + count, limit);
    }
    read += limit;
  }
  return cpick_ansi_rest(bytes, count, out, separator, read, written);
}
#endif

size_t cpick_ansi_visible(const uint8_t *bytes, size_t count, uint8_t *out, uint8_t separator) {
#if defined(__x86_64__)
  pthread_once(&cpick_ansi_once, cpick_ansi_prepare);
  if (cpick_ansi_compacts) return cpick_ansi_visible_compact(bytes, count, out, separator);
#endif
  return cpick_ansi_visible_by_runs(bytes, count, out, separator);
}
