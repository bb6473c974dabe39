#ifndef CPICK_THREAD_H
#define CPICK_THREAD_H
#include <pthread.h>

/// pthread_create(3) for pick's own threads, started on another processor
/// than the caller's when the caller may run on more than one.
///
/// Linux often queues a new thread on its creator's processor, behind the
/// creator, when the other processors are idle: the thread then waits
/// until the creator blocks or the balancer moves it, 1-3 ms measured on a
/// two-core virtual machine while the creator works on (Docs/Design.md,
/// "Threads"). That is most of a search over a small input. So the thread
/// is created allowed on every processor of the caller's set but the
/// caller's own, which wakes one of them for it at once, and it widens
/// its set back to the caller's whole set as it starts, before `start`
/// runs, so the system may move it anywhere later. Where the set cannot be
/// read or holds the caller's processor alone, this is pthread_create.
int cpick_thread_start(pthread_t *thread, void *(*start)(void *), void *context);

/// How many processors the calling thread may run on (its affinity set,
/// which `taskset` and container limits narrow), or 0 when the set cannot
/// be read.
int cpick_allowed_processors(void);

#endif
