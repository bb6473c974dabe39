import Testing

@testable import PickCore

// The ranker lets go of a mapped file's pages a batch of tasks at a time,
// `lag` tasks behind the one that ends the batch (`TrailingRelease`): every
// task's pages must be let go of once all are done, none while a task at
// most `lag` places back may still be reading them.

@Suite struct TrailingReleaseTests {
  @Test(arguments: [(1, 1, 2), (7, 4, 2), (8, 4, 2), (9, 4, 2), (100, 4, 2), (100, 8, 3), (3, 8, 2), (50, 1, 4)])
  func `the batches and the rest let go of every task once, behind the tasks still running`(
    tasks: Int, batch: Int, lag: Int
  ) {
    var released = [Int](repeating: 0, count: tasks)
    for task in 0..<tasks {
      guard let range = TrailingRelease.batch(endedBy: task, batch: batch, lag: lag) else { continue }
      // Workers take tasks in order: those after `task - lag` may still run.
      #expect(range.upperBound <= task + 1 - lag)
      for t in range { released[t] += 1 }
    }
    for t in TrailingRelease.rest(of: tasks, batch: batch, lag: lag) { released[t] += 1 }
    #expect(released == [Int](repeating: 1, count: tasks))
  }

  @Test func `a task that ends no batch lets go of nothing`() {
    #expect(TrailingRelease.batch(endedBy: 2, batch: 4, lag: 2) == nil)
    #expect(TrailingRelease.batch(endedBy: 3, batch: 4, lag: 2) == 0..<2)
    #expect(TrailingRelease.batch(endedBy: 7, batch: 4, lag: 2) == 2..<6)
  }

  /// A batch is what was asked below 64 MB spanned, a 64th of the span
  /// above, and 8 MB at most: few interrupts over a large file, and what
  /// stays mapped meanwhile a small share of it.
  @Test func `a large span lets go of its pages in larger batches`() {
    let mega = 1 << 20
    #expect(TrailingRelease.batchBytes(spanning: 0, asked: mega) == mega)
    #expect(TrailingRelease.batchBytes(spanning: 61 * mega, asked: mega) == mega)
    #expect(TrailingRelease.batchBytes(spanning: 256 * mega, asked: mega) == 4 * mega)
    #expect(TrailingRelease.batchBytes(spanning: 614 * mega, asked: mega) == 8 * mega)
    #expect(TrailingRelease.batchBytes(spanning: 16_384 * mega, asked: mega) == 8 * mega)
    #expect(TrailingRelease.batchBytes(spanning: 614 * mega, asked: 16 * mega) == 16 * mega)
  }
}
