// Which of the scans built once per instruction set this processor runs
// (`cpick_skip.c`, `cpick_terms.c`, `cpick_single.c`): what the processor and the kernel
// allow, so that a binary built for the baseline uses what the machine it
// runs on has.
#include "cpick_wide.h"

#if defined(__x86_64__) && __has_include(<sys/platform/x86.h>)
#include <sys/platform/x86.h>
#define CPICK_HAS(glibc_name, gcc_name) CPU_FEATURE_ACTIVE(glibc_name)
#elif defined(__x86_64__)
// A C library older than glibc 2.33: GCC's own detection.
#define CPICK_HAS(glibc_name, gcc_name) __builtin_cpu_supports(gcc_name)
#endif

/// What the processor reports, asked once: the bit scan asks for every
/// ranker task. The C library has asked the processor already, before
/// `main` (`CPU_FEATURE_ACTIVE`: present, and its registers saved by the
/// kernel). GCC's `__builtin_cpu_supports` would link libgcc's own
/// detection, which asks again at every start: about 0.08 ms of `cpuid`
/// on a virtual machine, for every run of pick (Docs/Performance.md).
static int cpick_vector_detect(void) {
#if defined(__x86_64__)
  if (CPICK_HAS(AVX512BW, "avx512bw") && CPICK_HAS(AVX512F, "avx512f")) return 2;
  if (CPICK_HAS(AVX2, "avx2") && CPICK_HAS(POPCNT, "popcnt")) return 1;
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
