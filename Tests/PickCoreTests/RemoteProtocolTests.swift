import PickTestSupport
import Testing

@testable import PickCore

// --listen's pure parts: the address, the request parser, the exchange's
// decisions and the JSON writer (Docs/Design.md, Remote control).

@Test(arguments: [
  ("", ListenAddress.tcp(host: "127.0.0.1", port: 0)),
  ("6266", .tcp(host: "127.0.0.1", port: 6266)),
  (":6266", .tcp(host: "127.0.0.1", port: 6266)),
  ("localhost:80", .tcp(host: "127.0.0.1", port: 80)),
  ("0.0.0.0:6266", .tcp(host: "0.0.0.0", port: 6266)),
  ("127.000.0.9:1", .tcp(host: "127.0.0.9", port: 1)),
  ("/tmp/fzf.sock", .socket(path: Array("/tmp/fzf.sock".utf8))),
  ("pick.sock", .socket(path: Array("pick.sock".utf8))),
  ("./control", .socket(path: Array("./control".utf8))),
  ("unix", .privateSocket),
])
func `listen addresses read as fzf's, plus paths with a slash and unix`(value: String, expected: ListenAddress) throws {
  if !value.isEmpty { #expect(try ListenAddress.parse(Array(value.utf8)) == expected) }
  let options = try OptionParser.parse(arguments: [Array((value.isEmpty ? "--listen" : "--listen=\(value)").utf8)])
  #expect(options.listen == expected)
  #expect(options.listenUnsafe == false)
}

@Test func `only loopback addresses and sockets are local`() throws {
  #expect(try ListenAddress.parse(Array("127.0.0.2:1".utf8)).isLocal)
  #expect(try ListenAddress.parse(Array("x.sock".utf8)).isLocal)
  #expect(ListenAddress.privateSocket.isLocal)
  #expect(try !ListenAddress.parse(Array("0.0.0.0:1".utf8)).isLocal)
  #expect(try !ListenAddress.parse(Array("192.168.1.2:1".utf8)).isLocal)
}

@Test(arguments: ["", "65536", "-1", "x", "a:b:1", "myhost:80", "1.2.3:80", "256.0.0.1:80", "1.2.3.4.5:80", "::1:80"])
func `bad listen values are refused`(value: String) {
  #expect(throws: InvalidValue.self) { try ListenAddress.parse(Array(value.utf8)) }
}

/// Row 125: the value only attaches (an optional value, as `--multi`'s).
@Test func `--listen takes its value only attached, and --no-listen turns it off`() throws {
  #expect(throws: OptionError.self) { try OptionParser.parse(arguments: [Array("--listen".utf8), Array("6266".utf8)]) }
  let unsafe = try OptionParser.parse(arguments: [Array("--listen-unsafe=1.2.3.4:5".utf8)])
  #expect(unsafe.listen == .tcp(host: "1.2.3.4", port: 5) && unsafe.listenUnsafe)
  let off = try OptionParser.parse(arguments: [Array("--listen-unsafe".utf8), Array("--no-listen".utf8)])
  #expect(off.listen == nil && !off.listenUnsafe)
}

// MARK: The request parser

private func parse(_ text: String, limits: HTTPRequestParser.Limits = .standard) -> HTTPRequestParser.Progress {
  var parser = HTTPRequestParser(limits: limits)
  return parser.feed(Array(text.utf8))
}

private func failure(_ status: HTTPStatus, _ message: String) -> HTTPRequestParser.Progress {
  .failed(.init(status, message))
}

@Test func `GET and POST requests are read whole, with the key and the body`() {
  #expect(
    parse("GET / HTTP/1.1\r\nHost: x\r\n\r\n") == .complete(.init(method: .get(parameters: []), apiKey: nil, body: [])))
  #expect(
    parse("GET /?limit=5&offset=2 HTTP/1.0\nX-API-Key:  k e y \n\n")
      == .complete(
        .init(method: .get(parameters: Array("limit=5&offset=2".utf8)), apiKey: Array("k e y".utf8), body: [])))
  #expect(
    parse("POST / HTTP/1.1\r\ncontent-length: 2\r\n\r\nupEXTRA")
      == .complete(.init(method: .post, apiKey: nil, body: Array("up".utf8))))
  #expect(parse("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nup") == .needsMore)
  #expect(parse("GET / HTTP/1.1\r\n") == .needsMore)
}

@Test(arguments: [
  ("PUT / HTTP/1.1\r\n\r\n", HTTPStatus.badRequest, "invalid request method"),
  ("GET /x HTTP/1.1\r\n\r\n", .badRequest, "invalid request method"),
  ("GET /?a=%20 HTTP/1.1\r\n\r\n", .badRequest, "invalid request method"),
  ("\r\nGET / HTTP/1.1\r\n\r\n", .badRequest, "invalid request method"),
  ("POST / HTTP/1.1\r\n\r\n", .badRequest, "content-length header missing"),
  ("POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n", .badRequest, "invalid content length"),
  ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", .badRequest, "invalid content length"),
  ("POST / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n", .badRequest, "invalid content length"),
  ("POST / HTTP/1.1\r\nContent-Length: 1048577\r\n\r\n", .contentTooLarge, "content too large"),
  ("GET / HTTP/1.1\r\nno colon\r\n\r\n", .badRequest, "invalid header line"),
])
func `malformed requests are refused as fzf or HTTP says`(request: String, status: HTTPStatus, message: String) {
  #expect(parse(request) == failure(status, message))
}

/// Row 129: every part has a limit, checked before the part is whole.
@Test func `limits are checked as bytes arrive`() {
  let limits = HTTPRequestParser.Limits(requestLine: 20, headerLine: 10, headerBytes: 25, headerCount: 3, body: 5)
  #expect(
    parse("GET /?" + String(repeating: "a", count: 30), limits: limits) == failure(.uriTooLong, "request line too long")
  )
  #expect(
    parse("GET / HTTP/1.1\r\nx: " + String(repeating: "b", count: 20), limits: limits)
      == failure(.headerFieldsTooLarge, "request header fields too large"))
  #expect(
    parse("GET / HTTP/1.1\r\na: 1\r\nb: 2\r\nc: 3\r\nd: 4\r\n", limits: limits)
      == failure(.headerFieldsTooLarge, "too many header fields"))
  #expect(
    parse("GET / HTTP/1.1\r\na: 12345\r\nb: 12345\r\nc: 12345\r\n", limits: limits)
      == failure(.headerFieldsTooLarge, "request header fields too large"))
  #expect(
    parse(
      "POST / HTTP/1.1\r\nContent-Length: 6\r\n\r\n",
      limits: .init(requestLine: 20, headerLine: 20, headerBytes: 99, headerCount: 3, body: 5))
      == failure(.contentTooLarge, "content too large"))
}

@Test func `any split of a request gives the same outcome`() {
  var generator = SeededGenerator(seed: 18)
  let requests = [
    "POST / HTTP/1.1\r\nx-api-key: abc\r\nContent-Length: 11\r\n\r\nchange-q(x)",
    "GET /?limit=3 HTTP/1.1\nA: b\n\n", "GET / HTTP/1.1\r\nbroken\r\n\r\n",
  ]
  for request in requests {
    let bytes = Array(request.utf8)
    let whole = parse(request)
    for _ in 0..<200 {
      var parser = HTTPRequestParser()
      var rest = bytes[...]
      var progress = HTTPRequestParser.Progress.needsMore
      while !rest.isEmpty {
        let size = Int.random(in: 1...max(1, rest.count), using: &generator)
        progress = parser.feed(rest.prefix(size))
        rest = rest.dropFirst(size)
      }
      #expect(progress == whole, "\(request)")
    }
  }
}

// MARK: The exchange

private func request(_ method: HTTPRequestParser.Method, key: String? = nil, body: String = "")
  -> HTTPRequestParser.Request
{
  .init(method: method, apiKey: key.map { Array($0.utf8) }, body: Array(body.utf8))
}

@Test func `the key must match exactly when one is set`() {
  let exchange = RemoteExchange(apiKey: Array("s3cret".utf8), allowsCommands: true)
  let refused = RemoteExchange.Outcome.answer(
    Array("HTTP/1.1 401 Unauthorized\r\nContent-Length: 16\r\n\r\ninvalid api key\n".utf8))
  for key in [nil, "", "s3cre", "s3cret ", "S3cret"] {
    #expect(exchange.outcome(of: request(.get(parameters: []), key: key)) == refused, "\(key ?? "none")")
  }
  #expect(exchange.outcome(of: request(.get(parameters: []), key: "s3cret")) == .status(limit: 100, offset: 0))
  #expect(RemoteExchange.keysMatch(Array("ab".utf8), Array("ab".utf8)))
  #expect(!RemoteExchange.keysMatch(Array("ab".utf8), Array("abc".utf8)))
  #expect(!RemoteExchange.keysMatch([], Array("a".utf8)))
}

@Test func `a POST body is an action list, trimmed of line ends`() {
  let exchange = RemoteExchange(apiKey: [], allowsCommands: true)
  #expect(
    exchange.outcome(of: request(.post, body: "\r\nchange-query(a,b+c)+first\n"))
      == .actions([.changeQuery(Array("a,b+c".utf8)), .first]))
  #expect(
    exchange.outcome(of: request(.post, body: "change-prompt:x+y"))
      == .actions([.changePrompt(Array("x+y".utf8))]))
  #expect(
    exchange.outcome(of: request(.post, body: "\n\n"))
      == .answer(HTTPResponse.failure(.init(.badRequest, "no action specified"))))
  #expect(
    exchange.outcome(of: request(.post, body: "up+nope"))
      == .answer(HTTPResponse.failure(.init(.badRequest, "unknown action: nope"))))
}

@Test func `over a remote address without --listen-unsafe, commands are dropped`() {
  let exchange = RemoteExchange(apiKey: Array("k".utf8), allowsCommands: false)
  #expect(
    exchange.outcome(
      of: request(
        .post, key: "k",
        body: "execute(x)+reload(y)+up+become(z)+transform-header(w)+bg-transform(v)+refresh-preview+down"))
      == .actions([.up, .down]))
}

@Test func `GET parameters are fzf's limit and offset`() {
  #expect(RemoteExchange.window(Array("limit=5&offset=7".utf8)) == (5, 7))
  #expect(RemoteExchange.window(Array("offset=3&limit=x&foo=1".utf8)) == (100, 3))
  #expect(PickerController.window(10, limit: 5, offset: 8) == 8..<10)
  #expect(PickerController.window(10, limit: Int.max, offset: -3) == 0..<10)
  #expect(PickerController.window(10, limit: 2, offset: 40) == 10..<10)
}

// MARK: JSON

@Test func `strings are escaped and invalid UTF-8 becomes U+FFFD`() {
  var json = JSONWriter()
  json.beginArray()
  json.string(Array("a\"b\\c\n\t\u{1}é\u{2028}😀".utf8))
  json.string([0x61, 0xFF, 0xC3, 0x62, 0xE2, 0x82])
  json.number(-3)
  json.bool(true)
  json.null()
  json.endArray()
  #expect(
    String(decoding: json.bytes, as: UTF8.self)
      == #"["a\"b\\c\n\t\u0001é\u2028😀","a\ufffd\ufffdb\ufffd\ufffd",-3,true,null]"#)
  #expect(String(validating: json.bytes, as: UTF8.self) != nil)
}

@Test func `match positions are character indices`() {
  let text: [UInt8] = Array("aéb".utf8) + [0xFF, 0x63]
  text.withUnsafeBufferPointer {
    #expect(JSONWriter.scalarIndices(of: [0, 1, 2, 3, 4, 5], in: $0) == [0, 1, 1, 2, 3, 4])
  }
}
