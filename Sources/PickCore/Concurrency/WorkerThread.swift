import CPick
import Glibc

/// A thread of pick's own, running one closure: the search engine's thread,
/// the directory walker's, the extra workers of `Parallel.run`.
///
/// Plain pthreads rather than Swift's task pool: these threads block in
/// `poll`, `read` and condition waits, and matching must own its cores for
/// the whole search, neither of which suits a cooperative pool. This type is
/// the one place that starts such a thread: it checks `pthread_create`'s
/// result (a thread that could not start is an error the caller sees, never
/// a search that silently does not run) and hands the closure to the new
/// thread without a leak on either path.
///
/// Call `join()` once, from the thread that started it, to wait for the
/// closure to return. A thread that is never joined keeps running on its own
/// (the walker, when pick exits without waiting for a slow disk).
public final class WorkerThread: @unchecked Sendable {
  /// Why a thread could not be started: `pthread_create`'s error number
  /// (`EAGAIN` when the process is out of threads or memory).
  public struct StartFailure: Error, Equatable, Sendable {
    public var errno: Int32
  }

  private var thread = pthread_t()
  private var isJoined = false

  /// Starts a thread running `body`, with every signal from outside blocked
  /// (it inherits the mask set around `pthread_create`): such signals are
  /// the main thread's to handle, and the crash handler relies on running
  /// there only outside the moments it blocks them (`ChildProcess`).
  public init(_ body: @escaping @Sendable () -> Void) throws(StartFailure) {
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var previous = sigset_t()
    _ = cpick_block_outside_signals(&previous)
    defer { _ = cpick_set_signal_mask(&previous) }
    // On another processor than this one where it can (`cpick_thread_start`).
    let status = cpick_thread_start(
      &thread,
      { raw in
        guard let raw else { return nil }
        Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
        return nil
      }, context)
    guard status == 0 else {
      // The thread never ran, so the closure is still ours to release.
      Unmanaged<Body>.fromOpaque(context).release()
      throw StartFailure(errno: status)
    }
  }

  /// Waits for the closure to return (at once if it already has, or if this
  /// thread was joined before).
  public func join() {
    guard !isJoined else { return }
    pthread_join(thread, nil)
    isJoined = true
  }

  /// The closure, boxed so that one pointer carries it to the new thread.
  private final class Body: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }
}
