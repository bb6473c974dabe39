#define _GNU_SOURCE
#include "CPick.h"
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <pthread.h>
#include <stdint.h>
#include <unistd.h>

void *cpick_memmem(const void *haystack, size_t haystack_len, const void *needle, size_t needle_len) {
  if (needle_len < 2 || needle_len > 16) return memmem(haystack, haystack_len, needle, needle_len);
  // The needles here are one character's UTF-8 bytes (a CJK character: three).
  // glibc's memmem read about 1 GB/s on them, a third of a search for `写真`.
  // Sixteen places a step: those where the needle's first and last bytes
  // both are, each then compared whole.
  const uint8_t *bytes = haystack;
  const uint8_t *want = needle;
  const uint8_t first = want[0], last = want[needle_len - 1];
  size_t k = 0;
  while (haystack_len - k >= needle_len + 15) {
    cpick_u8x16 head, tail;
    memcpy(&head, bytes + k, 16);
    memcpy(&tail, bytes + k + needle_len - 1, 16);
    cpick_b16 both = __builtin_convertvector((cpick_i8x16)(head == first) & (cpick_i8x16)(tail == last), cpick_b16);
    uint16_t mask;
    memcpy(&mask, &both, sizeof mask);
    for (uint32_t hits = mask; hits; hits &= hits - 1) {
      size_t at = k + (size_t)__builtin_ctz(hits);
      if (memcmp(bytes + at + 1, want + 1, needle_len - 2) == 0) return (void *)(bytes + at);
    }
    k += 16;
  }
  if (haystack_len - k < needle_len) return NULL;
  return memmem(bytes + k, haystack_len - k, needle, needle_len);
}

void *cpick_memrchr(const void *s, int c, size_t n) { return memrchr(s, c, n); }

int cpick_set_pipe_size(int fd, int size) { return fcntl(fd, F_SETPIPE_SZ, size); }

void cpick_advise_hugepage(void *addr, size_t len) {
#ifdef MADV_HUGEPAGE
  (void)madvise(addr, len, MADV_HUGEPAGE);
#endif
}

void cpick_advise_small_pages(void *addr, size_t len) {
#ifdef MADV_NOHUGEPAGE
  (void)madvise(addr, len, MADV_NOHUGEPAGE);
#endif
}

void *cpick_reserve(size_t size) {
  void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

void cpick_release(void *addr, size_t size) { munmap(addr, size); }

void cpick_discard(void *addr, size_t size) {
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t first = ((uintptr_t)addr + page - 1) & ~(page - 1);
  uintptr_t end = ((uintptr_t)addr + size) & ~(page - 1);
  if (end > first) (void)madvise((void *)first, end - first, MADV_DONTNEED);
}

#include <malloc.h>

void cpick_single_malloc_arena(void) { mallopt(M_ARENA_MAX, 1); }

#include <errno.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

int cpick_pipe2(int fds[2], int flags) { return pipe2(fds, flags); }

// MARK: - Child processes

int cpick_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
  return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
#else
  (void)actions;
  (void)lowest;
  return ENOSYS;
#endif
}

char **cpick_environment(void) { return environ; }

int cpick_window_size(int fd, int *rows, int *columns) {
  struct winsize size = {0};
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *rows = size.ws_row;
  *columns = size.ws_col;
  return 0;
}

int cpick_set_window_size(int fd, int rows, int columns) {
  struct winsize size = {0};
  size.ws_row = (unsigned short)rows;
  size.ws_col = (unsigned short)columns;
  return ioctl(fd, TIOCSWINSZ, &size);
}

// MARK: - The signal self-pipe

static volatile sig_atomic_t signal_pipe_write_end = -1;

static void on_signal(int signal) {
  int saved = errno;
  int fd = signal_pipe_write_end;
  if (fd >= 0) {
    unsigned char byte = (unsigned char)signal;
    // A full pipe (EAGAIN) is fine: the bytes already in it wake the reader.
    (void)write(fd, &byte, 1);
  }
  errno = saved;
}

void cpick_signal_pipe_set_write_end(int fd) { signal_pipe_write_end = fd; }

static int set_action(int signal, void (*handler)(int), int flags, struct sigaction *previous) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  action.sa_flags = flags;
  sigemptyset(&action.sa_mask);
  return sigaction(signal, &action, previous);
}

int cpick_signal_catch(int signal, struct sigaction *previous) {
  return set_action(signal, on_signal, SA_RESTART, previous);
}

int cpick_signal_default(int signal, struct sigaction *previous) { return set_action(signal, SIG_DFL, 0, previous); }

int cpick_signal_ignore(int signal, struct sigaction *previous) { return set_action(signal, SIG_IGN, 0, previous); }

int cpick_signal_restore(int signal, const struct sigaction *previous) { return sigaction(signal, previous, NULL); }

int cpick_signal_is_ignored(int signal) {
  struct sigaction current;
  if (sigaction(signal, NULL, &current) != 0) return 0;
  return !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN;
}

int cpick_block_outside_signals(sigset_t *previous) {
  sigset_t set;
  sigfillset(&set);
  // A fault raises these in the thread that made it: blocking them would not
  // stop them, it would only make the kernel kill pick without its handler.
  static const int raised_by_faults[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT, SIGSYS};
  for (size_t i = 0; i < sizeof raised_by_faults / sizeof raised_by_faults[0]; i++) {
    sigdelset(&set, raised_by_faults[i]);
  }
  return pthread_sigmask(SIG_BLOCK, &set, previous) == 0 ? 0 : -1;
}

int cpick_set_signal_mask(const sigset_t *mask) { return pthread_sigmask(SIG_SETMASK, mask, NULL) == 0 ? 0 : -1; }

int cpick_signal_unblock(int signal) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal);
  return pthread_sigmask(SIG_UNBLOCK, &set, NULL) == 0 ? 0 : -1;
}

// MARK: - Crash cleanup
//
// What the crash handler cleans up besides the terminal: the process groups
// of pick's children and the temporary files (`{f}`) made for them. Part of
// the crash-restore record (Docs/Design.md, Build), kept in C statics so that
// the handler reads them without calling anything that is not
// async-signal-safe.
//
// A slot is claimed with a compare-and-swap and published with a release
// store, so a signal that lands while a slot is being filled (on this thread
// or another) sees it either empty or whole, never half-written.

enum { slot_free = 0, slot_filling = 1, slot_ready = 2 };

static pid_t crash_groups[CPICK_CRASH_GROUPS_MAX];
static int crash_file_states[CPICK_CRASH_FILES_MAX];
static char crash_files[CPICK_CRASH_FILES_MAX][CPICK_CRASH_PATH_MAX];

int cpick_crash_note_group(pid_t group) {
  if (group <= 0) return -1;
  for (int i = 0; i < CPICK_CRASH_GROUPS_MAX; i++) {
    pid_t expected = 0;
    if (__atomic_compare_exchange_n(&crash_groups[i], &expected, group, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
      return 0;
    }
  }
  return -1;
}

void cpick_crash_forget_group(pid_t group) {
  if (group <= 0) return;
  for (int i = 0; i < CPICK_CRASH_GROUPS_MAX; i++) {
    pid_t expected = group;
    if (__atomic_compare_exchange_n(&crash_groups[i], &expected, 0, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
      return;
    }
  }
}

int cpick_crash_note_file(const char *path) {
  size_t length = strlen(path);
  if (length == 0 || length >= CPICK_CRASH_PATH_MAX) return -1;
  for (int i = 0; i < CPICK_CRASH_FILES_MAX; i++) {
    int expected = slot_free;
    if (!__atomic_compare_exchange_n(
            &crash_file_states[i], &expected, slot_filling, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
      continue;
    }
    memcpy(crash_files[i], path, length + 1);
    __atomic_store_n(&crash_file_states[i], slot_ready, __ATOMIC_RELEASE);
    return 0;
  }
  return -1;
}

void cpick_crash_forget_file(const char *path) {
  for (int i = 0; i < CPICK_CRASH_FILES_MAX; i++) {
    if (__atomic_load_n(&crash_file_states[i], __ATOMIC_ACQUIRE) != slot_ready) continue;
    if (strcmp(crash_files[i], path) != 0) continue;
    int expected = slot_ready;
    if (__atomic_compare_exchange_n(
            &crash_file_states[i], &expected, slot_free, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
      return;
    }
  }
}

void cpick_crash_end_children(void) {
  // Children first: one may still be reading a file.
  for (int i = 0; i < CPICK_CRASH_GROUPS_MAX; i++) {
    pid_t group = __atomic_load_n(&crash_groups[i], __ATOMIC_ACQUIRE);
    if (group > 0) (void)kill(-group, SIGTERM);
  }
  for (int i = 0; i < CPICK_CRASH_FILES_MAX; i++) {
    if (__atomic_load_n(&crash_file_states[i], __ATOMIC_ACQUIRE) == slot_ready) (void)unlink(crash_files[i]);
  }
}

// MARK: - Crash restore

static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};

// Other signals whose default action ends the process and that the signal pipe
// does not take: a stray `kill -QUIT` or `kill -USR1` must not leave the terminal
// raw either (Docs/Design.md, Terminal: restored after every catchable signal). The same
// handler restores and re-raises, so pick still dies of that signal. One that is
// ignored when pick starts stays ignored: whoever ignored it meant it.
static const int fatal_signals[] = {
    SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS, SIGIO,
#ifdef SIGPWR
    SIGPWR,
#endif
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
};

// `crash_armed` is written last when arming and first when disarming, so the
// handler never reads a half-written record.
static volatile sig_atomic_t crash_armed = 0;
static int crash_fd = -1;
static struct termios crash_termios;
static unsigned char crash_reset[CPICK_CRASH_RESET_MAX];
static size_t crash_reset_count = 0;
static int crash_handlers_installed = 0;

static void on_crash(int signal) {
  cpick_crash_end_children();
  if (crash_armed) {
    (void)tcsetattr(crash_fd, TCSANOW, &crash_termios);
    if (crash_reset_count > 0) (void)write(crash_fd, crash_reset, crash_reset_count);
  }
  // SA_RESETHAND made the action the default one and SA_NODEFER leaves the
  // signal unblocked: this ends the process with `signal`. For a fault, returning
  // would also do it (the instruction faults again), but not for raise() or abort().
  raise(signal);
}

int cpick_alternate_signal_stack(void) {
  stack_t current;
  if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE)) return 0;
  // 64 KiB: glibc's SIGSTKSZ is only a minimum, and tcsetattr + write need little more.
  size_t size = 64 << 10;
  void *memory = malloc(size);
  if (memory == NULL) return -1;
  stack_t stack = {.ss_sp = memory, .ss_flags = 0, .ss_size = size};
  if (sigaltstack(&stack, NULL) != 0) {
    free(memory);
    return -1;
  }
  return 0;  // The stack lives as long as the thread; it is never freed.
}

int cpick_crash_restore_arm(int fd, const struct termios *saved, const unsigned char *reset, size_t count) {
  if (count > CPICK_CRASH_RESET_MAX) {
    errno = EINVAL;
    return -1;
  }
  crash_armed = 0;
  crash_fd = fd;
  crash_termios = *saved;
  if (count > 0) memcpy(crash_reset, reset, count);
  crash_reset_count = count;
  crash_armed = 1;
  if (crash_handlers_installed) return 0;
  if (cpick_alternate_signal_stack() != 0) return -1;
  for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
    if (set_action(crash_signals[i], on_crash, SA_RESETHAND | SA_NODEFER | SA_ONSTACK, NULL) != 0) return -1;
  }
  for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) {
    if (cpick_signal_is_ignored(fatal_signals[i])) continue;
    if (set_action(fatal_signals[i], on_crash, SA_RESETHAND | SA_NODEFER | SA_ONSTACK, NULL) != 0) return -1;
  }
  for (int signal = SIGRTMIN; signal <= SIGRTMAX; signal++) {
    if (cpick_signal_is_ignored(signal)) continue;
    if (set_action(signal, on_crash, SA_RESETHAND | SA_NODEFER | SA_ONSTACK, NULL) != 0) return -1;
  }
  crash_handlers_installed = 1;
  return 0;
}

void cpick_crash_restore_disarm(void) { crash_armed = 0; }
