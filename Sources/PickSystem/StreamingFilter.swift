import Glibc
import PickCore

/// `pick --filter` reading and matching at once: while this thread reads the
/// input into the store, a second thread ranks the items already read, a
/// part at a time; once the input ends, the rest is ranked on every core and
/// the parts are merged. On two cores the matching of most of the input
/// hides behind reading it, instead of waiting for the last byte.
///
/// Where items cannot be ranked in parts (`FilterCommand.ranksInParts`:
/// `--tac`, `--unique`), everything is read first and ranked once.
public final class StreamingFilter: @unchecked Sendable {
  /// Fewest new items worth a part of their own (smaller parts cost more in
  /// merging and in per-part set-up than overlapping them saves).
  static let minimumPart = 32_768

  private let store: ItemStore
  private let command: FilterCommand
  private let compiled: CompiledQuery
  /// The first item ranked: `--header-lines` are never matched.
  private let first: Int

  // Shared with the ranking thread, under `mutex`.
  private var mutex = pthread_mutex_t()
  private var condition = pthread_cond_t()
  /// Items the reader has stored (published after each block it reads).
  private var available = 0
  private var inputEnded = false

  // The ranking thread's own until it is joined.
  /// Rankings of consecutive ranges, from `first` on.
  private var parts: [RankedMatches] = []
  /// Where the next part starts.
  private var next: Int

  init(store: ItemStore, command: FilterCommand) {
    self.store = store
    self.command = command
    compiled = command.compiledQuery()
    first = command.options.headerLines
    next = first
    pthread_mutex_init(&mutex, nil)
    pthread_cond_init(&condition, nil)
  }

  deinit {
    pthread_mutex_destroy(&mutex)
    pthread_cond_destroy(&condition)
  }

  /// Reads `fd` to its end into `store` and ranks the items for `command`.
  public static func readAndRank(_ fd: Int32, into store: ItemStore, for command: FilterCommand)
    throws
    -> RankedMatches
  {
    guard command.ranksInParts, command.workers > 1 else {
      try InputReader.readAll(fd, into: store)
      return command.rank(store, range: command.rankedRange(store), workers: command.workers)
    }
    let filter = StreamingFilter(store: store, command: command)
    return try filter.run(fd)
  }

  /// Parts ranked while reading (for tests: whether reading and ranking overlapped).
  var partsRankedWhileReading: Int { parts.count }

  func run(_ fd: Int32) throws -> RankedMatches {
    var thread = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()
    let started =
      pthread_create(
        &thread, nil,
        { raw in
          guard let raw else { return nil }
          Unmanaged<StreamingFilter>.fromOpaque(raw).takeRetainedValue().rankWhileReading()
          return nil
        }, context) == 0
    if !started { Unmanaged<StreamingFilter>.fromOpaque(context).release() }
    do {
      InputReader.growPipe(fd)
      // Blocks of at most 4 MiB, each published to the ranking thread.
      while try InputReader.readAvailable(fd, into: store, limit: 4 << 20) {
        publish(ended: false)
        InputReader.waitForInput(fd)
      }
    } catch {
      publish(ended: true)
      if started { pthread_join(thread, nil) }
      throw error
    }
    publish(ended: true)
    if started { pthread_join(thread, nil) }
    // `next` is past the header lines, which may be more than the input.
    let rest = min(next, store.count)..<store.count
    let last = command.rank(store, range: rest, workers: command.workers, compiled: compiled)
    if parts.isEmpty { return last }
    return RankedMatches.merging(parts + [last])
      ?? command.rank(
        store, range: command.rankedRange(store), workers: command.workers, compiled: compiled)
  }

  /// Tells the ranking thread how many items are stored (and whether that is all).
  private func publish(ended: Bool) {
    pthread_mutex_lock(&mutex)
    available = store.count
    inputEnded = ended
    pthread_cond_signal(&condition)
    pthread_mutex_unlock(&mutex)
  }

  /// The ranking thread: ranks each batch of at least `minimumPart` new
  /// items on its own core while the reader goes on, until the input ends
  /// (the reader then ranks what is left on every core).
  private func rankWhileReading() {
    while true {
      pthread_mutex_lock(&mutex)
      while !inputEnded && available - max(next, first) < Self.minimumPart {
        pthread_cond_wait(&condition, &mutex)
      }
      let upTo = available
      let ended = inputEnded
      pthread_mutex_unlock(&mutex)
      if ended { return }
      let start = max(next, first)
      parts.append(command.rank(store, range: start..<upTo, workers: 1, compiled: compiled))
      next = upTo
    }
  }
}
