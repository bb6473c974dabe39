/// fzf 0.74's section borders as given on the command line: a border (and
/// a label) around the list, the input (prompt, info and, in pick, the
/// select-all row), the header, the `--header-lines` and the footer, and the
/// preview pane's label. `SectionPlan` resolves them into what is drawn.
///
/// The defaults are fzf's: no section border but the footer's `line` (the
/// line between the footer and the list), and the header lines not a section
/// of their own (`headerLines` nil; `none` makes them one, without lines).
public struct SectionBorders: Equatable, Hashable, Sendable {
  /// `--list-border`: never `line` or `inline`.
  public var list = BorderShape.none
  /// `--input-border`: never `inline`; `line` is the side facing the list.
  public var input = BorderShape.none
  /// `--header-border`.
  public var header = BorderShape.none
  /// `--header-lines-border`; nil (`--no-header-lines-border`): the header
  /// lines go with the `--header` text.
  public var headerLines: BorderShape? = nil
  /// `--footer-border`.
  public var footer = BorderShape.line

  public var listLabel = BorderLabel()
  public var inputLabel = BorderLabel()
  public var headerLabel = BorderLabel()
  public var footerLabel = BorderLabel()
  /// `--preview-label`: on the preview pane's border.
  public var previewLabel = BorderLabel()

  public init() {}

  /// The sections with a label of their own (`--list-label`, ...).
  public enum Labelled: Sendable {
    case list, input, header, footer, preview
  }

  /// A section's label, named by a case rather than by a key path, which
  /// is made at run time (by reading its types' names) where the option
  /// table, built at every start, names it.
  public subscript(label section: Labelled) -> BorderLabel {
    get {
      switch section {
      case .list: listLabel
      case .input: inputLabel
      case .header: headerLabel
      case .footer: footerLabel
      case .preview: previewLabel
      }
    }
    set {
      switch section {
      case .list: listLabel = newValue
      case .input: inputLabel = newValue
      case .header: headerLabel = newValue
      case .footer: footerLabel = newValue
      case .preview: previewLabel = newValue
      }
    }
  }

  /// Whether anything here differs from a screen without section borders,
  /// so that the layout must draw sections (`PickerLayout+Sections.swift`).
  public var drawsSections: Bool {
    list != .none || input != .none || header != .none || headerLines != nil || footer != .line
  }

  /// `--style`: the input and header borders `shape`, the list's and the
  /// footer's as given (fzf's presets leave the header lines alone).
  mutating func setAll(to shape: BorderShape, list: BorderShape, footer: BorderShape) {
    input = shape
    header = shape
    self.list = list
    self.footer = footer
  }

  /// Why these borders cannot go together, once every option is read (fzf's
  /// rule: an inline header leaves no room for header lines boxed apart).
  public var conflict: String? {
    guard header == .inline, let lines = headerLines, lines != .inline, lines != .none else { return nil }
    return "--header-border=inline needs --header-lines-border to be inline, none or unset"
  }

  /// The reason `inline` is refused for every other border (fzf's rule).
  static let inlineOnly = "inline is only for --header-border, --header-lines-border and --footer-border"
}
