/// A part of the screen that `--color` can style, by fzf 0.74's name.
///
/// Every name fzf's `--color` takes is here, also for parts pick does not
/// draw yet (`nth`, `nomatch`, `alt-bg`, ...): a theme copied
/// from fzf is accepted whole, and those parts are drawn in their colours once
/// they exist. `Docs/Picker.md` (Colours) says which parts pick draws.
///
/// Elements form a tree, as in fzf: one not given by the scheme or the user
/// takes its parent's look (`list-fg` from `fg`, `preview-border` from
/// `border`, `gutter` from `current-bg`, ...), so setting `fg` recolours all
/// text that has no colour of its own.
public enum ThemeElement: String, CaseIterable, Hashable, Sendable {
  // Listed parents first: `Theme` resolves them in this order.
  case fg, bg, hl, prompt, info, pointer, marker, spinner, header, footer, border, label, nth, nomatch
  case query
  case currentHl = "current-hl"
  case currentBg = "current-bg"
  case listFg = "list-fg"
  case listBg = "list-bg"
  case currentFg = "current-fg"
  case selectedFg = "selected-fg"
  case selectedBg = "selected-bg"
  case selectedHl = "selected-hl"
  case altBg = "alt-bg"
  case gutter
  case altGutter = "alt-gutter"
  case ghost, disabled
  case previewFg = "preview-fg"
  case previewBg = "preview-bg"
  case previewBorder = "preview-border"
  case previewLabel = "preview-label"
  case previewScrollbar = "preview-scrollbar"
  case listBorder = "list-border"
  case listLabel = "list-label"
  case separator, scrollbar
  case gapLine = "gap-line"
  case inputBg = "input-bg"
  case inputBorder = "input-border"
  case inputLabel = "input-label"
  case headerBg = "header-bg"
  case headerBorder = "header-border"
  case headerLabel = "header-label"
  case footerBg = "footer-bg"
  case footerBorder = "footer-border"
  case footerLabel = "footer-label"

  /// fzf's other spellings of some names.
  static let aliases: [String: ThemeElement] = [
    "fg+": .currentFg, "bg+": .currentBg, "hl+": .currentHl,
    "input": .query, "input-fg": .query, "header-fg": .header, "footer-fg": .footer,
  ]

  /// The element a name (or alias) stands for; nil for an unknown name.
  public static func named(_ name: String) -> ThemeElement? {
    ThemeElement(rawValue: name) ?? aliases[name]
  }

  /// Where the element takes what neither the scheme nor the user gave it;
  /// nil for the roots, which start from the terminal's defaults.
  var parent: ThemeElement? {
    switch self {
    case .fg, .bg, .hl, .prompt, .info, .pointer, .marker, .spinner, .header, .footer, .border, .label,
      .nth, .nomatch, .query, .currentBg, .currentHl:
      return nil
    case .listFg: return .fg
    case .listBg, .inputBg, .headerBg, .footerBg: return .bg
    case .currentFg, .selectedFg: return .listFg
    case .selectedHl: return .hl
    case .selectedBg, .altBg: return .listBg
    case .gutter: return .currentBg
    case .altGutter: return .gutter
    case .ghost, .disabled: return .query
    case .previewFg: return .fg
    case .previewBg: return .bg
    case .previewBorder, .listBorder, .inputBorder, .headerBorder, .footerBorder: return .border
    case .previewLabel, .listLabel, .inputLabel, .headerLabel, .footerLabel: return .label
    case .previewScrollbar: return .previewBorder
    case .separator, .scrollbar, .gapLine: return .listBorder
    }
  }

  /// Whether the element adds its own attributes to its parent's (fzf merges
  /// `current-fg` and `selected-fg` into `list-fg`, so `fg:dim` dims the
  /// current line too) rather than replacing them.
  var addsToParentAttributes: Bool { self == .currentFg || self == .selectedFg }
}
