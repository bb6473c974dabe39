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
