import Glibc
import PickCore
import Synchronization

/// Runs the picker's searches on a thread of their own, so that typing and
/// drawing never wait for a search of a million items.
///
/// The event loop `submit`s a request (a query over a range or a list of
/// items) and goes on; when the search is done the engine writes a byte to
/// `readyDescriptor`, which the loop polls with the terminal, and `take()`
/// hands over the result. A newer request makes the running search give up
/// at its next task of 8 192 items (its result is never delivered): only the
/// query on screen is ever finished.
public final class SearchEngine: @unchecked Sendable {
  /// What to search (built by the picker controller).
  public typealias Request = SearchRequest

  /// A finished search, with the number of the request it answers.
  public struct Result: @unchecked Sendable {
    public var generation: Int
    public var result: SearchResult
    public var request: Request { result.request }
    public var matches: RankedMatches { result.matches }
    public var compiled: CompiledQuery { result.compiled }
  }

  private let options: Options
  private let store: ItemStore
  /// Raised with every request; a search whose number is no longer current gives up.
  private let latest = Atomic<Int>(0)
  /// Allocated once, so both threads lock the same memory (a stored
  /// `pthread_mutex_t` passed with `&` has no stable address in Swift's rules).
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var pending: (generation: Int, request: Request)? = nil
  private var finished: Result? = nil
  private var thread = pthread_t()
  private var stopping = false
  private let pipeRead: Int32
  private let pipeWrite: Int32

  /// The descriptor that becomes readable when a result is ready.
  public var readyDescriptor: Int32 { pipeRead }

  public init(options: Options, store: ItemStore) throws {
    self.options = options
    self.store = store
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else {
      throw SystemError(errno: errno, context: "cannot create the search pipe")
    }
    pipeRead = fds[0]
    pipeWrite = fds[1]
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
    let context = Unmanaged.passRetained(self).toOpaque()
    pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        Unmanaged<SearchEngine>.fromOpaque(raw).takeRetainedValue().work()
        return nil
      }, context)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Stops the thread (the current search is abandoned).
  public func stop() {
    pthread_mutex_lock(mutex)
    stopping = true
    latest.add(1, ordering: .relaxed)
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
    pthread_join(thread, nil)
    close(pipeRead)
    close(pipeWrite)
  }

  /// Starts a search, abandoning any other; returns its number.
  @discardableResult
  public func submit(_ request: Request) -> Int {
    pthread_mutex_lock(mutex)
    let generation = latest.add(1, ordering: .relaxed).newValue
    pending = (generation, request)
    finished = nil
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
    return generation
  }

  /// The number of the newest request.
  public var currentGeneration: Int { latest.load(ordering: .relaxed) }

  /// The finished result of the newest request, if it is ready.
  public func take() -> Result? {
    var byte: UInt8 = 0
    while read(pipeRead, &byte, 1) > 0 {}
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    guard let result = finished, result.generation == latest.load(ordering: .relaxed) else {
      return nil
    }
    finished = nil
    return result
  }

  /// Waits for the newest request's result (an action that needs the matches of the query just typed).
  public func wait() -> Result? {
    while true {
      if let result = take() { return result }
      var fd = pollfd(fd: pipeRead, events: Int16(POLLIN), revents: 0)
      _ = poll(&fd, 1, 100)
      pthread_mutex_lock(mutex)
      let idle = pending == nil && finished == nil && !isSearching
      pthread_mutex_unlock(mutex)
      if idle, take() == nil { return nil }
    }
  }

  private var isSearching = false

  /// How many of the best matches a search sorts before it is shown: far
  /// more rows than any screen, so only scrolling a long way (or `last`)
  /// sorts the rest (`Ranker.sortLimit`).
  public static let sortLimit = 1024

  /// The ranker for the picker's searches.
  static func ranker(_ options: Options) -> Ranker {
    var ranker = Ranker(order: Ranker.Order(options: options))
    ranker.sortLimit = sortLimit
    return ranker
  }

  /// `request` searched from scratch, on the calling thread (also the
  /// session's way to draw its very first frame).
  static func search(
    _ request: Request, in store: ItemStore, with ranker: Ranker, query: CompiledQuery
  ) -> RankedMatches {
    if let items = request.items { return ranker.rank(store, items: items, query: query) }
    if let excluded = request.excluded {
      return ranker.rank(
        store, range: request.range, query: query, excluding: { excluded.contains($0) })
    }
    return ranker.rank(store, range: request.range, query: query)
  }

  /// Recent finished searches over all items (not the review view), newest
  /// last: a deleted character finds its shorter query here, and a narrower
  /// query searches only the matches of the newest one it narrows.
  private var recent: [(query: [UInt8], parsed: Query, range: Range<Int>, matches: RankedMatches)] =
    []
  /// Matches kept in `recent` at most, summed (8 bytes each): about 64 MiB.
  private static let recentBudget = 8 << 20

  /// Candidates for `request`: a cached answer, the items to search, or the
  /// new items only, to merge with an earlier answer for the same query.
  private enum Plan {
    case cached(RankedMatches)
    case items([Int])
    case extend(RankedMatches, Range<Int>)
    case range
  }

  private func plan(for request: Request, parsed: Query) -> Plan {
    guard request.items == nil else { return .range }
    // The same query over the same items: nothing to do.
    if let hit = recent.last(where: { $0.query == request.query && $0.range == request.range }) {
      return .cached(hit.matches)
    }
    // The same query over fewer items (input still streaming): search the new ones only.
    if request.excluded == nil && !options.tac {
      for entry in recent.reversed() where entry.query == request.query {
        let range = entry.range
        let extendsIt =
          range.lowerBound == request.range.lowerBound
          && range.upperBound < request.range.upperBound
        if extendsIt {
          return .extend(entry.matches, range.upperBound..<request.range.upperBound)
        }
      }
    }
    // The newest cached query this one narrows, over a prefix of the same items:
    // its matches plus the items read since.
    guard
      let base = recent.last(where: {
        $0.range.lowerBound == request.range.lowerBound
          && $0.range.upperBound <= request.range.upperBound
          && parsed.narrows($0.parsed)
      }),
      // Narrowing pays only when it leaves out a good part of the items.
      base.matches.count * 4 < base.range.count * 3
    else { return .range }
    var items = base.matches.itemsInInputOrder()
    for index in base.range.upperBound..<request.range.upperBound
    where request.excluded?.contains(index) != true {
      items.append(index)
    }
    return .items(items)
  }

  private func remember(_ request: Request, parsed: Query, matches: RankedMatches) {
    guard request.items == nil else { return }
    recent.append((request.query, parsed, request.range, matches))
    var total = recent.reduce(0) { $0 + $1.matches.count }
    while total > Self.recentBudget && recent.count > 1 {
      total -= recent.removeFirst().matches.count
    }
    if recent.count > 32 { recent.removeFirst(recent.count - 32) }
  }

  private func work() {
    while true {
      pthread_mutex_lock(mutex)
      while pending == nil && !stopping { pthread_cond_wait(condition, mutex) }
      if stopping {
        pthread_mutex_unlock(mutex)
        return
      }
      guard let (generation, request) = pending else {
        pthread_mutex_unlock(mutex)
        continue
      }
      pending = nil
      isSearching = true
      pthread_mutex_unlock(mutex)

      let compiled = CompiledQuery(request.query, options: options)
      var ranker = Self.ranker(options)
      ranker.isCancelled = { [unowned self] in self.latest.load(ordering: .relaxed) != generation }
      let matches: RankedMatches
      switch plan(for: request, parsed: compiled.query) {
      case .cached(let hit):
        matches = hit
      case .items(let candidates):
        matches = ranker.rank(store, items: candidates, query: compiled)
      case .extend(let earlier, let newItems):
        let added = ranker.rank(store, range: newItems, query: compiled)
        matches =
          earlier.merged(with: added) ?? ranker.rank(store, range: request.range, query: compiled)
      case .range:
        matches = Self.search(request, in: store, with: ranker, query: compiled)
      }
      if self.latest.load(ordering: .relaxed) == generation {
        remember(request, parsed: compiled.query, matches: matches)
      }

      pthread_mutex_lock(mutex)
      isSearching = false
      if self.latest.load(ordering: .relaxed) == generation {
        finished = Result(
          generation: generation, result: SearchResult(request: request, matches: matches, compiled: compiled))
        var byte: UInt8 = 1
        _ = write(pipeWrite, &byte, 1)
      }
      pthread_mutex_unlock(mutex)
    }
  }
}
