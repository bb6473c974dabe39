import Foundation

/// Runs both filters on every case, one case per core at a time.
struct CaseRunner: Sendable {
  let pick: FilterProgram
  let fzf: FilterProgram
  /// The list file for each list index.
  let inputs: [String]

  func results(for cases: [RankCase]) throws -> [CaseResult] {
    let collected = Collected(count: cases.count)
    DispatchQueue.concurrentPerform(iterations: cases.count) { i in
      guard !collected.hasFailed else { return }
      let rankCase = cases[i]
      let input = inputs[rankCase.list]
      do {
        let result = CaseResult(
          rankCase: rankCase,
          pick: try pick.outcome(query: rankCase.query, inputPath: input, target: rankCase.target),
          fzf: try fzf.outcome(query: rankCase.query, inputPath: input, target: rankCase.target))
        collected.store(result, at: i)
      } catch {
        collected.fail(error)
      }
    }
    return try collected.results()
  }
}

/// Results written from several threads; the lock is the only thing shared.
private final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [CaseResult?]
  private var failure: Error?

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  var hasFailed: Bool { lock.withLock { failure != nil } }

  func store(_ result: CaseResult, at index: Int) {
    lock.withLock { slots[index] = result }
  }

  func fail(_ error: Error) {
    lock.withLock { if failure == nil { failure = error } }
  }

  func results() throws -> [CaseResult] {
    try lock.withLock {
      if let failure { throw failure }
      return slots.compactMap { $0 }
    }
  }
}
