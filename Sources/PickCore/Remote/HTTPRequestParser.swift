/// Reads one HTTP/1.1 request of `--listen`'s protocol, as bytes arrive.
///
/// The protocol is fzf 0.74's (its `server.go`): one request per
/// connection, answered and closed.
///
///     GET /[?limit=N&offset=N] HTTP/1.1      the state, as JSON
///     POST / HTTP/1.1                        the body is actions, in --bind's grammar
///     Content-Length: N                      required for POST
///     x-api-key: KEY                         required when PICK_API_KEY is set
///
/// Anything else is refused: another method or path is `400 invalid request
/// method`, as in fzf (whose GET takes only `[a-z0-9=&]` after `?`).
/// Header names are case-insensitive; headers other than these two are
/// read and ignored. A line ends with CRLF or, as HTTP allows, a bare LF.
///
/// Every part has a limit, checked as the bytes arrive, so that a client
/// can make pick hold at most about 1 MiB per connection whatever it sends:
/// the request line (414), each header line and all of them together, and
/// their number (431), the body (413, decided from `Content-Length` before
/// a byte of it is read). The parser never reads past the request: bytes
/// after the body are left alone (one request per connection).
///
/// The parser is a value with no I/O, fed whatever `read` returned; its
/// fuzz harness (`Tests/Fuzz/HTTPRequestFuzz.swift`) checks that any split
/// of the same bytes gives the same outcome.
public struct HTTPRequestParser: Sendable {
  /// The limits; `standard` is what the server uses.
  public struct Limits: Equatable, Sendable {
    public var requestLine: Int
    public var headerLine: Int
    public var headerBytes: Int
    public var headerCount: Int
    public var body: Int

    /// 8 KiB for the request line and for each header line, 16 KiB and 64
    /// lines for all headers, and fzf's 1 MiB for the body.
    public static let standard = Limits(
      requestLine: 8 << 10, headerLine: 8 << 10, headerBytes: 16 << 10, headerCount: 64, body: 1 << 20)

    public init(requestLine: Int, headerLine: Int, headerBytes: Int, headerCount: Int, body: Int) {
      self.requestLine = requestLine
      self.headerLine = headerLine
      self.headerBytes = headerBytes
      self.headerCount = headerCount
      self.body = body
    }
  }

  /// What was asked.
  public enum Method: Equatable, Sendable {
    /// `GET /`, with what followed `?` (`limit=5&offset=10`), if anything.
    case get(parameters: [UInt8])
    /// `POST /`.
    case post
  }

  /// A whole request.
  public struct Request: Equatable, Sendable {
    public var method: Method
    /// The `x-api-key` header's value (spaces around it dropped), if given.
    public var apiKey: [UInt8]?
    /// The body (POST): exactly `Content-Length` bytes.
    public var body: [UInt8]
  }

  /// Why a request is refused: the status to answer and the message (fzf's
  /// words where fzf has them).
  public struct Failure: Error, Equatable, Sendable {
    public var status: HTTPStatus
    public var message: String

    public init(_ status: HTTPStatus, _ message: String) {
      self.status = status
      self.message = message
    }
  }

  /// Where the request stands after the bytes fed so far.
  public enum Progress: Equatable, Sendable {
    case needsMore
    case complete(Request)
    case failed(Failure)
  }

  private enum Phase: Equatable, Sendable {
    case requestLine, headers, body, done
  }

  public let limits: Limits
  public private(set) var progress = Progress.needsMore
  private var phase = Phase.requestLine
  /// The line being read, without its terminator.
  private var line: [UInt8] = []
  private var headerBytes = 0
  private var headerCount = 0
  private var method = Method.post
  private var contentLength: Int? = nil
  private var apiKey: [UInt8]? = nil
  private var body: [UInt8] = []

  public init(limits: Limits = .standard) {
    self.limits = limits
  }

  /// Takes the next bytes of the connection; what is known now. Once the
  /// request is complete or refused, further bytes change nothing.
  @discardableResult
  public mutating func feed(_ bytes: some Collection<UInt8>) -> Progress {
    var rest = bytes[...]
    while phase != .done, !rest.isEmpty {
      if phase == .body {
        let wanted = (contentLength ?? 0) - body.count
        body += rest.prefix(wanted)
        rest = rest.dropFirst(wanted)
        if body.count == contentLength { finish() }
        continue
      }
      guard let newline = rest.firstIndex(of: 0x0A) else {
        line += rest
        rest = rest[rest.endIndex...]
        checkLineLength()
        break
      }
      line += rest[..<newline]
      rest = rest[rest.index(after: newline)...]
      checkLineLength()
      guard phase != .done else { break }
      if line.last == 0x0D { line.removeLast() }
      let complete = line
      line = []
      take(line: complete)
    }
    return progress
  }

  /// The answer for a connection that ended (or timed out) before the
  /// request was whole: fzf's `incomplete request`.
  public static let incomplete = Failure(.badRequest, "incomplete request")

  // MARK: Lines

  /// Refuses a line that is already longer than its limit (its CR counted).
  private mutating func checkLineLength() {
    switch phase {
    case .requestLine:
      if line.count > limits.requestLine + 1 { fail(.uriTooLong, "request line too long") }
    case .headers:
      if line.count > limits.headerLine + 1 || headerBytes + line.count > limits.headerBytes {
        fail(.headerFieldsTooLarge, "request header fields too large")
      }
    case .body, .done:
      break
    }
  }

  private mutating func take(line: [UInt8]) {
    switch phase {
    case .requestLine: requestLine(line)
    case .headers: headerLine(line)
    case .body, .done: break
    }
  }

  /// `GET /[?PARAMETERS] HTTP/…` or `POST / HTTP/…`.
  private mutating func requestLine(_ line: [UInt8]) {
    let words = line.split(separator: 0x20, omittingEmptySubsequences: false)
    guard words.count == 3, words[2].starts(with: Array("HTTP/".utf8)) else {
      return fail(.badRequest, "invalid request method")
    }
    let target = Array(words[1])
    switch Array(words[0]) {
    case Array("POST".utf8) where target == [0x2F]:
      method = .post
    case Array("GET".utf8) where target == [0x2F]:
      method = .get(parameters: [])
    case Array("GET".utf8) where target.starts(with: Array("/?".utf8)) && target.count > 2:
      let parameters = Array(target.dropFirst(2))
      guard parameters.allSatisfy(Self.isParameterByte) else { return fail(.badRequest, "invalid request method") }
      method = .get(parameters: parameters)
    default:
      return fail(.badRequest, "invalid request method")
    }
    phase = .headers
  }

  /// fzf's `[a-z0-9=&]`.
  private static func isParameterByte(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x3D || byte == 0x26
  }

  /// A header, or the empty line that ends them.
  private mutating func headerLine(_ line: [UInt8]) {
    guard !line.isEmpty else { return headersEnded() }
    headerBytes += line.count + 2
    headerCount += 1
    guard headerCount <= limits.headerCount else {
      return fail(.headerFieldsTooLarge, "too many header fields")
    }
    guard let colon = line.firstIndex(of: 0x3A), colon > 0 else {
      return fail(.badRequest, "invalid header line")
    }
    let name = line[..<colon].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    let value = Self.trimmed(line[(colon + 1)...])
    if name == Array("x-api-key".utf8) {
      apiKey = Array(value)
    } else if name == Array("content-length".utf8) {
      contentLengthHeader(value)
    }
  }

  private mutating func contentLengthHeader(_ value: ArraySlice<UInt8>) {
    // Digits only (at most 10: no overflow), as HTTP has it; fzf's Atoi also took a sign.
    guard !value.isEmpty, value.count <= 10, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      return fail(.badRequest, "invalid content length")
    }
    let length = value.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    guard length > 0 else { return fail(.badRequest, "invalid content length") }
    guard contentLength == nil || contentLength == length else {
      return fail(.badRequest, "invalid content length")
    }
    guard length <= limits.body else { return fail(.contentTooLarge, "content too large") }
    contentLength = length
  }

  private mutating func headersEnded() {
    if case .get = method { return finish() }
    guard contentLength != nil else { return fail(.badRequest, "content-length header missing") }
    phase = .body
  }

  private mutating func finish() {
    phase = .done
    progress = .complete(Request(method: method, apiKey: apiKey, body: body))
  }

  private mutating func fail(_ status: HTTPStatus, _ message: String) {
    phase = .done
    line = []
    body = []
    progress = .failed(Failure(status, message))
  }

  /// Spaces and tabs dropped from both ends.
  private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = bytes
    while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
    while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
    return slice
  }
}
