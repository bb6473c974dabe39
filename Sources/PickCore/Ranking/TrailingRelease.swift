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
/// lets go of what is left once every task is done.
struct TrailingRelease: Sendable {
  let store: ItemStore
  /// The store index of the ranked range's first item.
  let lower: Int
  let taskSize: Int
  /// Items in the ranked range.
  let span: Int
  /// Tasks let go of together: about `bytes` of the file.
  let batch: Int
  /// Tasks left mapped behind the one that ends a batch.
  let lag: Int

  /// Batches of about `bytes` for `workers` workers over items `range` of `store`.
  init(_ store: ItemStore, range: Range<Int>, taskSize: Int, workers: Int, bytes: Int = 1 << 20) {
    self.store = store
    lower = range.lowerBound
    self.taskSize = taskSize
    span = range.count
    let tasks = max(1, (span + taskSize - 1) / taskSize)
    let rangeBytes = store.arenaOffset(of: range.upperBound) - store.arenaOffset(of: range.lowerBound)
    batch = max(1, bytes / max(1, rangeBytes / tasks))
    lag = workers
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

  private func release(tasks: Range<Int>) {
    store.releaseMapped(lower + tasks.lowerBound * taskSize..<lower + min(tasks.upperBound * taskSize, span))
  }
}
