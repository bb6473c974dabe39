#define _GNU_SOURCE
#include "cpick_thread.h"
#include <errno.h>
#include <sched.h>
#include <stdlib.h>

/// What the new thread needs before it runs `start`: the set to widen to.
struct cpick_thread_launch {
  void *(*start)(void *);
  void *context;
  cpu_set_t everywhere;
  int widens;
};

static void *cpick_thread_trampoline(void *raw) {
  struct cpick_thread_launch launch = *(struct cpick_thread_launch *)raw;
  free(raw);
  // A failure leaves the thread on the other processors: slower to balance, never wrong.
  if (launch.widens) (void)pthread_setaffinity_np(pthread_self(), sizeof launch.everywhere, &launch.everywhere);
  return launch.start(launch.context);
}

/// Narrows `attributes` to the caller's set less the caller's processor;
/// returns whether it did.
static int cpick_place_elsewhere(pthread_attr_t *attributes, const cpu_set_t *everywhere) {
  int here = sched_getcpu();
  if (here < 0 || here >= CPU_SETSIZE) return 0;
  cpu_set_t elsewhere = *everywhere;
  CPU_CLR(here, &elsewhere);
  if (CPU_COUNT(&elsewhere) == 0) return 0;
  return pthread_attr_setaffinity_np(attributes, sizeof elsewhere, &elsewhere) == 0;
}

int cpick_thread_start(pthread_t *thread, void *(*start)(void *), void *context) {
  struct cpick_thread_launch *launch = malloc(sizeof *launch);
  if (launch == NULL) return EAGAIN;
  launch->start = start;
  launch->context = context;
  launch->widens = 0;
  pthread_attr_t attributes;
  int placed = pthread_attr_init(&attributes) == 0;
  if (placed && sched_getaffinity(0, sizeof launch->everywhere, &launch->everywhere) == 0) {
    launch->widens = cpick_place_elsewhere(&attributes, &launch->everywhere);
  }
  int status = pthread_create(thread, placed ? &attributes : NULL, cpick_thread_trampoline, launch);
  if (placed) pthread_attr_destroy(&attributes);
  if (status != 0) free(launch);
  return status;
}

int cpick_allowed_processors(void) {
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return 0;
  return CPU_COUNT(&allowed);
}
