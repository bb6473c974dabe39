// A few lines of HTTP over a socket, for the --listen tests (no curl needed).

import PickTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Where a test's pick listens.
enum ListenTarget {
  case port(Int)
  case socket(String)
}

/// One answer, split into status, headers and body.
struct HTTPAnswer {
  var status: Int
  var head: String
  var body: String

  init(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let parts = text.split(separator: "\r\n\r\n", maxSplits: 1, omittingEmptySubsequences: false)
    head = parts.first.map(String.init) ?? ""
    body = parts.count > 1 ? String(parts[1]) : ""
    status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? -1
  }
}

/// Sends `request` whole, shuts the sending side, and reads the answer until
/// the server closes; throws after `timeout` seconds.
func exchange(_ request: [UInt8], with target: ListenTarget, timeout: Double = 5) throws -> HTTPAnswer {
  let fd = try connectTo(target)
  defer { close(fd) }
  var sent = 0
  while sent < request.count {
    let n = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    // The server may refuse (and stop reading) before the whole request is sent.
    if n <= 0 { break }
    sent += n
  }
  shutdown(fd, Int32(SHUT_WR))
  var timeLimit = timeval(tv_sec: Int(timeout), tv_usec: 0)
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeLimit, socklen_t(MemoryLayout<timeval>.size))
  var answer: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 64 << 10)
  while true {
    let n = read(fd, &buffer, buffer.count)
    if n > 0 {
      answer += buffer[0..<n]
    } else if n == 0 || errno == ECONNRESET {
      break
    } else {
      throw HarnessFailure.errno("read (the server did not answer in time)")
    }
  }
  return HTTPAnswer(answer)
}

/// `GET /PATH` (with an `x-api-key` header when `key` is given).
func get(_ target: ListenTarget, _ path: String = "/", key: String? = nil) throws -> HTTPAnswer {
  let keyLine = key.map { "x-api-key: \($0)\r\n" } ?? ""
  return try exchange(Array("GET \(path) HTTP/1.1\r\nHost: pick\r\n\(keyLine)\r\n".utf8), with: target)
}

/// `POST /` with `body` (actions).
func post(_ target: ListenTarget, _ body: String, key: String? = nil) throws -> HTTPAnswer {
  let keyLine = key.map { "x-api-key: \($0)\r\n" } ?? ""
  let head = "POST / HTTP/1.1\r\nHost: pick\r\n\(keyLine)Content-Length: \(body.utf8.count)\r\n\r\n"
  return try exchange(Array((head + body).utf8), with: target)
}

private func connectTo(_ target: ListenTarget) throws -> Int32 {
  switch target {
  case .port(let port):
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw HarnessFailure.errno("socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    return try connected(fd, to: &address, naming: "port \(port)")
  case .socket(let path):
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw HarnessFailure.errno("socket") }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
    }
    return try connected(fd, to: &address, naming: path)
  }
}

/// Connects socket `fd` to `address` (a `sockaddr_in` or `sockaddr_un`);
/// closes it and throws when that fails.
private func connected<Address>(_ fd: Int32, to address: inout Address, naming name: String) throws -> Int32 {
  let status = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(fd, $0, socklen_t(MemoryLayout<Address>.size))
    }
  }
  guard status == 0 else {
    close(fd)
    throw HarnessFailure.errno("connect to \(name)")
  }
  return fd
}
