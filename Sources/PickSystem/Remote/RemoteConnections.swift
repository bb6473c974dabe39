import Glibc
import PickCore

/// The server thread's loop (`RemoteServer`): one `poll` over the listening
/// socket, the wake pipe and every open connection, all non-blocking.
///
/// A connection goes through four phases: reading its request (at most
/// `RemoteLimits.requestTime`), waiting for the picker's answer (a GET, at
/// most `RemoteLimits.answerWait`), writing the answer (at most
/// `requestTime` again), then lingering: its sending side is shut and what
/// the client still sends is read and dropped for `RemoteLimits.lingerTime`,
/// so that a client refused in the middle of a large body reads the refusal
/// instead of a connection reset. Then it is closed.
struct RemoteConnections {
  private enum Phase {
    case reading, awaitingAnswer, writing, lingering
  }

  private struct Connection {
    let descriptor: Int32
    let ticket: Int
    var parser = HTTPRequestParser()
    var phase = Phase.reading
    var deadline: Int
    var output: [UInt8] = []
    var written = 0
    var isClosed = false
  }

  let listener: Int32
  let wake: Int32
  let exchange: RemoteExchange
  let mailbox: RemoteServer
  private var connections: [Connection] = []
  private var nextTicket = 0
  private var buffer = [UInt8](repeating: 0, count: 16 << 10)

  init(listener: Int32, wake: Int32, exchange: RemoteExchange, mailbox: RemoteServer) {
    self.listener = listener
    self.wake = wake
    self.exchange = exchange
    self.mailbox = mailbox
  }

  /// Serves until the server stops; then closes every connection.
  mutating func run() {
    while true {
      let accepting = connections.count < RemoteLimits.connections
      var fds = [
        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        pollfd(fd: accepting ? listener : -1, events: Int16(POLLIN), revents: 0),
      ]
      for connection in connections {
        let events = connection.phase == .writing ? POLLOUT : connection.phase == .awaitingAnswer ? 0 : POLLIN
        fds.append(pollfd(fd: connection.descriptor, events: Int16(events), revents: 0))
      }
      let now = Clock.milliseconds()
      let timeout = connections.map { max($0.deadline - now, 0) }.min().map { Int32(clamping: $0) } ?? -1
      guard Glibc.poll(&fds, nfds_t(fds.count), timeout) >= 0 || errno == EINTR else { return closeAll() }
      let later = Clock.milliseconds()
      if fds[0].revents != 0 {
        let (answers, stopping) = mailbox.collect()
        if stopping { return closeAll() }
        for (ticket, bytes) in answers { deliver(bytes, ticket: ticket, now: later) }
      }
      for index in connections.indices where fds[index + 2].revents != 0 { service(index, now: later) }
      if accepting && fds[1].revents != 0 { accept(now: later) }
      expire(now: later)
      for connection in connections where connection.isClosed { close(connection.descriptor) }
      connections.removeAll { $0.isClosed }
    }
  }

  private mutating func accept(now: Int) {
    while connections.count < RemoteLimits.connections {
      let fd = Glibc.accept(listener, nil, nil)
      guard fd >= 0 else { return }
      // Children close every descriptor from 3 up anyway (ChildProcess); this is for good measure.
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      nextTicket += 1
      connections.append(Connection(descriptor: fd, ticket: nextTicket, deadline: now + RemoteLimits.requestTime))
    }
  }

  /// Reads, writes or drains what a connection is ready for.
  private mutating func service(_ index: Int, now: Int) {
    switch connections[index].phase {
    case .reading: readRequest(index, now: now)
    case .writing: writeAnswer(index, now: now)
    case .lingering:
      let n = read(connections[index].descriptor, &buffer, buffer.count)
      if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) { connections[index].isClosed = true }
    case .awaitingAnswer:
      break
    }
  }

  private mutating func readRequest(_ index: Int, now: Int) {
    let n = read(connections[index].descriptor, &buffer, buffer.count)
    if n < 0 {
      if errno != EAGAIN && errno != EINTR { connections[index].isClosed = true }
      return
    }
    // The client stopped sending (its side shut) before the request was whole.
    if n == 0 { return respond(index, HTTPResponse.failure(HTTPRequestParser.incomplete), now: now) }
    switch connections[index].parser.feed(buffer[0..<n]) {
    case .needsMore: break
    case .failed(let failure): respond(index, HTTPResponse.failure(failure), now: now)
    case .complete(let request): take(request, index: index, now: now)
    }
  }

  /// A whole request: answered now, or handed to the picker.
  private mutating func take(_ request: HTTPRequestParser.Request, index: Int, now: Int) {
    switch exchange.outcome(of: request) {
    case .answer(let bytes):
      respond(index, bytes, now: now)
    case .actions(let actions):
      respond(index, mailbox.post(.actions(actions)) ? HTTPResponse.accepted : HTTPResponse.busy, now: now)
    case .status(let limit, let offset):
      guard mailbox.post(.status(ticket: connections[index].ticket, limit: limit, offset: offset)) else {
        return respond(index, HTTPResponse.timedOut, now: now)
      }
      connections[index].phase = .awaitingAnswer
      connections[index].deadline = now + RemoteLimits.answerWait
    }
  }

  /// The picker's answer to a GET; dropped when that connection is gone.
  private mutating func deliver(_ bytes: [UInt8], ticket: Int, now: Int) {
    guard let index = connections.firstIndex(where: { $0.ticket == ticket && $0.phase == .awaitingAnswer })
    else { return }
    respond(index, bytes, now: now)
  }

  private mutating func respond(_ index: Int, _ bytes: [UInt8], now: Int) {
    connections[index].output = bytes
    connections[index].written = 0
    connections[index].phase = .writing
    connections[index].deadline = now + RemoteLimits.requestTime
    writeAnswer(index, now: now)
  }

  private mutating func writeAnswer(_ index: Int, now: Int) {
    let connection = connections[index]
    let n = connection.output.withUnsafeBytes { raw in
      send(
        connection.descriptor, raw.baseAddress.map { $0 + connection.written }, raw.count - connection.written,
        Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
    }
    if n < 0 {
      if errno != EAGAIN && errno != EINTR { connections[index].isClosed = true }
      return
    }
    connections[index].written += n
    guard connections[index].written == connection.output.count else { return }
    shutdown(connection.descriptor, Int32(SHUT_WR))
    connections[index].output = []
    connections[index].phase = .lingering
    connections[index].deadline = now + RemoteLimits.lingerTime
  }

  /// Deadlines: a request not read in time gets `408`, an answer the
  /// picker did not give in time fzf's `503 timeout`; a client that does
  /// not take its answer, or lingers, is dropped.
  private mutating func expire(now: Int) {
    for index in connections.indices where !connections[index].isClosed && connections[index].deadline <= now {
      switch connections[index].phase {
      case .reading:
        respond(index, HTTPResponse.failure(.init(.requestTimeout, "request timeout")), now: now)
      case .awaitingAnswer:
        respond(index, HTTPResponse.timedOut, now: now)
      case .writing, .lingering:
        connections[index].isClosed = true
      }
    }
  }

  private mutating func closeAll() {
    for connection in connections { close(connection.descriptor) }
    connections.removeAll()
  }
}
