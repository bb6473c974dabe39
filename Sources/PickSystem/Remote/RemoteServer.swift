import CPick
import Glibc
import PickCore
import Synchronization

/// `--listen`'s HTTP server: a thread of its own that accepts connections,
/// reads and checks requests, and hands what they ask to the event loop, so
/// that no client, however slow, ever holds up a key or a frame.
///
/// ```
/// client ─► server thread: accept, read (non-blocking, polled), HTTPRequestParser,
///           RemoteExchange (key, actions) ─► inbox ─► readyDescriptor ─► event loop
///           ─► PickerEvent.remote ─► controller ─► .answerRemote ─► answer(ticket:)
///           ─► outbox ─► wake pipe ─► server thread writes the answer, closes
/// ```
///
/// A POST is answered `200` as soon as its actions are in the inbox (as fzf
/// answers once they are in its channel); a GET waits for the loop's answer
/// for at most `RemoteLimits.answerWait`, then gets fzf's `503 timeout`.
/// Every connection has a deadline for its request, and for its answer, and
/// at most `RemoteLimits.connections` are open at once: the others wait in
/// the kernel's backlog.
public final class RemoteServer: @unchecked Sendable {
  /// What the loop and the thread pass to each other, under one lock.
  private struct Mailbox {
    var requests: [RemoteRequest] = []
    var answers: [(ticket: Int, bytes: [UInt8])] = []
    var stopping = false
  }

  private let socket: ListenSocket
  private let exchange: RemoteExchange
  private let mailbox = Mutex(Mailbox())
  /// Written by the thread when requests are waiting; polled by the loop.
  private let readyRead: Int32
  private let readyWrite: Int32
  /// Written by the loop when answers are waiting or the server should stop.
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private var thread: WorkerThread? = nil

  /// The TCP port listened on, for `PICK_PORT`.
  public var port: Int? { socket.port }
  /// The Unix socket's path, for `PICK_SOCK`.
  public var socketPath: [UInt8]? { socket.path }
  /// Readable when requests wait for the loop (`take()`).
  public var readyDescriptor: Int32 { readyRead }

  /// Listens on `address` and starts the thread. `apiKey` (`PICK_API_KEY`)
  /// must be given with every request when it is not empty.
  public init(address: ListenAddress, apiKey: [UInt8], unsafe: Bool) throws(SystemError) {
    socket = try ListenSocket.open(address)
    exchange = RemoteExchange(apiKey: apiKey, allowsCommands: address.isLocal || unsafe)
    var ready: [Int32] = [0, 0]
    var wake: [Int32] = [0, 0]
    guard cpick_pipe2(&ready, O_CLOEXEC | O_NONBLOCK) == 0 else {
      socket.close()
      throw SystemError(errno: errno, context: "--listen: cannot create a pipe")
    }
    guard cpick_pipe2(&wake, O_CLOEXEC | O_NONBLOCK) == 0 else {
      let error = errno
      for fd in ready { close(fd) }
      socket.close()
      throw SystemError(errno: error, context: "--listen: cannot create a pipe")
    }
    (readyRead, readyWrite, wakeRead, wakeWrite) = (ready[0], ready[1], wake[0], wake[1])
    do {
      thread = try WorkerThread { [self] in
        var connections = RemoteConnections(
          listener: socket.descriptor, wake: wakeRead, exchange: exchange, mailbox: self)
        connections.run()
      }
    } catch {
      for fd in [readyRead, readyWrite, wakeRead, wakeWrite] { close(fd) }
      socket.close()
      throw SystemError(errno: error.errno, context: "--listen: cannot start the server thread")
    }
  }

  /// The requests waiting for the loop, oldest first.
  public func take() -> [RemoteRequest] {
    var drain = [UInt8](repeating: 0, count: 64)
    while read(readyRead, &drain, drain.count) > 0 {}
    return mailbox.withLock { box in
      defer { box.requests.removeAll() }
      return box.requests
    }
  }

  /// Sends `bytes` as the answer on connection `ticket` (a GET's state).
  public func answer(ticket: Int, _ bytes: [UInt8]) {
    mailbox.withLock { $0.answers.append((ticket, bytes)) }
    wake()
  }

  /// Stops the thread (open connections are closed unanswered), then the
  /// socket, and removes a Unix socket's file. Call once.
  public func stop() {
    mailbox.withLock { $0.stopping = true }
    wake()
    thread?.join()
    for fd in [readyRead, readyWrite, wakeRead, wakeWrite] { close(fd) }
    socket.close()
  }

  private func wake() {
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  // MARK: The thread's side

  /// Queues a request for the loop; false when too many are waiting (the
  /// loop is not taking them: a command runs on the terminal).
  func post(_ request: RemoteRequest) -> Bool {
    let posted = mailbox.withLock { box in
      guard box.requests.count < RemoteLimits.waitingRequests else { return false }
      box.requests.append(request)
      return true
    }
    if posted {
      var byte: UInt8 = 1
      _ = write(readyWrite, &byte, 1)
    }
    return posted
  }

  /// The answers the loop sent, and whether the server should stop.
  func collect() -> (answers: [(ticket: Int, bytes: [UInt8])], stopping: Bool) {
    var drain = [UInt8](repeating: 0, count: 64)
    while read(wakeRead, &drain, drain.count) > 0 {}
    return mailbox.withLock { box in
      defer { box.answers.removeAll() }
      return (box.answers, box.stopping)
    }
  }
}

/// The server's limits besides the request's own (`HTTPRequestParser.Limits`).
enum RemoteLimits {
  /// Connections open at once; more wait in the backlog.
  static let connections = 16
  /// Milliseconds a client has to send its whole request (fzf's 10 s), and
  /// to take its answer.
  static let requestTime = 10_000
  /// Milliseconds a GET waits for the picker's answer (fzf's 2 s).
  static let answerWait = 2_000
  /// Milliseconds pick goes on reading (and discarding) what a client still
  /// sends after its answer, so that the client sees the answer and not a reset.
  static let lingerTime = 1_000
  /// Requests waiting for the loop (fzf's channel holds 100).
  static let waitingRequests = 100
}
