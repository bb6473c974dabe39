// Fuzzes HTTPRequestParser and RemoteExchange (Sources/PickCore/Remote), the
// code that reads what any local process (or, with PICK_API_KEY, any host)
// sends to `--listen`.
//
// Input layout: one byte for the limits (small ones, so that every limit is
// reached), then the request's bytes.
//
// Invariants: parsing never traps; feeding the bytes in any split (chosen by
// a generator seeded from the input) gives the same outcome as feeding them
// whole; a complete POST's body is exactly its Content-Length, within the
// limit; a refusal's status is one of 400, 413, 414, 431; the exchange's
// answer to a complete request is a well-formed status line, and a
// successful GET parameter window is never negative in length.
@testable import PickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let choice = Int(input.byte())
  let limits =
    choice & 1 == 0
    ? HTTPRequestParser.Limits.standard
    : HTTPRequestParser.Limits(
      requestLine: 8 + choice % 40, headerLine: 4 + choice % 30, headerBytes: 16 + choice % 64,
      headerCount: 1 + choice % 5, body: 1 + choice % 50)
  let bytes = input.rest()
  let shown = escaped(Array(bytes.prefix(200)))

  var whole = HTTPRequestParser(limits: limits)
  let expected = whole.feed(bytes)
  var generator = seededGenerator(from: bytes)
  var split = HTTPRequestParser(limits: limits)
  var rest = bytes[...]
  var progress = HTTPRequestParser.Progress.needsMore
  while !rest.isEmpty {
    let size = Int.random(in: 1...max(1, min(rest.count, 64)), using: &generator)
    progress = split.feed(rest.prefix(size))
    rest = rest.dropFirst(size)
  }
  require(progress == expected, "a split changed the outcome of \(shown)")

  switch expected {
  case .needsMore:
    break
  case .failed(let failure):
    require([400, 413, 414, 431].contains(failure.status.code), "status \(failure.status.code) for \(shown)")
  case .complete(let request):
    if request.method == .post {
      require(!request.body.isEmpty && request.body.count <= limits.body, "a body outside the limit from \(shown)")
    } else {
      require(request.body.isEmpty, "a GET with a body from \(shown)")
    }
    for exchange in [
      RemoteExchange(apiKey: [], allowsCommands: false),
      RemoteExchange(apiKey: Array("key".utf8), allowsCommands: true),
    ] {
      switch exchange.outcome(of: request) {
      case .answer(let answer):
        require(answer.starts(with: Array("HTTP/1.1 ".utf8)), "a malformed answer to \(shown)")
      case .actions(let actions):
        if !exchange.allowsCommands {
          require(!actions.contains(where: RemoteExchange.runsCommand), "a command let through from \(shown)")
        }
      case .status(let limit, let offset):
        require(PickerController.window(1000, limit: limit, offset: offset).count >= 0, "a bad window")
      }
    }
  }
  return 0
}
