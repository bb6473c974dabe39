// Fuzzes KeyDecoder (Sources/PickCore/Input).
//
// Input layout: one flag byte (bit 0: the batches are cooked; bit 1: a
// cursor report is expected), then segments, each a length (one byte below
// 0x80, else two bytes: 15 bits) and that many terminal bytes. After each
// segment the escape delay passes: the harness calls `timedOut()` if the
// decoder is waiting, as the event loop does.
//
// Invariants: the events are the same whether each segment is fed whole,
// byte by byte or cut at random points; every event is well-formed (no
// control character typed as text or pasted, F-keys 1–12, at most one
// cursor report and only when one was expected); no more events than
// bytes; nothing is held after a timeout.
@testable import PickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let flags = input.byte()
  let cooked = flags & 1 != 0
  let expectsReport = flags & 2 != 0
  var segments: [[UInt8]] = []
  while !input.isEmpty {
    let lead = Int(input.byte())
    let length = lead < 0x80 ? lead : (lead & 0x7F) << 8 | Int(input.byte())
    segments.append(input.take(length))
  }
  var splitter = seededGenerator(from: segments.flatMap { $0 } + [flags])

  let whole = decode(segments, cooked: cooked, expectsReport: expectsReport) { [$0] }
  let byteByByte = decode(segments, cooked: cooked, expectsReport: expectsReport) {
    $0.map { [$0] }
  }
  let randomCuts = decode(segments, cooked: cooked, expectsReport: expectsReport) { segment in
    var pieces: [[UInt8]] = []
    var rest = segment[...]
    while !rest.isEmpty {
      let length = Int.random(in: 1...min(rest.count, 9), using: &splitter)
      pieces.append(Array(rest.prefix(length)))
      rest = rest.dropFirst(length)
    }
    return pieces
  }
  let shown = segments.map(escaped).joined(separator: " | ")
  require(whole == byteByByte, "byte-by-byte feeding differs for \(shown)")
  require(whole == randomCuts, "random cuts differ for \(shown)")

  let byteCount = segments.reduce(0) { $0 + $1.count }
  require(whole.count <= byteCount, "\(whole.count) events from \(byteCount) bytes: \(shown)")
  var reports = 0
  for event in whole {
    switch event {
    case .key(let key): checkKey(key, shown)
    case .paste(let text):
      require(!text.isEmpty, "an empty paste")
      require(text.unicodeScalars.allSatisfy(isText), "a control character pasted: \(shown)")
    case .cursorPosition(let row, let column):
      reports += 1
      require(row >= 0 && column >= 0, "negative cursor report")
    case .modeReport(let mode, let value):
      require(mode >= 0 && value >= 0, "negative mode report")
    case .mouse(let mouse):
      require(mouse.row >= 0 && mouse.column >= 0, "negative mouse position: \(shown)")
    }
  }
  require(reports <= (expectsReport ? 1 : 0), "\(reports) cursor reports: \(shown)")
  return 0
}

/// Feeds each segment in the pieces `cut` makes of it, then times out if
/// the decoder waits.
private func decode(
  _ segments: [[UInt8]], cooked: Bool, expectsReport: Bool, cut: ([UInt8]) -> [[UInt8]]
) -> [InputEvent] {
  var decoder = KeyDecoder()
  decoder.expectsCursorReport = expectsReport
  var events: [InputEvent] = []
  for segment in segments {
    for piece in cut(segment) { events += decoder.feed(piece, cooked: cooked) }
    require((decoder.waitMilliseconds != nil) == decoder.isWaiting, "waitMilliseconds disagrees")
    if decoder.isWaiting { events += decoder.timedOut() }
    require(!decoder.isWaiting, "still waiting after a timeout")
  }
  return events
}

private func isText(_ scalar: Unicode.Scalar) -> Bool {
  !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
}

private func checkKey(_ key: Key, _ shown: String) {
  switch key.code {
  case .character(let scalar):
    require(isText(scalar), "control U+\(String(scalar.value, radix: 16)) as text: \(shown)")
  case .control(let scalar):
    require(
      ("a"..."z").contains(scalar) || " \\]^/".unicodeScalars.contains(scalar),
      "unexpected control key \(scalar): \(shown)")
  case .function(let number):
    require((1...12).contains(number), "F\(number): \(shown)")
  default:
    break
  }
}
