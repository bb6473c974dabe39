#ifndef CPICK_H
#define CPICK_H
#include <stddef.h>
#include <sys/types.h>
#include <signal.h>
#include <termios.h>
#include <spawn.h>
#include "cpick_scan.h"
#include "cpick_single.h"
#include "cpick_fuzzy.h"
#include "cpick_unscored.h"
#include "cpick_ansi.h"
#include "cpick_widen.h"
#include "cpick_terms.h"
#include "cpick_skip.h"
#include "cpick_thread.h"

/// memmem(3) (glibc declares it only under _GNU_SOURCE, which Swift's Glibc
/// module does not set), with a block scan for needles of 2 to 16 bytes.
void *cpick_memmem(const void *haystack, size_t haystack_len, const void *needle, size_t needle_len);
/// memrchr(3), for the same reason.
void *cpick_memrchr(const void *s, int c, size_t n);
/// Grows a pipe's buffer (F_SETPIPE_SZ is _GNU_SOURCE only). Returns -1 on failure.
int cpick_set_pipe_size(int fd, int size);
/// madvise(MADV_HUGEPAGE) where the kernel supports it; errors ignored.
void cpick_advise_hugepage(void *addr, size_t len);
/// madvise(MADV_NOHUGEPAGE), even where the system uses huge pages
/// everywhere (`always`); errors ignored.
void cpick_advise_small_pages(void *addr, size_t len);



/// Reserves `size` bytes of address space, readable and writable, committed
/// lazily by the kernel (MAP_NORESERVE). Returns NULL on failure.
void *cpick_reserve(size_t size);
/// Gives a reservation back.
void cpick_release(void *addr, size_t size);
/// Gives the whole pages inside `addr ..< addr + size` back to the system
/// (MADV_DONTNEED): memory that will not be read again stops counting as
/// resident, and reads as zeros if it ever is. The partial pages at either
/// end are left alone, so the range may be part of a malloc'd block.
void cpick_discard(void *addr, size_t size);
/// Maps `length` bytes of `fd` from `offset` (page-aligned) over `address`
/// (page-aligned, inside a reservation of pick's), private and writable:
/// the file's pages are read in place, with no copy and no zeroed pages.
/// Returns 0, or -1 with errno set.
int cpick_map_file_over(void *address, size_t length, int fd, off_t offset);
/// How many of `count` bytes at `bytes` equal `byte` (a mapped file's items,
/// counted before they are split on several threads).
size_t cpick_count_byte(const unsigned char *bytes, size_t count, unsigned char byte);
/// Where the items after each `separator` in `bytes[0 ..< count]` start:
/// `base + k + 1` for a separator at `k`, written to `starts` in order, at
/// most `limit` of them; the `limit` entries from `starts` may all be
/// written to. Returns how many starts were found; `*scanned` is where the
/// scan stopped (`count`, or the separator that found `limit` reached).
/// Sets `*non_ascii` to 1 when a byte before that is not ASCII (and leaves
/// it alone otherwise).
size_t cpick_separator_starts(
  const unsigned char *bytes, size_t count, unsigned char separator, uint32_t base, uint32_t *starts,
  size_t limit, size_t *scanned, int *non_ascii);
/// `cpick_compact_transcode` met a character whose table entry is 0x80:
/// no byte stands for it, and the item goes to the general path.
#define CPICK_COMPACT_UNFAITHFUL (-1)
/// `cpick_compact_transcode` met a character at or above `cached_units`.
#define CPICK_COMPACT_UNCACHED (-2)
/// `cpick_compact_transcode` met a character whose table entry is not filled
/// yet: the result is this less the character's value.
#define CPICK_COMPACT_BLOCK_NEEDED (-3)
/// The table entry of a combining mark of class non-word when accents are
/// folded: dropped after a Latin letter, written as `invalid` elsewhere.
#define CPICK_COMPACT_MARK 0xFF
/// Writes the `count` bytes at `bytes` (an item) to `out` (room for
/// `count`) as one byte per character (`CompactText`): ASCII as itself, a
/// byte that is not well-formed UTF-8 as `invalid`, any other character as
/// `byte_of[character]`, except that a `CPICK_COMPACT_MARK` right after a
/// Latin letter (a character below `latin_count` whose `latin_letters`
/// entry is nonzero) is dropped: the number of bytes written before it goes
/// to `drops` (room for `count`), and `*drop_count` says how many went
/// there. Returns the number of bytes written, or one of the
/// `CPICK_COMPACT_` codes.
int64_t cpick_compact_transcode(
  const uint8_t *bytes, size_t count, uint8_t *out, const uint8_t *byte_of, uint32_t cached_units,
  uint8_t invalid, const uint8_t *latin_letters, uint32_t latin_count, int32_t *drops, size_t *drop_count);
/// Puts fresh reserved address space (as `cpick_reserve`) back over
/// `address ..< address + length`, undoing `cpick_map_file_over`.
int cpick_reserve_over(void *address, size_t length);
/// Guards the mapping at `base ..< base + length` against a file truncated
/// under it: a read past the file's new end would raise SIGBUS; instead, the
/// pages from the fault on are replaced by zero pages and the read goes on.
/// A SIGBUS elsewhere goes to the action installed before. Up to 8 ranges
/// at once; returns -1 (the mapping is then unguarded) past that.
int cpick_guard_mapping(void *base, size_t length);
/// Stops guarding the range that starts at `base` (before it is unmapped).
void cpick_unguard_mapping(void *base);
/// Whether the guard has replaced pages (the file shrank while mapped).
int cpick_mapping_faulted(void);
/// Has every thread allocate from the one main malloc arena (mallopt
/// M_ARENA_MAX = 1): under an address-space limit each further arena glibc
/// makes for a thread reserves 64 MiB, which pick budgets for other uses.
void cpick_single_malloc_arena(void);
/// Asks the processor to start loading `address` into the cache (printing
/// results in score order reads the items at random; this hides the misses).
static inline void cpick_prefetch(const void *address) { __builtin_prefetch(address, 0, 0); }

/// pipe2(2): creates a pipe with `flags` (O_CLOEXEC, O_NONBLOCK) set atomically,
/// so no child spawned by another thread inherits it. _GNU_SOURCE only.
int cpick_pipe2(int fds[2], int flags);

// MARK: - Child processes

/// posix_spawn_file_actions_addclosefrom_np(3) (glibc 2.34+, _GNU_SOURCE): the
/// child closes every descriptor from `lowest` up. Returns ENOSYS where the
/// C library lacks it (the caller relies on close-on-exec alone then).
int cpick_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);
/// The process's environment (`environ`, which unistd.h declares only under _GNU_SOURCE).
char **cpick_environment(void);

// MARK: - Terminal

/// The terminal's size (ioctl TIOCGWINSZ; ioctl is variadic, so Swift cannot call it
/// portably). Returns -1 with errno set on failure.
int cpick_window_size(int fd, int *rows, int *columns);
/// Sets a terminal's size (ioctl TIOCSWINSZ): on a pty master this is a "resize",
/// and the kernel sends SIGWINCH to the slave's foreground process group.
int cpick_set_window_size(int fd, int rows, int columns);

// MARK: - The signal self-pipe
//
// The handler is C so that it is obviously async-signal-safe: it only calls
// write(2) on the pipe's write end, saving and restoring errno. The write end
// is one of the two globals pick allows (Docs/Design.md, Build); it lives here as a C
// static, set before any handler is installed.

/// Sets the write end the handler writes to (-1: the handler writes nothing).
void cpick_signal_pipe_set_write_end(int fd);
/// Catches `signal` with the self-pipe handler (SA_RESTART), saving the previous
/// action in `previous`. Returns -1 with errno set on failure.
int cpick_signal_catch(int signal, struct sigaction *previous);
/// Sets `signal` to its default action, saving the previous one in `previous`.
int cpick_signal_default(int signal, struct sigaction *previous);
/// Ignores `signal`, saving the previous action in `previous`.
int cpick_signal_ignore(int signal, struct sigaction *previous);
/// Puts back an action saved by one of the calls above.
int cpick_signal_restore(int signal, const struct sigaction *previous);
/// Whether the current action for `signal` is SIG_IGN (1), or not (0).
int cpick_signal_is_ignored(int signal);
/// Removes `signal` from the calling thread's signal mask.
int cpick_signal_unblock(int signal);
/// Blocks, in the calling thread, every signal that comes from outside (all
/// but those a fault raises: SEGV, BUS, ILL, FPE, TRAP, ABRT, SYS), saving the
/// old mask in `previous` (may be NULL). pick's own threads start with these
/// blocked, so such a signal always reaches the main thread; the main thread
/// blocks them while it starts a child and notes its process group, so the
/// crash handler never runs between the two (it would miss the child).
int cpick_block_outside_signals(sigset_t *previous);
/// Sets the calling thread's signal mask to `mask` (what `cpick_block_outside_signals` saved).
int cpick_set_signal_mask(const sigset_t *mask);

// MARK: - Crash restore
//
// The crash-restore record (tty fd, saved termios, reset bytes) is the second
// global pick allows (Docs/Design.md, Build). It lives here, in C statics, next to the handler
// that reads it: the handler runs on an alternate signal stack with
// SA_RESETHAND | SA_NODEFER, calls tcsetattr and one write, then re-raises the
// signal, whose default action now ends the process (with a core dump where
// enabled). The Swift side keeps no global for crashes.

/// The most reset bytes the record holds.
#define CPICK_CRASH_RESET_MAX 1024
/// Fills the record, then (the first time) gives the calling thread an alternate
/// signal stack and installs the handler for SIGSEGV, SIGBUS, SIGILL, SIGTRAP,
/// SIGABRT and SIGFPE, and for the other signals whose default action ends the
/// process (QUIT, USR1, USR2, ALRM, real-time, …) unless they are ignored.
/// Returns -1 with errno set on failure (EINVAL: too many reset bytes).
int cpick_crash_restore_arm(int fd, const struct termios *saved, const unsigned char *reset, size_t count);
/// Empties the record: a later crash restores nothing (the handlers stay and only re-raise).
void cpick_crash_restore_disarm(void);

// The rest of the record: pick's children and their temporary files. On any
// signal the crash handler takes, before it restores the terminal, it sends
// SIGTERM to every noted process group and unlinks every noted file (kill and
// unlink are async-signal-safe). Note a group once the child is started and
// forget it once the child is reaped (its id may be reused after that); note
// a file once it exists and forget it before removing it. Safe to call from
// any thread.

/// How many process groups the record holds (more are not noted).
#define CPICK_CRASH_GROUPS_MAX 64
/// How many temporary files the record holds (more are not noted).
#define CPICK_CRASH_FILES_MAX 32
/// The longest path noted, with its NUL.
#define CPICK_CRASH_PATH_MAX 4096
/// Notes a child's process group. Returns -1 when the record is full.
int cpick_crash_note_group(pid_t group);
/// Forgets a process group noted before.
void cpick_crash_forget_group(pid_t group);
/// Notes a temporary file. Returns -1 when the record is full or the path too long.
int cpick_crash_note_file(const char *path);
/// Forgets a temporary file noted before.
void cpick_crash_forget_file(const char *path);
/// What the handler does: SIGTERM to every noted group, unlink every noted file.
void cpick_crash_end_children(void);

/// Gives the calling thread an alternate signal stack if it has none, so that a
/// stack overflow on it can still run the crash handler. Returns -1 on failure.
int cpick_alternate_signal_stack(void);

#endif
