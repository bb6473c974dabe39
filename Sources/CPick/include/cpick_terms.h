#ifndef CPICK_TERMS_H
#define CPICK_TERMS_H
#include <stddef.h>
#include <stdint.h>

/// Most pattern characters, over all terms, that `cpick_terms_pass` takes.
#define CPICK_TERMS_MAX 64
/// Set on an ordinal `cpick_terms_pass` passed for not being ASCII.
#define CPICK_TERMS_NOT_ASCII 0x80000000u

/// What `cpick_terms_pass` learned about a query's terms, for the next
/// scan of them: the order it tries the terms in (`order_set` once there
/// is one), the chunks of items it read, how many of those the term tried
/// first decided alone, and how many each term decided.
typedef struct {
  uint64_t chunks;
  uint64_t decided;
  uint64_t decided_by[CPICK_TERMS_MAX];
  uint8_t order[CPICK_TERMS_MAX];
  uint8_t order_set;
} cpick_terms_memory;

/// The items of `text[0 ..< n]` (items each followed by `separator`, the
/// last one ended by `n` itself) in which every term's characters may occur
/// in order: every ASCII item that holds each term as a subsequence, and
/// every other item that does once each character that may fold to ASCII
/// (`cpick_is_ascii_fold_lead`, `cpick_fold_lead_pairs`) is read as
/// whichever term character it could be (the caller decides those). The
/// terms' `count` characters (at most `CPICK_TERMS_MAX`) are given in order,
/// each as the two bytes that are it (`lower[k]` and `upper[k]`, equal when
/// only one is), with `ends[k]` set on each term's last. With `fullwidth`
/// set, a fullwidth letter (U+FF21-FF3A, U+FF41-FF5A) is read as its ASCII
/// letter and any other form U+FF00-FF7F as none, instead of as any: for
/// terms whose folding makes them so. With `latin1` (one byte for each of
/// the `count` characters, or NULL), a Latin-1 letter (U+00C0-U+00FF, lead
/// byte C3) is read as any character `k` with `latin1[k]` set, instead of
/// as any character: the caller sets it where some Latin-1 letter folds to
/// the character under its term's folding. Writes the
/// ordinals of those items (0 for the first item of `text`; below 2^31),
/// ascending, each with `CPICK_TERMS_NOT_ASCII` set when it is not ASCII,
/// to `passed`, at most `capacity` of them (room for one per item takes
/// them all), and returns how many.
///
/// `memory` (or NULL) carries what one scan learned about the terms to
/// the next scan of the same terms, zeroed before the first: how many
/// stretches of items each term left with none passing, the order that
/// gives (most first), and how often the first does (`cpick_terms.c`).
size_t cpick_terms_pass(const uint8_t *text, size_t n, uint8_t separator, const uint8_t *lower,
                        const uint8_t *upper, const uint8_t *ends, size_t count, int fullwidth,
                        const uint8_t *latin1, cpick_terms_memory *memory, uint32_t *passed, size_t capacity);

/// `cpick_terms_pass` with the instructions of `level` (0 the baseline, 1
/// AVX2, 2 AVX-512; lowered to what the processor has; -1 its best), for
/// tests that hold the variants equal.
size_t cpick_terms_pass_at(int level, const uint8_t *text, size_t n, uint8_t separator, const uint8_t *lower,
                           const uint8_t *upper, const uint8_t *ends, size_t count, int fullwidth,
                           const uint8_t *latin1, cpick_terms_memory *memory, uint32_t *passed,
                           size_t capacity);

#endif
