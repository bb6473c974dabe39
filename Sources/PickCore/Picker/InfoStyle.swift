/// `--info=STYLE[:PREFIX]`, `--no-info`, `--inline-info`: where the info
/// text (`M/N`, the spinner and pick's notes) goes, in fzf 0.74's five
/// styles (Docs/Picker.md, "The info line").
///
/// - `default`: a row of its own under the prompt, spinner first.
/// - `right`: a row of its own, the text at its right end.
/// - `hidden`: no info text; the row stays only to hold `--separator`.
/// - `inline`: on the prompt's row after the query, after `PREFIX`
///   (fzf's `" < "` by default); no row of its own.
/// - `inline-right`: on the prompt's row at its right end (after `PREFIX`
///   when given); the row stays only to hold `--separator`.
///
/// The multi-select row (box, title, `S of N`) is pick's own and keeps its
/// place under the info text in every style.
public struct InfoStyle: Equatable, Hashable, Sendable {
  public enum Placement: String, Equatable, Hashable, Sendable, CaseIterable {
    case `default`, right, hidden, inline
    case inlineRight = "inline-right"
  }

  public var placement: Placement
  /// Drawn before the text in `inline` and `inline-right`.
  public var prefix: [UInt8]

  public init(_ placement: Placement = .default, prefix: [UInt8]? = nil) {
    self.placement = placement
    self.prefix = prefix ?? (placement == .inline ? Self.inlinePrefix : [])
  }

  /// fzf's prefix for `inline`.
  public static let inlinePrefix = Array(" < ".utf8)

  /// Parses `STYLE` or `inline[-right]:PREFIX` (a newline in the prefix
  /// becomes a space, as in fzf).
  public static func parse(_ value: [UInt8]) throws(InvalidValue) -> InfoStyle {
    let text = String(decoding: value, as: UTF8.self)
    if let placement = Placement(rawValue: text) { return InfoStyle(placement) }
    for placement in [Placement.inlineRight, .inline] where text.hasPrefix(placement.rawValue + ":") {
      let prefix = value.dropFirst(placement.rawValue.utf8.count + 1).map { $0 == 0x0A ? 0x20 : $0 }
      return InfoStyle(placement, prefix: prefix)
    }
    // The words only (shell completion offers exactly these); :PREFIX is in --help.
    throw InvalidValue("expected default, right, hidden, inline or inline-right")
  }

  /// Whether the info text is on the prompt's row.
  public var isInline: Bool { placement == .inline || placement == .inlineRight }

  /// Whether there is a row under the prompt for the info text or, with a
  /// separator, for the separator alone (fzf's rule).
  public func hasOwnRow(separator: Bool) -> Bool {
    switch placement {
    case .default, .right: true
    case .inline: false
    case .hidden, .inlineRight: separator
    }
  }
}
