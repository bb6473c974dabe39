// Which of the scans built once per instruction set this processor runs
// (`cpick_skip.c`, `cpick_terms.c`): asked of the processor (`cpuid`), so
// that a binary built for the baseline uses what the machine it runs on has.
#include "cpick_wide.h"

/// What the processor reports, asked once: the bit scan asks for every
/// ranker task.
static int cpick_vector_detect(void) {
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512f")) return 2;
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt")) return 1;
#endif
  return 0;
}

/// Threads that race to ask first store the same answer.
static int cpick_vector_known = -1;

int cpick_vector_level(int asked) {
  int best = __atomic_load_n(&cpick_vector_known, __ATOMIC_RELAXED);
  if (best < 0) {
    best = cpick_vector_detect();
    __atomic_store_n(&cpick_vector_known, best, __ATOMIC_RELAXED);
  }
  return asked < 0 || asked > best ? best : asked;
}
