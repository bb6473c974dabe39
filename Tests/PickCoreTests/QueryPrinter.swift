// Shared by QueryParserPropertyTests and the QueryParser fuzz harness
// (Tests/Fuzz/run.sh compiles this file into it), so both print queries
// back the same way.
@testable import PickCore

/// Writes a `Query` back in the grammar `QueryParser` reads, or `nil` when a
/// term's text cannot be written so that it reads back the same.
struct QueryPrinter {
  let parser: QueryParser

  func text(of query: Query) -> [UInt8]? {
    if !parser.isExtended {
      guard let term = query.groups.first?.first else { return [] }
      return Self.bytes(of: term.units)
    }
    var groups: [[UInt8]] = []
    for group in query.groups {
      var terms: [[UInt8]] = []
      for term in group {
        guard let text = token(for: term) else { return nil }
        terms.append(text)
      }
      groups.append(Array(terms.joined(separator: Array(" | ".utf8))))
    }
    return Array(groups.joined(separator: [0x20]))
  }

  /// One term as a token, with its spaces escaped.
  private func token(for term: Term) -> [UInt8]? {
    let units = term.units
    let text = Self.bytes(of: units).flatMap { $0 == 0x20 ? [0x5C, 0x20] : [$0] }
    let first = units.first
    let last = units.last
    let endsWithDollar = last == 0x24
    let bang: [UInt8] = term.isInverse ? [0x21] : []
    /// The term as plain text: neither a leading `'` or `^` (nor `!`, unless
    /// after the inverse's own) nor a trailing `$` (a lone `$` is fine).
    func plain() -> [UInt8]? {
      if first == 0x27 || first == 0x5E || (first == 0x21 && !term.isInverse) { return nil }
      if endsWithDollar && units.count > 1 { return nil }
      if units == [0x7C] { return nil }  // a lone `|` may be read as OR
      return bang + text
    }
    /// `'text`: not ending in `$`, nor in `'` (that would be `'text'`).
    func quoted() -> [UInt8]? {
      if endsWithDollar || (last == 0x27 && units.count > 1) { return nil }
      return bang + [0x27] + text
    }
    let token: [UInt8]?
    switch term.kind {
    case .exactBoundary: token = bang + [0x27] + text + [0x27]
    case .prefix: token = endsWithDollar ? nil : bang + [0x5E] + text
    case .equal: token = bang + [0x5E] + text + [0x24]
    case .suffix:
      let startsBadly = first == 0x27 || first == 0x5E || (first == 0x21 && !term.isInverse)
      token = startsBadly ? nil : bang + text + [0x24]
    case .exact: token = term.isInverse || parser.isExact ? plain() : quoted()
    case .fuzzy: token = term.isInverse || parser.isExact ? quoted() : plain()
    }
    // A backslash before the separating space would escape it.
    guard let token, token.last != 0x5C else { return nil }
    return token
  }

  /// The bytes of match units: scalars as UTF-8, invalid-byte units as the byte.
  static func bytes(of units: [UInt32]) -> [UInt8] {
    var bytes: [UInt8] = []
    for unit in units {
      if unit >= UTF8Decoding.invalidByteBase {
        bytes.append(UInt8(truncatingIfNeeded: unit - UTF8Decoding.invalidByteBase))
      } else if let scalar = Unicode.Scalar(unit) {
        bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
      }
    }
    return bytes
  }
}
