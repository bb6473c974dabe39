/// Which parts of the screen are sections of their own, and the box each
/// is drawn in: fzf 0.74's rules (`resizeWindows`,
/// `determineHeaderLinesShape`, `hasHeaderWindow`), resolved once per
/// configuration so that drawing only reads them.
///
/// The list is always a section. The input (prompt, info and the select-all
/// row) is drawn inside the list's box unless it has a border of its own or
/// a header or header-lines section exists; then the header (the `--header`
/// text, and the `--header-lines` items unless they have their own section)
/// is a section too. The footer is a section whenever the sections are
/// drawn. A box whose shape is `line` is the one line facing the list;
/// `inline` puts the section inside the list's box, parted by a line with
/// T-junctions (`line` instead when the list's box has no top and bottom).
public struct SectionPlan: Equatable, Sendable {
  public typealias Layout = Options.Layout

  /// Whether the layout draws sections at all (some section option differs
  /// from fzf's defaults); otherwise the frame is drawn as one area.
  public var isActive = false
  public var list = BoxLines(shape: .none)
  /// nil: the input rows are drawn inside the list's section.
  public var input: BoxLines? = nil
  /// nil: no header section (no header, or its rows are inside the list's section).
  public var header: BoxLines? = nil
  /// nil: the header lines are not a section of their own.
  public var headerLines: BoxLines? = nil
  /// The footer's box (its line, facing the list, by default).
  public var footer = BoxLines(shape: .top)
  /// `--header-first` with a header section: it goes beyond the input.
  public var headerBeyondInput = false
  /// `--header-first` with only a header-lines section: it goes beyond the input.
  public var headerLinesBeyondInput = false

  public init() {}

  /// The styles of one section's lines and label.
  public struct Looks: Sendable {
    public var line: Style
    public var label: Style

    public init(line: Style, label: Style) {
      self.line = line
      self.label = label
    }
  }

  /// What the section options come to for this screen: `headerText` is the
  /// number of `--header` rows outside the select-all row, `headerLines`
  /// the `--header-lines` count; `looks(border, label)` the styles of the
  /// theme's elements.
  public init(
    _ borders: SectionBorders, layout: Layout, headerFirst: Bool, headerText: Int, headerLines: Int,
    ascii: Bool, looks: (ThemeElement, ThemeElement) -> Looks
  ) {
    var shapes = Self.resolved(borders, layout: layout)
    func box(_ shape: BorderShape, _ label: BorderLabel, _ elements: (ThemeElement, ThemeElement)) -> BoxLines {
      let look = looks(elements.0, elements.1)
      return BoxLines(shape: shape, ascii: ascii, label: label, lineStyle: look.line, labelStyle: look.label)
    }
    // The footer's line is drawn (with its label) even without sections.
    footer = box(shapes.footer, borders.footerLabel, (.footerBorder, .footerLabel))
    guard borders.drawsSections else { return }
    isActive = true
    list = box(shapes.list, borders.listLabel, (.listBorder, .listLabel))
    let lines = Self.headerLinesSection(
      shapes, headerText: headerText, headerLines: headerLines, layout: layout, headerFirst: headerFirst)
    if let lines {
      shapes.headerLines = lines
      self.headerLines = box(lines, BorderLabel(), (.headerBorder, .headerLabel))
    }
    let hasHeader = Self.hasHeaderSection(
      shapes, headerText: headerText, headerLines: headerLines, hasLinesSection: lines != nil, headerFirst: headerFirst)
    if hasHeader { header = box(shapes.header, borders.headerLabel, (.headerBorder, .headerLabel)) }
    if shapes.input != .none || hasHeader || lines != nil {
      input = box(shapes.input, borders.inputLabel, (.inputBorder, .inputLabel))
    }
    headerBeyondInput = headerFirst && hasHeader && shapes.header != .inline
    headerLinesBeyondInput = headerFirst && !hasHeader && lines != nil && lines != .inline
  }

  /// The shapes once `line` is a side and `inline` is possible (fzf's
  /// `NewTerminal`): the input's and header's line face the list, the
  /// header lines' and footer's too.
  static func resolved(_ borders: SectionBorders, layout: Layout) -> SectionBorders {
    var shapes = borders
    let inlineFits = borders.list.hasTop && borders.list.hasBottom
    func resolve(_ shape: BorderShape, topWhen isTop: Bool) -> BorderShape {
      switch shape {
      case .line: return isTop ? .top : .bottom
      case .inline where !inlineFits: return isTop ? .top : .bottom
      default: return shape
      }
    }
    shapes.input = resolve(borders.input, topWhen: layout != .reverse)
    shapes.header = resolve(borders.header, topWhen: layout != .reverse)
    shapes.headerLines = borders.headerLines.map { resolve($0, topWhen: layout == .default) }
    shapes.footer = resolve(borders.footer, topWhen: layout == .reverse)
    return shapes
  }

  /// The header lines' own section, if they have one, and its shape
  /// (`.none`: a section without lines); fzf's `determineHeaderLinesShape`.
  static func headerLinesSection(
    _ shapes: SectionBorders, headerText: Int, headerLines: Int, layout: Layout, headerFirst: Bool
  ) -> BorderShape? {
    guard headerLines > 0 else { return nil }
    if let given = shapes.headerLines { return given }
    let shape = headerText == 0 ? shapes.header : .none
    if layout == .reverseList { return shape }
    if headerText == 0 { return headerFirst && shape == .none ? shape : nil }
    return headerFirst ? shape : nil
  }

  /// Whether the header is a section of its own (fzf's `hasHeaderWindow`,
  /// less its empty, line-less one).
  static func hasHeaderSection(
    _ shapes: SectionBorders, headerText: Int, headerLines: Int, hasLinesSection: Bool, headerFirst: Bool
  ) -> Bool {
    if hasLinesSection { return headerText > 0 }
    guard headerText + headerLines > 0 else { return false }
    return shapes.header != .none || headerFirst || shapes.input != .none
  }

  /// Whether the header section holds the header lines (they have no section of their own).
  public var headerHoldsLines: Bool { headerLines == nil }

  /// Whether a line of some box already parts the input from the section
  /// next to it on the list's side, so that fzf's default separator
  /// (`--style=full`'s) is left out (fzf's `separatedByBorder`).
  public func separatesInput(layout: Layout) -> Bool {
    guard let input else { return false }
    if layout == .reverse ? input.shape.hasBottom : input.shape.hasTop { return true }
    func faces(_ shape: BorderShape) -> Bool {
      shape == .inline || (layout == .reverse ? shape.hasTop : shape.hasBottom)
    }
    if let header, !headerBeyondInput, header.shape != .inline { return faces(header.shape) }
    if let headerLines, layout != .reverseList, !headerLinesBeyondInput { return faces(headerLines.shape) }
    return faces(list.shape)
  }
}
