// Mapping a regular file into the item arena, and surviving its truncation.
// See Docs/Design.md, "A regular file is mapped, not read".
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "CPick.h"

int cpick_map_file_over(void *address, size_t length, int fd, off_t offset) {
  void *p = mmap(address, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED, fd, offset);
  return p == MAP_FAILED ? -1 : 0;
}

int cpick_reserve_over(void *address, size_t length) {
  void *p = mmap(address, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED,
                 -1, 0);
  return p == MAP_FAILED ? -1 : 0;
}

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

size_t cpick_count_byte(const unsigned char *bytes, size_t count, unsigned char byte) {
  size_t total = 0;
  size_t i = 0;
#if defined(__SSE2__)
  // 16 bytes a step: each match subtracts -1 from its lane's byte counter,
  // which is summed (psadbw) before it can pass 255.
  const __m128i needle = _mm_set1_epi8((char)byte);
  while (count - i >= 16) {
    size_t steps = (count - i) / 16;
    if (steps > 255) steps = 255;
    __m128i counters = _mm_setzero_si128();
    for (size_t step = 0; step < steps; step++, i += 16) {
      __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + i));
      counters = _mm_sub_epi8(counters, _mm_cmpeq_epi8(chunk, needle));
    }
    __m128i sums = _mm_sad_epu8(counters, _mm_setzero_si128());
    total += (size_t)_mm_cvtsi128_si64(sums) + (size_t)_mm_extract_epi16(sums, 4);
  }
#endif
  for (; i < count; i++) total += bytes[i] == byte;
  return total;
}

// The guarded ranges: a slot is free while its end is 0. A slot's base is
// written before its end, and its end cleared before it is reused, so the
// handler never sees a half-written range.
#define GUARD_SLOTS 8
static uintptr_t guard_bases[GUARD_SLOTS];
static uintptr_t guard_ends[GUARD_SLOTS];
static volatile sig_atomic_t guard_faulted = 0;
static struct sigaction guard_previous;
static int guard_installed = 0;

static uintptr_t page_size(void) { return (uintptr_t)sysconf(_SC_PAGESIZE); }

static void on_bus_error(int signal, siginfo_t *info, void *context) {
  (void)context;
  uintptr_t address = (uintptr_t)info->si_addr;
  for (int i = 0; i < GUARD_SLOTS; i++) {
    uintptr_t end = __atomic_load_n(&guard_ends[i], __ATOMIC_ACQUIRE);
    uintptr_t base = __atomic_load_n(&guard_bases[i], __ATOMIC_ACQUIRE);
    if (end == 0 || address < base || address >= end) continue;
    // The file shrank under the mapping: from this page on it reads as zeros.
    uintptr_t first = address & ~(page_size() - 1);
    void *p = mmap((void *)first, end - first, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    if (p != MAP_FAILED) {
      guard_faulted = 1;
      return;  // The faulting instruction runs again, on the zero page.
    }
  }
  // Not ours: whatever handled SIGBUS before does, once the fault recurs.
  (void)sigaction(signal, &guard_previous, NULL);
}

static int install_guard(void) {
  int expected = 0;
  if (!__atomic_compare_exchange_n(&guard_installed, &expected, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
    return 0;
  }
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = on_bus_error;
  action.sa_flags = SA_SIGINFO | SA_NODEFER;
  sigemptyset(&action.sa_mask);
  return sigaction(SIGBUS, &action, &guard_previous);
}

int cpick_guard_mapping(void *base, size_t length) {
  uintptr_t end = ((uintptr_t)base + length + page_size() - 1) & ~(page_size() - 1);
  for (int i = 0; i < GUARD_SLOTS; i++) {
    uintptr_t expected = 0;
    // Claim the slot by its base (0 when free), then publish the end.
    if (__atomic_compare_exchange_n(&guard_bases[i], &expected, (uintptr_t)base, 0, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE)) {
      __atomic_store_n(&guard_ends[i], end, __ATOMIC_RELEASE);
      return install_guard();
    }
  }
  errno = ENOSPC;
  return -1;
}

void cpick_unguard_mapping(void *base) {
  for (int i = 0; i < GUARD_SLOTS; i++) {
    if (__atomic_load_n(&guard_bases[i], __ATOMIC_ACQUIRE) == (uintptr_t)base) {
      __atomic_store_n(&guard_ends[i], 0, __ATOMIC_RELEASE);
      __atomic_store_n(&guard_bases[i], 0, __ATOMIC_RELEASE);
      return;
    }
  }
}

int cpick_mapping_faulted(void) { return guard_faulted; }
