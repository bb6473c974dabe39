#ifndef CPICK_H
#define CPICK_H
#include <stddef.h>
#include <sys/types.h>

/// memmem(3): glibc declares it only under _GNU_SOURCE, which Swift's Glibc module does not set.
void *cpick_memmem(const void *haystack, size_t haystack_len, const void *needle, size_t needle_len);
/// memrchr(3), for the same reason.
void *cpick_memrchr(const void *s, int c, size_t n);
/// Grows a pipe's buffer (F_SETPIPE_SZ is _GNU_SOURCE only). Returns -1 on failure.
int cpick_set_pipe_size(int fd, int size);
/// madvise(MADV_HUGEPAGE) where the kernel supports it; errors ignored.
void cpick_advise_hugepage(void *addr, size_t len);



/// Reserves `size` bytes of address space, readable and writable, committed
/// lazily by the kernel (MAP_NORESERVE). Returns NULL on failure.
void *cpick_reserve(size_t size);
/// Gives a reservation back.
void cpick_release(void *addr, size_t size);
/// Asks the processor to start loading `address` into the cache (printing
/// results in score order reads the items at random; this hides the misses).
static inline void cpick_prefetch(const void *address) { __builtin_prefetch(address, 0, 0); }

#endif
