#define _GNU_SOURCE
#include "CPick.h"
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>

void *cpick_memmem(const void *haystack, size_t haystack_len, const void *needle, size_t needle_len) {
  return memmem(haystack, haystack_len, needle, needle_len);
}

void *cpick_memrchr(const void *s, int c, size_t n) { return memrchr(s, c, n); }

int cpick_set_pipe_size(int fd, int size) { return fcntl(fd, F_SETPIPE_SZ, size); }

void cpick_advise_hugepage(void *addr, size_t len) {
#ifdef MADV_HUGEPAGE
  (void)madvise(addr, len, MADV_HUGEPAGE);
#endif
}

void *cpick_reserve(size_t size) {
  void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

void cpick_release(void *addr, size_t size) { munmap(addr, size); }
