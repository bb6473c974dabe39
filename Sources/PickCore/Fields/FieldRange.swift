/// One field index expression of `--nth`, `--with-nth` and `--accept-nth`.
///
/// Grammar, as fzf's: `N` (one field), `BEGIN..END`, `BEGIN..`, `..END`, `..`
/// (all fields). Indices count from 1; negative indices count from the last
/// field (-1 is the last). 0 is never a valid index: it is a usage error.
/// A list is comma-separated (`1,3..5,-1`).
///
/// fzf 0.74 also rejects a range from a negative to a positive index (`-2..3`,
/// `-1..1`: "invalid format"), since whether it is reversed depends on the
/// item; `2..-1` and `-3..-2` are fine. Out-of-range and reversed ranges are
/// valid and select nothing (see `FieldSelection`).
public struct FieldRange: Equatable, Hashable, Sendable {
  /// First field, or `nil` for "from the first".
  public var begin: Int?
  /// Last field, or `nil` for "to the last".
  public var end: Int?

  public init(begin: Int?, end: Int?) {
    self.begin = begin
    self.end = end
  }

  /// A single field.
  public init(_ index: Int) {
    self.init(begin: index, end: index)
  }

  /// Parses one expression; `nil` when it is not valid (0, garbage, spaces).
  public static func parse(_ text: Substring) -> FieldRange? {
    func index(_ s: Substring) -> Int?? {
      if s.isEmpty { return .some(nil) }
      guard let n = Int(s), n != 0, s.first != "+" else { return nil }
      return .some(n)
    }
    if let dots = text.firstRange(of: "..") {
      guard let begin = index(text[..<dots.lowerBound]),
        let end = index(text[dots.upperBound...])
      else { return nil }
      if let begin, let end, begin < 0, end > 0 { return nil }
      return FieldRange(begin: begin, end: end)
    }
    guard let single = index(text), let n = single else { return nil }
    return FieldRange(n)
  }

  /// Parses a comma-separated list; `nil` when any part is invalid or the list is empty.
  public static func parseList(_ text: String) -> [FieldRange]? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    var ranges: [FieldRange] = []
    for part in parts {
      guard let range = parse(part) else { return nil }
      ranges.append(range)
    }
    return ranges.isEmpty ? nil : ranges
  }
}
