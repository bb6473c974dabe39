import Synchronization

/// The order in which the slices of a mapped file, split on several threads
/// (`ItemStore.splitInPlace`), move their item starts down behind each other.
///
/// A slice writes its starts where no other slice can reach them, and they
/// move to their place once every slice before it is in place. Moving them
/// all at the end, on one thread, left the other core idle for a quarter of
/// the split's time (page faults for the table's new pages and the copy);
/// here the thread that finishes a slice moves whatever can move, while the
/// others go on splitting. One slice moves at a time, in order: a slice's
/// place may overlap what an earlier slice wrote (an input of empty lines
/// has as many starts as bytes), never what a later slice is writing
/// (`ItemStore.splitInPlace` says why).
final class SliceCompaction: Sendable {
  private struct State {
    /// Each slice's number of starts, once it is split.
    var found: [Int?]
    /// Slices whose starts are in their place: the first `placed`.
    var placed = 0
    /// The starts those slices hold.
    var total = 0
    /// A thread is moving a slice.
    var isMoving = false

    /// The next slice that may move and where its starts go, claimed by the
    /// caller; `nil` (and no claim) when it is not split yet.
    mutating func claim() -> (slice: Int, destination: Int, count: Int)? {
      guard placed < found.count, let count = found[placed] else {
        isMoving = false
        return nil
      }
      isMoving = true
      return (placed, total, count)
    }
  }

  private let state: Mutex<State>

  init(slices: Int) {
    state = Mutex(State(found: [Int?](repeating: nil, count: slices)))
  }

  /// The starts of the slices in place.
  var total: Int { state.withLock { $0.total } }

  /// Notes that `slice` holds `found` starts; then, unless another thread is
  /// moving, moves every slice whose predecessors are all in place, in
  /// order: `move(slice, destination, count)`, where `destination` is the
  /// number of starts before the slice's.
  func split(_ slice: Int, found: Int, move: (_ slice: Int, _ destination: Int, _ count: Int) -> Void) {
    var next = state.withLock { state in
      state.found[slice] = found
      return state.isMoving ? nil : state.claim()
    }
    while let (moving, destination, count) = next {
      move(moving, destination, count)
      next = state.withLock { state in
        state.placed += 1
        state.total += count
        return state.claim()
      }
    }
  }
}
