// Which of the scans built once per instruction set this processor runs
// (`cpick_skip.c`, `cpick_terms.c`): asked of the processor (`cpuid`), so
// that a binary built for the baseline uses what the machine it runs on has.
#include "cpick_wide.h"

int cpick_vector_level(void) {
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512f")) return 2;
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt")) return 1;
#endif
  return 0;
}
