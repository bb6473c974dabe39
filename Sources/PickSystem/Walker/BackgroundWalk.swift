import CPick
import Glibc
import PickCore
import Synchronization

/// Runs a `DirectoryWalker` on a thread of its own and streams its paths
/// through a pipe, each followed by `separator`: the picker reads the pipe's
/// `descriptor` exactly as it reads standard input, so items appear while the
/// walk goes on and the spinner stops at its end of file.
///
/// A pipe rather than a shared list keeps the item store with one writer (the
/// picker's thread) and lets a slow reader hold the walker back. Paths are
/// gathered in a buffer and written when it holds 64 KiB, or before the next
/// directory is opened once 10 ms have passed since the last write, so the
/// first screen of paths shows at once without a write per path.
///
/// `stop()` ends the walk early (the picker was accepted): it closes the read
/// end, so a walker blocked on a full pipe gets EPIPE, and waits for the thread.
public final class BackgroundWalk: @unchecked Sendable {
  /// The read end of the pipe (blocking, close-on-exec).
  public private(set) var descriptor: Int32
  private let writeEnd: Int32
  private let walker: DirectoryWalker
  private let separator: UInt8
  private let stopping = Atomic<Bool>(false)
  /// Set once, at the end of `init`.
  private var thread: WorkerThread? = nil

  /// Starts walking at once.
  public init(_ walker: DirectoryWalker, separator: UInt8) throws(SystemError) {
    var fds: [Int32] = [-1, -1]
    guard cpick_pipe2(&fds, O_CLOEXEC) == 0 else {
      throw SystemError(errno: errno, context: "cannot create the walker's pipe")
    }
    descriptor = fds[0]
    writeEnd = fds[1]
    self.walker = walker
    self.separator = separator
    // Fewer wake-ups for the reader when the walk is fast.
    _ = cpick_set_pipe_size(writeEnd, 1 << 20)
    do {
      thread = try WorkerThread { [self] in run() }
    } catch {
      close(fds[0])
      close(fds[1])
      throw SystemError(errno: error.errno, context: "cannot start the walker")
    }
  }

  /// Ends the walk (if it is still going) and, unless told not to (pick is
  /// about to exit, and a directory read on a slow disk would hold it up),
  /// waits for its thread.
  public func stop(waiting: Bool = true) {
    stopping.store(true, ordering: .relaxed)
    if descriptor >= 0 {
      close(descriptor)
      descriptor = -1
    }
    if waiting { thread?.join() }
  }

  private func run() {
    // Signals are for the picker's thread; and with SIGPIPE blocked here, a
    // write to a pipe whose reader has gone fails with EPIPE instead.
    var all = sigset_t()
    sigfillset(&all)
    pthread_sigmask(SIG_BLOCK, &all, nil)
    var sink = PipeSink(fd: writeEnd, separator: separator) { [unowned self] in
      self.stopping.load(ordering: .relaxed)
    }
    walker.walk(into: &sink)
    _ = sink.flush()
    close(writeEnd)
  }
}

/// Collects paths and writes them to the pipe in batches.
private struct PipeSink: DirectoryWalker.Sink {
  let fd: Int32
  let separator: UInt8
  let isStopping: () -> Bool
  var buffer: [UInt8] = []
  var lastWrite = Clock.milliseconds()
  var failed = false

  init(fd: Int32, separator: UInt8, isStopping: @escaping () -> Bool) {
    self.fd = fd
    self.separator = separator
    self.isStopping = isStopping
    buffer.reserveCapacity(80 << 10)
  }

  mutating func emit(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
    buffer.append(contentsOf: path)
    buffer.append(separator)
    return buffer.count < 64 << 10 || flush()
  }

  mutating func willOpenDirectory() -> Bool {
    if isStopping() { failed = true }
    if !failed && !buffer.isEmpty && Clock.milliseconds() - lastWrite >= 10 { return flush() }
    return !failed
  }

  /// Writes the buffer; false once the reader has gone (or the walk was stopped).
  mutating func flush() -> Bool {
    var offset = 0
    while offset < buffer.count && !failed {
      let n = buffer.withUnsafeBytes { bytes in
        write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      }
      if n > 0 {
        offset += n
      } else if n < 0 && errno == EINTR {
        continue
      } else {
        failed = true
      }
    }
    buffer.removeAll(keepingCapacity: true)
    lastWrite = Clock.milliseconds()
    return !failed
  }
}
