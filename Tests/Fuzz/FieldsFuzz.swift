// Fuzzes field expressions and field splitting (Sources/PickCore/Fields):
// FieldRange parsing, FieldSplitter on arbitrary lines, FieldSelection's
// `--nth` chunks and `--with-nth` / `--accept-nth` texts.
//
// Input layout: one flag byte (bit 0: a literal delimiter, else AWK style;
// bits 1-2: its length, 0-3), the delimiter's bytes, one length byte and
// that many bytes of range expressions (`1,3..-1`), then the line.
//
// Invariants: fields cover the line in order with nothing lost (after the
// leading blanks, AWK style) and end where the rules say; a parsed range
// list has no index 0 and prints back to itself; token spans stay inside
// the fields; chunks stay inside the line; selecting every field shows the
// line; `-d`'s escapes read back what they wrote.
@testable import PickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFields(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let flags = input.byte()
  let delimiter = flags & 1 == 0 ? nil : input.take(Int(flags >> 1 & 3))
  let expression = input.take(Int(input.byte()))
  let line = input.rest()
  let splitter = FieldSplitter(delimiter: delimiter)
  let shown = escaped(line)

  var tokens: [Range<Int>] = []
  line.withUnsafeBufferPointer { splitter.tokenize($0, into: &tokens) }
  FieldChecks.tokens(tokens, of: line, delimiter: delimiter, shown)

  if let delimiter {
    let written = FieldChecks.escapedDelimiter(delimiter)
    require(FieldSplitter.delimiter(unescaping: written) == delimiter, "-d escape round trip")
  }

  var ranges: [FieldRange] = []
  if let text = String(validating: expression, as: UTF8.self),
    let parsed = FieldRange.parseList(text)
  {
    ranges = parsed
    for range in parsed {
      require(range.begin != 0 && range.end != 0, "index 0 accepted in \(text)")
      if let begin = range.begin, let end = range.end {
        require(!(begin < 0 && end > 0), "negative-to-positive range accepted: \(text)")
      }
      for count in 0...(tokens.count + 2) {
        let span = range.tokenSpan(count: count)
        // An empty span only marks a position (fzf's `minIdx`), which may lie past the end.
        require(
          span.indices.isEmpty
            || (span.indices.lowerBound >= 0 && span.indices.upperBound <= count),
          "\(range) spans \(span.indices) of \(count) fields")
      }
    }
    let printed = parsed.map(FieldChecks.text(of:)).joined(separator: ",")
    require(
      FieldRange.parseList(printed) == parsed, "\(text) printed as \(printed) reads differently")
  }

  let selection = FieldSelection(ranges, splitter: splitter)
  var chunks: [Range<Int>] = []
  var shownText: [UInt8] = []
  var accepted: [UInt8] = []
  line.withUnsafeBufferPointer { text in
    selection.chunks(of: text, tokens: &tokens, into: &chunks)
    selection.shownText(of: text, tokens: &tokens, into: &shownText)
    selection.acceptedText(of: text, tokens: &tokens, into: &accepted)
  }
  for chunk in chunks {
    require(chunk.lowerBound >= 0 && chunk.upperBound <= line.count, "chunk \(chunk) of \(shown)")
  }
  require(chunks.count == max(1, ranges.count) || selection.searchesWholeText, "chunk count")

  // Every field, shown: the line less its leading blanks (AWK style), its
  // trailing white space trimmed.
  var all: [UInt8] = []
  line.withUnsafeBufferPointer { text in
    FieldSelection([FieldRange(begin: nil, end: nil)], splitter: splitter)
      .shownText(of: text, tokens: &tokens, into: &all)
  }
  let start = delimiter == nil ? (line.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? line.count) : 0
  require(line[start...].starts(with: all), "`..` shows \(escaped(all)) for \(shown)")
  return 0
}

enum FieldChecks {
  /// Checks `tokens` against the splitting rules of `FieldSplitter`.
  static func tokens(_ tokens: [Range<Int>], of line: [UInt8], delimiter: [UInt8]?, _ shown: String) {
    let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
    var position = 0
    if delimiter == nil {
      while position < line.count && isBlank(line[position]) { position += 1 }
    }
    for token in tokens {
      require(token.lowerBound == position, "a gap or overlap before \(token) in \(shown)")
      position = token.upperBound
    }
    require(position == line.count, "fields end at \(position) of \(line.count): \(shown)")
    guard let delimiter else {
      for token in tokens {
        let field = line[token]
        require(!field.isEmpty && !isBlank(field[field.startIndex]), "a blank field in \(shown)")
        let body = field.prefix { !isBlank($0) }
        require(
          field.dropFirst(body.count).allSatisfy(isBlank), "a field holds a blank inside: \(shown)")
      }
      return
    }
    if delimiter.isEmpty {
      for token in tokens {
        require((1...4).contains(token.count), "a character of \(token.count) bytes in \(shown)")
        if token.count > 1 {
          require(
            String(validating: line[token], as: UTF8.self) != nil, "invalid UTF-8 as one field")
          require(
            String(decoding: line[token], as: UTF8.self).unicodeScalars.count == 1, "two scalars")
        }
      }
      return
    }
    require(!tokens.isEmpty, "no field for a literal delimiter: \(shown)")
    for (index, token) in tokens.enumerated() {
      let field = Array(line[token])
      let found = firstOccurrence(of: delimiter, in: field)
      if index == tokens.count - 1 {
        require(found == nil, "the last field holds the delimiter: \(shown)")
      } else {
        require(found == field.count - delimiter.count, "field \(index) of \(shown) ends wrongly")
      }
    }
  }

  static func firstOccurrence(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    return (0...(haystack.count - needle.count)).first {
      Array(haystack[$0..<$0 + needle.count]) == needle
    }
  }

  /// How a user writes `delimiter` for `-d`.
  static func escapedDelimiter(_ delimiter: [UInt8]) -> [UInt8] {
    delimiter.flatMap { byte -> [UInt8] in
      switch byte {
      case 0x5C: [0x5C, 0x5C]
      case 0x09: [0x5C, UInt8(ascii: "t")]
      case 0x0A: [0x5C, UInt8(ascii: "n")]
      case 0x00: [0x5C, UInt8(ascii: "0")]
      default: [byte]
      }
    }
  }

  /// A range as the expression that names it.
  static func text(of range: FieldRange) -> String {
    if let begin = range.begin, begin == range.end { return "\(begin)" }
    return (range.begin.map(String.init) ?? "") + ".." + (range.end.map(String.init) ?? "")
  }
}
