/// What `--with-nth` and `--accept-nth` take: field index expressions
/// (`2,1`), or, as fzf 0.60 added, a template of text and placeholders
/// (`'{2} {1}. {1}.'`, `'[{n}] {1}'`).
public enum FieldSpec: Equatable, Sendable, ExpressibleByArrayLiteral {
  case ranges([FieldRange])
  case template(FieldTemplate)

  public init(arrayLiteral ranges: FieldRange...) {
    self = .ranges(ranges)
  }

  /// Every field expression it names (a template's, placeholder by placeholder).
  public var allRanges: [FieldRange] {
    switch self {
    case .ranges(let ranges): return ranges
    case .template(let template):
      return template.parts.flatMap { part -> [FieldRange] in
        if case .fields(let ranges) = part { return ranges }
        return []
      }
    }
  }

  /// Parses an option's value as fzf does: only digits, `,`, `-` and `.`
  /// make a list of expressions; anything else is a template, which needs at
  /// least one placeholder.
  public static func parse(_ bytes: [UInt8]) -> FieldSpec? {
    let isList = !bytes.isEmpty && bytes.allSatisfy { FieldTemplate.isExpressionByte($0) }
    if isList {
      guard let text = String(validating: bytes, as: UTF8.self), let ranges = FieldRange.parseList(text) else {
        return nil
      }
      return .ranges(ranges)
    }
    return FieldTemplate(bytes).map { .template($0) }
  }
}

/// A field template: literal text with `{N}`-style placeholders (any field
/// index expression list, e.g. `{2..}` or `{1,3}`) and `{n}`, the item's
/// 0-based index.
///
/// Each placeholder is replaced by its fields joined as in a plain list,
/// then stripped of one trailing delimiter (with AWK-style fields: trailing
/// white space), as fzf's `StripLastDelimiter`; the text around is copied
/// as written. A placeholder whose expression does not parse is dropped, as
/// in fzf.
public struct FieldTemplate: Equatable, Sendable {
  public enum Part: Equatable, Sendable {
    case text([UInt8])
    case fields([FieldRange])
    case index
  }

  public let parts: [Part]

  /// Whether the template has `{n}`.
  public var usesIndex: Bool { parts.contains(.index) }

  static func isExpressionByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ",")
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  /// nil when `bytes` has no placeholder (`{n}` or `{` expression bytes `}`).
  public init?(_ bytes: [UInt8]) {
    var parts: [Part] = []
    var literalStart = 0
    var index = 0
    var placeholders = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "{"), let close = Self.placeholderEnd(in: bytes, from: index) else {
        index += 1
        continue
      }
      if literalStart < index { parts.append(.text(Array(bytes[literalStart..<index]))) }
      let expression = bytes[(index + 1)..<close]
      placeholders += 1
      if expression.elementsEqual([UInt8(ascii: "n")]) {
        parts.append(.index)
      } else if let ranges = FieldRange.parseList(String(decoding: expression, as: UTF8.self)) {
        parts.append(.fields(ranges))
      }
      index = close + 1
      literalStart = index
    }
    guard placeholders > 0 else { return nil }
    if literalStart < bytes.count { parts.append(.text(Array(bytes[literalStart...]))) }
    self.parts = parts
  }

  /// The index of the `}` closing a placeholder that opens at `start`: `{n}`
  /// or `{` then one or more expression bytes then `}`.
  private static func placeholderEnd(in bytes: [UInt8], from start: Int) -> Int? {
    var index = start + 1
    if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "}") {
      return index + 1
    }
    while index < bytes.count, isExpressionByte(bytes[index]) { index += 1 }
    guard index > start + 1, index < bytes.count, bytes[index] == UInt8(ascii: "}") else { return nil }
    return index
  }
}
