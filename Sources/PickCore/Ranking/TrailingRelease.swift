/// Lets go of a mapped file's pages behind a ranking's tasks a few tasks at
/// a time, not after each one.
///
/// Each `madvise` that lets pages go while the other workers run sends
/// them an interrupt to forget the pages' addresses (a TLB shootdown),
/// which on a virtual machine costs far more than the call: a task of
/// 8,192 history lines holds about 240 KB, and letting go of each task's
/// pages on its own made 120 such calls a search over a million lines.
/// Here a task that ends a batch of `batch` tasks lets go of the batch
/// `lag` tasks behind it: tasks are handed out in order, so the workers
/// are past it, but for one far slower than the others, which then maps
/// its pages again (the same bytes: the file is never written). `finish`
/// lets go of what is left once every task is done. Over a list of items
/// (ascending indices, a narrowed search's) a batch lets go of the span
/// from its first item to its last.
struct TrailingRelease: Sendable {
  let store: ItemStore
  /// The store index of the ranked range's first item.
  let lower: Int
  /// The listed items the range indexes, if a list is ranked.
  let items: [Int]?
  let taskSize: Int
  /// Items in the ranked range.
  let span: Int
  /// Tasks let go of together: about `bytes` of the file.
  let batch: Int
  /// Tasks left mapped behind the one that ends a batch.
  let lag: Int

  /// Batches for `workers` workers over items `range` of `store`, or over
  /// positions `range` of the list `items`: of about `bytes`, or more over
  /// a large span (`batchBytes`).
  init(
    _ store: ItemStore, range: Range<Int>, items: [Int]?, taskSize: Int, workers: Int, bytes: Int = 1 << 20
  ) {
    self.store = store
    lower = range.lowerBound
    self.items = items
    self.taskSize = taskSize
    span = range.count
    let tasks = max(1, (span + taskSize - 1) / taskSize)
    let spanned = items == nil ? range : Self.spanned(0..<span, of: items)
    let spannedBytes = store.arenaOffset(of: spanned.upperBound) - store.arenaOffset(of: spanned.lowerBound)
    batch = max(1, Self.batchBytes(spanning: spannedBytes, asked: bytes) / max(1, spannedBytes / tasks))
    lag = workers
  }

  /// The bytes a batch lets go of over a span of `spanned` bytes: those
  /// `asked`, or a 64th of the span where that is more, up to 8 MB. Over
  /// 10M paths (614 MB) batches of 1 MB let go of pages some 250 times a
  /// search, each an interrupt to the other core; 8 MB batches took 2-10 %
  /// off each key of the picker there. What stays mapped meanwhile grows
  /// by at most a 64th of the input.
  static func batchBytes(spanning spanned: Int, asked: Int) -> Int {
    max(asked, min(spanned / 64, 8 << 20))
  }

  /// The store's items from the one listed at the first of `positions` to
  /// the one at the last.
  private static func spanned(_ positions: Range<Int>, of items: [Int]?) -> Range<Int> {
    guard let items, let first = positions.first, let last = positions.last else { return positions }
    return min(items[first], items[last])..<max(items[first], items[last]) + 1
  }

  /// Task `task` is done.
  func finished(_ task: Int) {
    if let tasks = Self.batch(endedBy: task, batch: batch, lag: lag) { release(tasks: tasks) }
  }

  /// Every one of `tasks` tasks is done: lets go of the pages no batch did.
  func finish(tasks: Int) {
    release(tasks: Self.rest(of: tasks, batch: batch, lag: lag))
  }

  /// The tasks let go of when task `task` is done: the batch `lag` tasks
  /// behind it when it ends a batch; `nil` otherwise.
  static func batch(endedBy task: Int, batch: Int, lag: Int) -> Range<Int>? {
    guard (task + 1) % batch == 0, task + 1 - lag > 0 else { return nil }
    let last = task + 1 - lag
    return max(0, last - batch)..<last
  }

  /// The tasks of `tasks` that no batch lets go of.
  static func rest(of tasks: Int, batch: Int, lag: Int) -> Range<Int> {
    min(tasks, max(0, tasks / batch * batch - lag))..<tasks
  }

  /// Lets go of the pages under `tasks` (offsets into the range, or
  /// positions in the list).
  private func release(tasks: Range<Int>) {
    let offsets = tasks.lowerBound * taskSize..<min(tasks.upperBound * taskSize, span)
    guard !offsets.isEmpty else { return }
    store.releaseMapped(
      items == nil ? lower + offsets.lowerBound..<lower + offsets.upperBound : Self.spanned(offsets, of: items))
  }
}
