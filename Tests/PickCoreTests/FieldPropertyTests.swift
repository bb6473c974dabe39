import Testing

@testable import PickCore

// Seeded property tests of field expressions and splitting: FieldSplitter
// against straightforward reference splitters, FieldRange lists against the
// grammar they were generated from, FieldSelection's outputs inside their
// bounds. Tests/Fuzz has the libFuzzer harness for the same properties.

private func below(_ bound: Int, _ rng: inout SeededGenerator) -> Int {
  Int(rng.next() % UInt64(bound))
}

/// Line pieces: blanks, delimiters, text, a wide space, invalid bytes.
private let linePieces: [[UInt8]] =
  ["a", "b", "xy", " ", " ", "\t", ",", ":", "::", "é", "\u{3000}"].map { Array($0.utf8) } + [
    [0xFF], [0xE2, 0x82],
  ]

private let delimiters: [[UInt8]?] = [
  nil, nil, [0x2C], [0x3A, 0x3A], [0x3A], [0x09], [0x20], [0x61, 0x62], [],
]

private func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

/// AWK style, as fzf's `\S+\s*`: each run of non-blanks with the blanks after it.
private func referenceAWKFields(_ line: [UInt8]) -> [[UInt8]] {
  let runs = line.indices.filter { !isBlank(line[$0]) && ($0 == 0 || isBlank(line[$0 - 1])) }
  return runs.enumerated().map { index, start in
    Array(line[start..<(index + 1 < runs.count ? runs[index + 1] : line.count)])
  }
}

/// Go's `strings.SplitAfter`: every leftmost occurrence ends a field; the rest is the last.
private func referenceSplitAfter(_ line: [UInt8], _ delimiter: [UInt8]) -> [[UInt8]] {
  var fields: [[UInt8]] = []
  var rest = line[...]
  while let found = rest.firstRange(of: delimiter) {
    fields.append(Array(rest[..<found.upperBound]))
    rest = rest[found.upperBound...]
  }
  return fields + [Array(rest)]
}

/// `SplitAfter(s, "")`: one field per UTF-8 sequence, an invalid byte alone.
private func referenceCharacters(_ line: [UInt8]) -> [[UInt8]] {
  var fields: [[UInt8]] = []
  var start = 0
  while start < line.count {
    var iterator = line[start...].makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var length = 1
    if case .valid(let encoded) = parser.parseScalar(from: &iterator) { length = encoded.count }
    fields.append(Array(line[start..<start + length]))
    start += length
  }
  return fields
}

@Test func `fields are what the reference splitters make of any line`() {
  var rng = SeededGenerator(seed: 0x4649_454C)
  var failures: [String] = []
  for _ in 0..<100_000 {
    var line: [UInt8] = []
    for _ in 0..<below(10, &rng) { line += linePieces[below(linePieces.count, &rng)] }
    let delimiter = delimiters[below(delimiters.count, &rng)]
    var tokens: [Range<Int>] = []
    line.withUnsafeBufferPointer { FieldSplitter(delimiter: delimiter).tokenize($0, into: &tokens) }
    let fields = tokens.map { Array(line[$0]) }
    let expected: [[UInt8]]
    switch delimiter {
    case nil: expected = referenceAWKFields(line)
    case let delimiter? where delimiter.isEmpty: expected = referenceCharacters(line)
    case let delimiter?: expected = referenceSplitAfter(line, delimiter)
    }
    // Contiguous ranges: the fields concatenate back to the line (AWK style:
    // less its leading blanks).
    let leading = delimiter == nil ? line.prefix(while: isBlank).count : 0
    let contiguous = zip(tokens, tokens.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound }
    let covers =
      tokens.isEmpty
      ? leading == line.count
      : tokens[0].lowerBound == leading && tokens.last?.upperBound == line.count
    if fields != expected || !contiguous || !covers {
      failures.append(
        "\(line) split on \(String(describing: delimiter)): \(fields), expected \(expected)")
      if failures.count >= 5 { break }
    }
  }
  #expect(failures.isEmpty, "\(failures)")
}

@Test func `range lists parse to the ranges they were written from`() {
  var rng = SeededGenerator(seed: 0x4649_454D)
  var failures: [String] = []
  var valid = 0
  for _ in 0..<100_000 {
    var parts: [String] = []
    var ranges: [FieldRange] = []
    var isValid = true
    for _ in 0...below(3, &rng) {
      let begin = below(3, &rng) == 0 ? nil : below(9, &rng) - 4
      let end = below(3, &rng) == 0 ? nil : below(9, &rng) - 4
      let single = below(3, &rng) == 0 && begin != nil
      let text: String
      if single, let begin {
        text = "\(begin)"
        ranges.append(FieldRange(begin))
        isValid = isValid && begin != 0
      } else {
        text = (begin.map(String.init) ?? "") + ".." + (end.map(String.init) ?? "")
        ranges.append(FieldRange(begin: begin, end: end))
        isValid = isValid && begin != 0 && end != 0 && !((begin ?? 1) < 0 && (end ?? -1) > 0)
      }
      parts.append(below(20, &rng) == 0 ? text + " " : text)
      if parts.last?.hasSuffix(" ") == true { isValid = false }
    }
    let text = parts.joined(separator: ",")
    let parsed = FieldRange.parseList(text)
    if parsed != (isValid ? ranges : nil) {
      failures.append("\(text): \(String(describing: parsed))")
      if failures.count >= 5 { break }
    }
    if let parsed {
      valid += 1
      for range in parsed {
        for count in 0..<6 {
          let span = range.tokenSpan(count: count)
          if !span.indices.isEmpty
            && (span.indices.lowerBound < 0 || span.indices.upperBound > count)
          {
            failures.append("\(range) selects \(span.indices) of \(count) fields")
          }
        }
      }
    }
  }
  #expect(failures.isEmpty, "\(failures)")
  #expect(valid > 20_000, "only \(valid) valid lists")
}

@Test func `selections stay inside the line, and all fields show and print the line`() {
  var rng = SeededGenerator(seed: 0x4649_454E)
  let expressions = ["1", "-1", "2..", "..-2", "1,1", "3..1", "..", "-5..", "2..-1", "7"]
  var failures: [String] = []
  for _ in 0..<100_000 {
    var line: [UInt8] = []
    for _ in 0..<below(8, &rng) { line += linePieces[below(linePieces.count, &rng)] }
    let delimiter = delimiters[below(delimiters.count, &rng)]
    let splitter = FieldSplitter(delimiter: delimiter)
    let ranges = (0...below(2, &rng)).compactMap { _ in
      FieldRange.parse(Substring(expressions[below(expressions.count, &rng)]))
    }
    var tokens: [Range<Int>] = []
    var chunks: [Range<Int>] = []
    var shown: [UInt8] = []
    var accepted: [UInt8] = []
    var allShown: [UInt8] = []
    var allAccepted: [UInt8] = []
    let everything = FieldSelection([FieldRange(begin: nil, end: nil)], splitter: splitter)
    line.withUnsafeBufferPointer { text in
      let selection = FieldSelection(ranges, splitter: splitter)
      selection.chunks(of: text, tokens: &tokens, into: &chunks)
      selection.shownText(of: text, tokens: &tokens, into: &shown)
      selection.acceptedText(of: text, tokens: &tokens, into: &accepted)
      everything.shownText(of: text, tokens: &tokens, into: &allShown)
      everything.acceptedText(of: text, tokens: &tokens, into: &allAccepted)
    }
    var problems: [String] = []
    if chunks.contains(where: { $0.lowerBound < 0 || $0.upperBound > line.count }) {
      problems.append("chunks")
    }
    if chunks.count != max(1, ranges.count)
      && !FieldSelection(ranges, splitter: splitter).searchesWholeText
    {
      problems.append("\(chunks.count) chunks for \(ranges.count) ranges")
    }
    // Every field: the line, less leading blanks (AWK), less trailing white
    // space when shown, less one trailing delimiter when printed (AWK: all
    // trailing white space).
    var body = line[...]
    if delimiter == nil { body = body.drop(while: isBlank) }
    var trimmed = body
    while true {
      if let last = trimmed.last, isBlank(last) {
        trimmed = trimmed.dropLast()
      } else if trimmed.count >= 3, trimmed.suffix(3).elementsEqual("\u{3000}".utf8) {
        trimmed = trimmed.dropLast(3)
      } else {
        break
      }
    }
    if allShown != Array(trimmed) { problems.append("`..` shows \(allShown)") }
    let printed: ArraySlice<UInt8>
    if let delimiter, !delimiter.isEmpty, body.count >= delimiter.count,
      body.suffix(delimiter.count).elementsEqual(delimiter)
    {
      printed = body.dropLast(delimiter.count)
    } else {
      printed = delimiter == nil ? trimmed : body
    }
    if allAccepted != Array(printed) { problems.append("`..` prints \(allAccepted)") }
    if !problems.isEmpty {
      failures.append("\(line) with \(String(describing: delimiter)), \(ranges): \(problems)")
      if failures.count >= 5 { break }
    }
  }
  #expect(failures.isEmpty, "\(failures)")
}
