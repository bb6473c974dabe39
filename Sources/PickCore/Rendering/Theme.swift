/// The look of every part of pick's screen: a base scheme, the user's
/// `--color` entries over it, resolved once into a style per element.
///
/// Resolution, element by element in `ThemeElement`'s order (parents
/// first), as fzf's `InitTheme` does it: start from the parent's resolved
/// style (the terminal's defaults for a root), lay the scheme's look over it,
/// then the user's; then add bold when the scheme emphasises the element,
/// unless `--no-bold` or the user's `regular`. A child that neither the
/// scheme nor the user mentions is its parent's copy, so `--color fg:252`
/// recolours the list, the preview text and the current line alike.
///
/// The drawing code never resolves anything: it asks `style(_:on:)` for a
/// foreground element on a background element (a `*-bg` element lends only
/// its colour, as the background), or reads the ready-made styles below,
/// computed once here rather than for every row of every frame.
public struct Theme: Equatable, Sendable {
  /// The resolved style of every element.
  public let elements: [ThemeElement: ElementStyle]

  /// The prompt, the query and the info line (`M/N`, and the spinner).
  public let prompt: Style, query: Style, info: Style, spinner: Style
  /// `--header` and `--header-lines` text.
  public let header: Style
  /// An item's text and its matched characters: on other rows, on the
  /// current row, on a selected row.
  public internal(set) var text: Style, match: Style
  public internal(set) var currentText: Style, currentMatch: Style
  public internal(set) var selectedText: Style, selectedMatch: Style
  /// The pointer column: the pointer on the current row, the gutter on the others.
  public let pointer: Style, gutter: Style
  /// The marker on a selected row, on the current row, and the select-all row's box.
  public let marker: Style, currentMarker: Style, selectAllBox: Style
  /// The column between the markers and the text: the current row's
  /// background there, so that row reads as one band.
  public internal(set) var currentGap: Style
  /// The preview pane's text (what the command's output leaves uncoloured) and border.
  public let previewText: Style, previewBorder: Style

  /// pick's own look (`ColorScheme.standard`), with bold.
  public static let standard = Theme()

  public init(scheme: ColorScheme = .standard, overrides: [ThemeElement: ElementLook] = [:], bold: Bool = true) {
    var resolved: [ThemeElement: ElementStyle] = [:]
    let looks = scheme.looks
    for element in ThemeElement.allCases {
      let inherited = element.parent.flatMap { resolved[$0] } ?? ElementStyle()
      let adds = element.addsToParentAttributes
      var style = inherited.overlaid(with: looks[element], adds: adds).overlaid(with: overrides[element], adds: adds)
      if bold, scheme.emphasized.contains(element), overrides[element]?.isRegular != true {
        style.attributes.insert(.bold)
      }
      resolved[element] = style
    }
    elements = resolved
    func pair(_ foreground: ThemeElement, _ background: ThemeElement?) -> Style {
      Self.style(resolved[foreground] ?? ElementStyle(), on: background.flatMap { resolved[$0] })
    }
    prompt = pair(.prompt, .inputBg)
    query = pair(.query, .inputBg)
    info = pair(.info, .inputBg)
    spinner = pair(.spinner, .inputBg)
    header = pair(.header, .headerBg)
    text = pair(.listFg, .listBg)
    match = pair(.hl, .listBg)
    currentText = pair(.currentFg, .currentBg)
    currentMatch = pair(.currentHl, .currentBg)
    selectedText = pair(.selectedFg, .selectedBg)
    selectedMatch = pair(.selectedHl, .selectedBg)
    pointer = pair(.pointer, .currentBg)
    gutter = Style(background: resolved[.gutter]?.color)
    marker = pair(.marker, .selectedBg)
    currentMarker = pair(.marker, .currentBg)
    selectAllBox = pair(.marker, .headerBg)
    currentGap = Style(background: resolved[.currentBg]?.color)
    previewText = pair(.previewFg, .previewBg)
    previewBorder = pair(.previewBorder, .previewBg)
  }

  /// The resolved style of `element`.
  public subscript(element: ThemeElement) -> ElementStyle {
    elements[element] ?? ElementStyle()
  }

  /// `foreground`'s colour and attributes over `background`'s colour, for
  /// parts drawn elsewhere (borders, labels, ...).
  public func style(_ foreground: ThemeElement, on background: ThemeElement? = nil) -> Style {
    Self.style(self[foreground], on: background.map { self[$0] })
  }

  /// A span style from a foreground element over a background element. A
  /// reversed element in the default colour keeps the default background too
  /// (as fzf does), so reverse video swaps the terminal's own two colours.
  static func style(_ foreground: ElementStyle, on background: ElementStyle?) -> Style {
    let attributes = foreground.attributes
    var style = Style(
      foreground: foreground.color, background: background?.color,
      bold: attributes.contains(.bold), reverse: attributes.contains(.reverse),
      underline: attributes.contains(.underline), dim: attributes.contains(.dim),
      italic: attributes.contains(.italic), blink: attributes.contains(.blink),
      strikethrough: attributes.contains(.strikethrough))
    if foreground.color == nil && style.reverse { style.background = nil }
    return style
  }
}
