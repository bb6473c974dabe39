/// Splits an item into fields (fzf calls them tokens), as fzf 0.74 does.
///
/// A field keeps the separator that ends it, so concatenating fields gives
/// back the text they cover; `--with-nth` and `--accept-nth` rely on that.
///
/// - AWK style (no `-d`): leading spaces and tabs belong to no field; a field
///   is a run of bytes other than space and tab followed by the run of spaces
///   and tabs after it (fzf: `\S+\s*`, where only 0x20 and 0x09 count).
///   `"  a  b\tc  "` → `"a  "`, `"b\t"`, `"c  "`. Empty or blank text has no
///   fields. Other whitespace (`\r`, U+00A0…) is part of a field.
/// - Literal delimiter `d` (`-d`): as Go's `strings.SplitAfter`, every
///   leftmost non-overlapping occurrence ends a field, and the rest after the
///   last one is a field too, possibly empty. `",a,,b,"` → `","`, `"a,"`,
///   `","`, `"b,"`, `""`; `"a:::b::c"` with `::` → `"a::"`, `":b::"`, `"c"`.
///   So there is always one more field than occurrences, even for empty text.
/// - Empty delimiter (`-d ''`): every UTF-8 sequence is a field (an invalid
///   byte alone), as `SplitAfter(s, "")`; empty text has no fields.
///
/// Unlike fzf, `-d` is never a regular expression: pick matches it as bytes.
/// Fields are byte ranges, so items that are not valid UTF-8 split fine.
public struct FieldSplitter: Equatable, Sendable {
  /// The literal separator, or `nil` for AWK style.
  public let delimiter: [UInt8]?

  public init(delimiter: [UInt8]?) {
    self.delimiter = delimiter
  }

  /// Whether fields are split AWK style (no `-d`).
  public var isAWKStyle: Bool { delimiter == nil }

  /// Byte ranges of the fields of `text`, in order, into `tokens` (cleared
  /// first). Reuse one array across items: no other allocation happens.
  public func tokenize(_ text: UnsafeBufferPointer<UInt8>, into tokens: inout [Range<Int>]) {
    tokens.removeAll(keepingCapacity: true)
    guard let delimiter else {
      Self.tokenizeAWK(text, into: &tokens)
      return
    }
    switch delimiter.count {
    case 0: Self.tokenizeCharacters(text, into: &tokens)
    case 1: Self.tokenize(text, byte: delimiter[0], into: &tokens)
    default:
      delimiter.withUnsafeBufferPointer { Self.tokenize(text, bytes: $0, into: &tokens) }
    }
  }

  private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  private static func tokenizeAWK(
    _ text: UnsafeBufferPointer<UInt8>, into tokens: inout [Range<Int>]
  ) {
    var index = 0
    while index < text.count, isBlank(text[index]) { index += 1 }
    while index < text.count {
      let start = index
      while index < text.count, !isBlank(text[index]) { index += 1 }
      while index < text.count, isBlank(text[index]) { index += 1 }
      tokens.append(start..<index)
    }
  }

  private static func tokenize(
    _ text: UnsafeBufferPointer<UInt8>, byte: UInt8, into tokens: inout [Range<Int>]
  ) {
    var start = 0
    for index in 0..<text.count where text[index] == byte {
      tokens.append(start..<(index + 1))
      start = index + 1
    }
    tokens.append(start..<text.count)
  }

  private static func tokenize(
    _ text: UnsafeBufferPointer<UInt8>, bytes delimiter: UnsafeBufferPointer<UInt8>,
    into tokens: inout [Range<Int>]
  ) {
    var start = 0
    var index = 0
    while let found = firstOccurrence(of: delimiter, in: text, from: index) {
      index = found + delimiter.count
      tokens.append(start..<index)
      start = index
    }
    tokens.append(start..<text.count)
  }

  /// The first index at or after `from` where `needle` (2 bytes or more) starts.
  private static func firstOccurrence(
    of needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, from: Int
  ) -> Int? {
    guard text.count >= needle.count else { return nil }
    let first = needle[0]
    var index = from
    let last = text.count - needle.count
    outer: while index <= last {
      if text[index] == first {
        for offset in 1..<needle.count where text[index + offset] != needle[offset] {
          index += 1
          continue outer
        }
        return index
      }
      index += 1
    }
    return nil
  }

  private static func tokenizeCharacters(
    _ text: UnsafeBufferPointer<UInt8>, into tokens: inout [Range<Int>]
  ) {
    var index = 0
    while index < text.count {
      let length = FieldBytes.sequenceLength(at: index, in: text)
      tokens.append(index..<(index + length))
      index += length
    }
  }
}
