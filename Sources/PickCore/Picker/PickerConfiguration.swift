/// The options that shape the interactive picker, taken from `Options` once.
public struct PickerConfiguration: Sendable {
  public typealias Layout = Options.Layout

  public var isMulti = false
  /// `--multi=MAX`; nil without a cap.
  public var cap: Int? = nil
  public var layout: Layout = .reverse
  /// `--cycle`: moving past either end wraps around.
  public var cycles = false
  /// `--track`: the cursor follows its item when the query changes.
  public var tracks = false
  /// `--id-nth`: what carries the selection and the cursor over a `reload`.
  public var identity = ItemIdentity(idNth: nil, delimiter: nil)
  public var prompt: [UInt8] = Array("> ".utf8)
  /// `--header TEXT`: the select-all row's title in multi mode, a header line in single mode.
  public var header: [UInt8]? = nil
  /// `--footer`: text at the far end of the list from the prompt.
  public var footer: [UInt8]? = nil
  /// `--ghost`: shown, dimmed, where the query goes while it is empty.
  public var ghost: [UInt8] = []
  /// `--header-first`: the `--header` rows on the far side of the prompt.
  public var headerFirst = false
  /// `--info`: where the info text goes.
  public var info = InfoStyle()
  public var headerLines = 0
  public var outputOrder: OutputOrder = .input
  public var reversesInput = false
  public var usesColor = true
  /// `--color`, `--no-bold`: the style of every part of the screen.
  public var theme = Theme.standard
  public var tabstop = 8
  /// `--margin`, `--border`, `--border-label`, `--padding`: what surrounds the frame.
  public var decoration = FrameDecoration()
  /// `--separator`, `--scrollbar`, `--gap`: marks on the list.
  public var listDecoration = ListDecoration()
  /// `--pointer`, `--marker`, `--gutter`: the signs before each item.
  public var itemMarks = ItemMarks()
  /// `--no-unicode`: borders drawn with ASCII characters.
  public var usesUnicode = true
  /// `--spinner` (the default) / `--no-spinner`: whether the spinner turns
  /// while input streams in. Off, nothing on screen moves by itself.
  public var showsSpinner = true
  /// `--accessible`: the terminal's cursor on the current row, text signs,
  /// no spinner, the selection in words (Docs/Accessibility.md).
  public var isAccessible = false
  /// `--hint` (the default) / `--no-hint`: the multi-select keys on the info
  /// line until the first key.
  public var showsHint = true
  /// `--highlight-line`: the current (and a selected) row's background reaches across the row.
  public var highlightsLine = false
  /// `--ellipsis`: what marks where an item or header line is cut.
  public var ellipsis = DisplayLine.ellipsis
  /// `--hscroll`, `--hscroll-off`, `--keep-right`, `--freeze-left`,
  /// `--freeze-right` (fields split by `--delimiter`), `--ambidouble`.
  public var lineFit = LineFit()
  /// `--scroll-off`: rows kept above and below the cursor as the list scrolls.
  public var scrollOff = 3
  /// How items are laid out over the rows at start (`--wrap`,
  /// `--wrap-word`, multi-line items under `--read0`); the state holds it
  /// from then on, for the toggles.
  public var lineBreaking = LineBreaking()
  /// `--wrap-sign`: drawn, dimmed, before the text of a wrapped row.
  public var wrapSign = Self.sign("↳ ")
  /// `--preview-wrap-sign`: the same in the preview pane.
  public var previewWrapSign = Self.sign("↳ ")
  /// The section borders and labels, resolved (`SectionPlan`).
  public var sections = SectionPlan()
  /// `--preview-label`, drawn on the preview pane's border.
  public var previewLabel = BoxLines(shape: .none)

  public init() {}

  public init(options: Options) {
    isMulti = options.multi != nil
    if let multi = options.multi, multi != .max { cap = multi }
    reversesInput = options.tac
    headerLines = options.headerLines
    layout = options.layout
    cycles = options.cycle
    tracks = options.track
    identity = ItemIdentity(idNth: options.idNth, delimiter: options.delimiter)
    prompt = options.prompt
    header = options.header
    footer = options.footer
    ghost = options.ghost
    headerFirst = options.headerFirst
    info = options.info
    outputOrder = options.outputOrder == .selection ? .selection : .input
    usesColor = options.usesColor
    theme = options.colors.theme(bold: options.bold)
    // Without colours, the current row and the matches keep looks of their own (Theme+NoColor.swift).
    if !usesColor { theme = theme.distinguishableWithoutColors }
    tabstop = options.tabstop
    decoration = options.decoration
    decoration.shape = options.decoration.shape.resolved(isInline: options.height != nil)
    listDecoration = options.listDecoration
    itemMarks = options.itemMarks
    usesUnicode = options.unicode
    highlightsLine = options.highlightLine
    showsSpinner = options.spinner
    showsHint = options.hint
    lineFit = options.lineFit
    if options.accessible == true { makeAccessible() }
    itemMarks = itemMarks.measured(ambiguous: lineFit.ambiguous)
    lineFit.frozen.splitter = FieldSplitter(delimiter: options.delimiter)
    scrollOff = options.scrollOff
    let ellipsisText = options.ellipsis.map { String(decoding: $0, as: UTF8.self) } ?? (usesUnicode ? "\u{2026}" : "..")
    ellipsis = Self.sign(ellipsisText, ambiguous: lineFit.ambiguous)
    // `--ambidouble`: pick's own lines are drawn in ASCII, one column on any
    // terminal (Docs/fzf-compatibility.md, row D10).
    if !drawsUnicodeLines { useASCIILines() }
    lineBreaking = LineBreaking(
      wraps: options.wrap, wrapsWords: options.wrap && options.wrapWord, multiLine: options.read0 && options.multiLine)
    // fzf's signs, `> ` without Unicode; the preview's is the list's unless given.
    let sign = options.wrapSign.map { String(decoding: $0, as: UTF8.self) } ?? (usesUnicode ? "↳ " : "> ")
    wrapSign = Self.sign(sign, ambiguous: lineFit.ambiguous)
    previewWrapSign = Self.sign(
      options.previewWrapSign.map { String(decoding: $0, as: UTF8.self) } ?? sign, ambiguous: lineFit.ambiguous)
    // `--color border:…`, `label:…`, `separator:…` (or a scheme that sets
    // them) colour the frame's border, its label and the separator and
    // scrollbar; otherwise they keep their grey and plain looks.
    let theme = theme
    let themed = { (element: ThemeElement, fallback: Style) in
      let style = theme.style(element)
      return style == .plain ? fallback : style
    }
    decoration.borderStyle = themed(.border, decoration.borderStyle)
    decoration.labelStyle = themed(.label, decoration.labelStyle)
    listDecoration.style = themed(.separator, listDecoration.style)
    resolveSections(options, themed: themed)
  }

  /// The section borders for these options, in the theme's styles (grey
  /// lines and plain labels where it gives none; the footer's line keeps
  /// the separator's look, as before it could have a border), and fzf's
  /// default separator left out where a border already draws the line.
  private mutating func resolveSections(_ options: Options, themed: (ThemeElement, Style) -> Style) {
    let separatorStyle = listDecoration.style
    let grey = decoration.borderStyle
    let headerText = max(PickerLayout.headerLines(of: header).count - (isMulti ? 1 : 0), 0)
    sections = SectionPlan(
      options.sections, layout: layout, headerFirst: headerFirst, headerText: headerText,
      headerLines: headerLines, ascii: !drawsUnicodeLines
    ) { border, label in
      SectionPlan.Looks(
        line: themed(border, border == .footerBorder ? separatorStyle : grey), label: themed(label, .plain))
    }
    previewLabel = BoxLines(
      shape: .none, label: options.sections.previewLabel, labelStyle: themed(.previewLabel, .plain))
    if listDecoration.separatorIsAuto && sections.separatesInput(layout: layout) { listDecoration.separator = nil }
  }

  /// `--accessible` (Docs/Accessibility.md): nothing moves by itself, and
  /// a screen reader reads signs, not colours, so an empty pointer or
  /// marker gets pick's own.
  private mutating func makeAccessible() {
    isAccessible = true
    showsSpinner = false
    itemMarks = itemMarks.withTextSigns
  }

  /// `--no-unicode`, as fzf: the frame's border in `+`, `-` and `|`, and
  /// fzf's default separator, scrollbar and gap line (`─`, `│`, `┈`) as `-`, `|` and `-`.
  private mutating func useASCIILines() {
    decoration.usesASCII = true
    if listDecoration.separator == ListDecoration.defaultSeparator { listDecoration.separator = Array("-".utf8) }
    if listDecoration.scrollbar == ListDecoration.defaultScrollbar { listDecoration.scrollbar = Array("|".utf8) }
    if listDecoration.gapLine == ListDecoration.defaultGapLine { listDecoration.gapLine = Array("-".utf8) }
  }

  /// Whether pick's own lines (the border, the footer's line, the preview's
  /// border, the default separator, scrollbar and gap line) are box-drawing
  /// glyphs: not under `--no-unicode`, and not under `--ambidouble`, where
  /// each would take two columns.
  var drawsUnicodeLines: Bool { usesUnicode && lineFit.ambiguous == .narrow }

  /// A sign as drawn: its text and columns (`--ambidouble` counted).
  static func sign(_ text: String, ambiguous: AmbiguousWidth = .narrow) -> DisplaySegment {
    DisplaySegment(text: text, columns: DisplayWidth.columns(of: text, ambiguous: ambiguous), isMatch: false)
  }

  /// Whether the Up key moves towards the best match (it does when the best match is drawn on top).
  var upMovesToBetter: Bool { layout != .default }
}
