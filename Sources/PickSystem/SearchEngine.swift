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
/// at its next task (`SearchTunables.taskSize` items; its result is never
/// delivered): only the query on screen is ever finished.
///
/// How to answer a request (from an earlier answer, or by searching fewer
/// items) is `SearchPlanner`'s decision; the engine runs its plans.
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
  /// Set once, at the end of `init`.
  private var thread: WorkerThread? = nil
  private var stopping = false
  /// Used only on the engine's thread.
  private var planner: SearchPlanner
  private let pipeRead: Int32
  private let pipeWrite: Int32

  /// The descriptor that becomes readable when a result is ready.
  public var readyDescriptor: Int32 { pipeRead }

  /// Starts the engine's thread; throws when it cannot have a pipe or a thread.
  public init(options: Options, store: ItemStore) throws(SystemError) {
    self.options = options
    self.store = store
    // The remembered answers fit the store's budget: at most as many
    // matches as it holds items (under a memory limit that is far fewer
    // than the usual budget; see StoreBudget), and a share of the input
    // read so far (`SearchPlanner.matchBudget(inputBytes:)`). Over a mapped
    // file pick does not hold the input's bytes (it lets go of its pages),
    // so the answers may take four times the share (half the input's size
    // in keys): Backspace over a 1M-path typing session (`l`, `li`, `lib`,
    // ... 2.9M matches in all) then finds every answer, and the peak stays
    // at 0.8 times the input (Docs/Performance.md; twice the share dropped
    // `li` and `l`, and Backspace to `li` took 0.45 of fzf's time).
    // On short items (1M history lines, 28 MiB) that half of the input in
    // keys, beside each item's start and a search's keys and candidate
    // list, took the peak past 1.3 times the input: the answers also fit
    // in what that target leaves (`MappedBudget.remembered`), older ones
    // cut down to their fronts where they do not (`RankedSummary`).
    planner = SearchPlanner(
      reversesInput: options.tac, matchBudget: store.itemLimit,
      matchShare: store.isMapped ? SearchTunables.recentMatchShare / 4 : SearchTunables.recentMatchShare,
      room: store.isMapped ? .remembered : nil)
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
    do {
      // The thread holds the engine until `stop()` ends it.
      thread = try WorkerThread { [self] in work() }
    } catch {
      close(pipeRead)
      close(pipeWrite)
      throw SystemError(errno: error.errno, context: "cannot start the search thread")
    }
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Tells the thread to end without waiting for it: pick is exiting, and a
  /// search that is inside one huge item (which it does not leave until
  /// that item is matched) must not hold up the terminal's restore. The
  /// thread keeps the engine, and so the store, alive until it returns; its
  /// pipe stays open, so that a result it still writes goes nowhere harmful.
  public func abandon() {
    pthread_mutex_lock(mutex)
    stopping = true
    latest.add(1, ordering: .relaxed)
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }

  /// Stops the thread and waits for it (the current search is abandoned).
  public func stop() {
    abandon()
    thread?.join()
    close(pipeRead)
    close(pipeWrite)
  }

  /// Starts a search, abandoning any other; returns its number.
  @discardableResult
  public func submit(_ request: Request) -> Int { supersede(with: request) }

  /// Abandons any search and any result not yet taken, and hands the
  /// thread `request` if there is one; returns the new generation.
  @discardableResult
  private func supersede(with request: Request?) -> Int {
    pthread_mutex_lock(mutex)
    let generation = latest.add(1, ordering: .relaxed).newValue
    pending = request.map { (generation, $0) }
    finished = nil
    if request != nil { pthread_cond_signal(condition) }
    pthread_mutex_unlock(mutex)
    return generation
  }

  /// The answer to `request` at once, on the caller's thread, when it
  /// needs no search: a query of no terms over a range with nothing left
  /// out, every item in input order. Any search still running is
  /// abandoned, as `submit` would. `nil` for any other request. Backspace
  /// to the empty query then shows the input without a round trip through
  /// the thread (a wake-up and the pipe: about a third of that key's time).
  public func answerAtOnce(_ request: Request) -> SearchResult? {
    guard request.items == nil, request.excluded == nil else { return nil }
    let compiled = CompiledQuery(request.query, options: options)
    guard compiled.query.isEmpty else { return nil }
    supersede(with: nil)
    let matches = Ranker.picker(options).rank(request, in: store, query: compiled)
    return SearchResult(request: request, matches: matches, compiled: compiled)
  }

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
      _ = poll(&fd, 1, SearchTunables.idleCheckMilliseconds)
      pthread_mutex_lock(mutex)
      let idle = pending == nil && finished == nil && !isSearching
      pthread_mutex_unlock(mutex)
      if idle, take() == nil { return nil }
    }
  }

  private var isSearching = false

  /// The matches of `request`, answered as `plan` says.
  private func run(_ plan: SearchPlanner.Plan, for request: Request, with ranker: Ranker, query: CompiledQuery)
    -> RankedMatches
  {
    switch plan {
    case .cached(let matches):
      return matches
    case .narrowed(let candidates):
      // Ranked over the range, the answer needs no list of candidates to be remembered.
      return ranker.rank(store, items: candidates, query: query, spanning: request.range)
    case .extended(let earlier, let newItems):
      let added = ranker.rank(store, range: newItems, query: query)
      // An earlier answer over a list of items (narrowed) does not merge: search everything then.
      return earlier.merged(with: added) ?? ranker.rank(store, range: request.range, query: query)
    case .fromScratch:
      return ranker.rank(request, in: store, query: query)
    }
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
      var ranker = Ranker.picker(options)
      ranker.isCancelled = { [unowned self] in self.latest.load(ordering: .relaxed) != generation }
      let matches = run(planner.plan(for: request, parsed: compiled.query), for: request, with: ranker, query: compiled)
      let highlights = LongItemHighlights(
        matches, store: store, compiled: compiled,
        isCancelled: { [unowned self] in self.latest.load(ordering: .relaxed) != generation })
      pthread_mutex_lock(mutex)
      let isCurrent = self.latest.load(ordering: .relaxed) == generation
      if isCurrent {
        finished = Result(
          generation: generation,
          result: SearchResult(request: request, matches: matches, compiled: compiled, highlights: highlights))
        var byte: UInt8 = 1
        _ = write(pipeWrite, &byte, 1)
      }
      pthread_mutex_unlock(mutex)
      // An abandoned search's matches are incomplete: never remembered.
      // Remembering may cut older answers down (`RankedSummary`), which
      // takes a pass over their keys: after the answer is on its way.
      if isCurrent {
        planner.remember(
          request, parsed: compiled.query, matches: matches, inputBytes: store.items(request.range).count,
          items: request.range.count)
      }
      pthread_mutex_lock(mutex)
      isSearching = false
      pthread_mutex_unlock(mutex)
    }
  }
}
