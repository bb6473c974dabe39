/// The numbers that shape searching and its threads, in one place (as fzy's
/// `config.def.h` and fzf's `constants.go` keep theirs), each with the reason
/// for its value. Change one here, then measure with `pick-bench rank` and
/// `pick-bench filter` (Docs/Benchmarks.md).
public enum SearchTunables {
  /// Items per task of `Ranker`: small enough that two cores stay balanced
  /// when one task is slow (long items, everything matching) and that an
  /// abandoned search notices a newer query soon (it checks between tasks),
  /// large enough that the per-task cost (a counter, a slice of the buffer)
  /// vanishes next to matching 8 192 items.
  public static let taskSize = 8192

  /// Fewest list items a task of `Ranker` takes when it searches a list
  /// of a mapped file's items (a narrowed search), however sparse: each
  /// task otherwise spans about as many of the file's bytes as
  /// `taskSize` consecutive items (`Ranker.listTaskSize`).
  public static let listTaskFloor = 256

  /// Scans for a byte every match needs that `Ranker` tries before deciding
  /// whether skipping items that lack it pays (each scan must have skipped
  /// half an item on average, four for a one-character query, whose own
  /// loop is faster: `Ranker.RunKeys.doubledSkipsPerScan`); enough items
  /// to judge, few enough that a losing trial costs nothing measurable.
  public static let skipTrial = 256

  /// Several terms are found for a whole task at once (`TermsBitScan`)
  /// unless the query's rarest character is in fewer than one sampled item
  /// in this many (`ByteCensus`): then the skip to it passes over most
  /// items. Measured on 1M shell-history lines, two terms each: the skip
  /// won (by 12 %) with its character in 3 % of the lines, the two were
  /// level at 6 %, and the scan won by 10-18 % from 14 % on.
  public static let bitScanShare = 20

  /// How many of the best matches the picker's searches sort before the
  /// result is shown: far more rows than any screen, so only scrolling a
  /// long way (or `last`) sorts the rest (`Ranker.sortLimit`). Sorting the
  /// front of a million matches instead of all of them is most of a search.
  public static let sortLimit = 1024

  /// The search planner's recent results take at most one byte in this many
  /// of the input (their keys are 8 bytes a match), so that the memory a
  /// typing session leaves behind grows with the input, not with how many
  /// characters were typed: at 1M paths (60 MB) about 950 000 matches, one
  /// broad answer or several narrow ones. Fewer remembered answers cost a
  /// search when Backspace returns to a dropped one (still faster than fzf's
  /// answer to the same key); the peak memory is in Docs/Performance.md.
  /// Over a mapped file, whose bytes pick does not hold, `SearchEngine`
  /// takes a quarter of it (half of the input).
  public static let recentMatchShare = 8

  /// Matches the planner may always keep, however small the input: small
  /// inputs cost nothing to remember (512 KiB of keys at most).
  public static let recentMatchFloor = 1 << 16

  /// Recent results kept at most by the search planner: more than the
  /// characters of any query one types and deletes again, so Backspace
  /// finds its answer; each lookup scans them, so no more.
  public static let recentEntryLimit = 32

  /// How long `SearchEngine.wait()` sleeps between checks that the engine
  /// has gone idle without a result (a search that was abandoned): long
  /// enough to cost nothing, short enough that nobody notices.
  public static let idleCheckMilliseconds: Int32 = 100

  /// Threads that match at once: one per processor online (the caller's
  /// thread is one of them). Matching is bound by the processors, so more
  /// threads would only take turns.
  public static var workers: Int { Parallel.processorCount }
}
