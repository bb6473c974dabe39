/// What a `change-*`, `transform-*` or `bg-transform-*` action sets, named
/// by the suffix fzf 0.74 gives it (`change-header`, `transform-header`,
/// `bg-transform-header`).
///
/// `change-NAME(TEXT)` sets it to TEXT; `transform-NAME(CMD)` runs CMD (its
/// placeholders expanded as `execute`'s) and sets it to what CMD prints: the
/// first line, or all of it for the header and the footer, which can have
/// several lines (fzf's `captureLine` and `captureLines`).
public enum ChangeTarget: String, CaseIterable, Sendable {
  case query, prompt, search, header, footer, ghost, pointer
  case borderLabel = "border-label"
  case listLabel = "list-label"
  case previewLabel = "preview-label"
  case inputLabel = "input-label"
  case headerLabel = "header-label"
  case footerLabel = "footer-label"

  /// Whether the target takes every line a command prints, not only the first.
  var takesLines: Bool { self == .header || self == .footer }

  /// The value a transform command's output gives: its first line, or all
  /// of it less the last newline.
  func value(from output: [UInt8]) -> [UInt8] {
    var text = output[...]
    if takesLines {
      if text.last == 0x0A { text = text.dropLast() }
      return Array(text)
    }
    if let newline = text.firstIndex(of: 0x0A) { text = text[..<newline] }
    if text.last == 0x0D { text = text.dropLast() }
    return Array(text)
  }
}
