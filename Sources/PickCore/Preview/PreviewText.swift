/// The output of a preview command, read as it arrives and kept as lines of
/// styled runs, ready to be cut to the pane.
///
/// ## What is kept
///
/// Colours and attributes, from SGR sequences (`ESC [ … m`, read by `SGR`,
/// as items are under `--ansi`): bold, dim, italic, underline, blink,
/// reverse, strikethrough, the 8 + 8 colours, the 256-colour palette
/// (`38;5;N`) and 24-bit colours (`38;2;R;G;B`, sent on as they are). The
/// style carries over from one line to the next, as on a terminal.
///
/// ## What is dropped
///
/// Every other escape sequence, whole: CSI sequences that are not SGR
/// (cursor moves, erases, private modes), two-byte `ESC x` and `ESC ( B`
/// forms, and the string sequences (OSC, DCS, APC, PM, SOS) up to BEL or
/// `ESC \`. Every C0 control but tab and newline (CR, backspace, BEL), and
/// DEL. Nothing in the output can move the cursor, change a mode or draw
/// outside the pane. C1 controls and bidi controls that are valid UTF-8 are
/// replaced when drawn (see `rows(ofLine:width:wraps:tabstop:)`).
///
/// ## Bounds
///
/// At most `maxLines` lines and `maxBytes` bytes are taken; past either,
/// `isTruncated` is set and the rest is ignored (the runner stops reading).
public struct PreviewText: Equatable, Sendable {
  /// A run of bytes drawn in one style: no escape sequences, no controls but tab.
  public struct Run: Equatable, Sendable {
    public var bytes: [UInt8]
    public var style: Style
  }

  public static let maxLines = 10_000
  public static let maxBytes = 1 << 20

  /// Lines that have ended.
  private var committed: [[Run]] = []
  /// The line still growing: its finished runs and the run being read.
  private var openRuns: [Run] = []
  private var openBytes: [UInt8] = []
  private var openStyle = Style.plain
  /// Set once either bound was reached.
  public private(set) var isTruncated = false
  private var byteCount = 0
  private var style = Style.plain
  private var state = ParserState.ground
  private var parameters: [UInt8] = []
  private var lineIsOpen = false

  private enum ParserState: Equatable, Sendable {
    case ground
    case escape
    /// `ESC` followed by intermediate bytes (`ESC ( B`): ends at a final byte.
    case escapeIntermediate
    case csi(hasIntermediate: Bool)
    /// OSC, DCS, APC, PM, SOS: ends at BEL or `ESC \`.
    case string(sawEscape: Bool)
  }

  public init() {}

  /// The text of `bytes` (for tests and fixed messages).
  public init(_ bytes: [UInt8]) {
    append(bytes)
  }

  /// Takes more output.
  public mutating func append(_ bytes: some Collection<UInt8>) {
    for byte in bytes {
      guard !isTruncated else { return }
      byteCount += 1
      if byteCount > Self.maxBytes {
        isTruncated = true
        return
      }
      take(byte)
    }
  }

  private mutating func take(_ byte: UInt8) {
    switch state {
    case .ground:
      switch byte {
      case 0x1B: state = .escape
      case 0x0A:
        flushRun()
        committed.append(openRuns)
        openRuns = []
        lineIsOpen = false
        if committed.count >= Self.maxLines { isTruncated = true }
      case 0x09: appendText(byte)
      case 0x00..<0x20, 0x7F: break
      default: appendText(byte)
      }
    case .escape:
      switch byte {
      case UInt8(ascii: "["):
        parameters = []
        state = .csi(hasIntermediate: false)
      case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"),
        UInt8(ascii: "X"):
        state = .string(sawEscape: false)
      case 0x1B: state = .escape
      case 0x20...0x2F: state = .escapeIntermediate
      default: state = .ground
      }
    case .escapeIntermediate:
      if !(0x20...0x2F).contains(byte) { state = .ground }
    case .csi(let hasIntermediate):
      switch byte {
      case 0x30...0x3F:
        if parameters.count < 256 { parameters.append(byte) }
        if hasIntermediate { state = .csi(hasIntermediate: true) }
      case 0x20...0x2F: state = .csi(hasIntermediate: true)
      case 0x40...0x7E:
        if byte == UInt8(ascii: "m") && !hasIntermediate { applySGR() }
        state = .ground
      case 0x1B: state = .escape
      default:
        // A control inside a CSI sequence: the sequence is broken; drop it.
        state = .ground
      }
    case .string(let sawEscape):
      if byte == 0x07 || (sawEscape && byte == UInt8(ascii: "\\")) {
        state = .ground
      } else {
        state = .string(sawEscape: byte == 0x1B)
      }
    }
  }

  private mutating func appendText(_ byte: UInt8) {
    lineIsOpen = true
    if openStyle != style {
      flushRun()
      openStyle = style
    }
    openBytes.append(byte)
  }

  private mutating func flushRun() {
    guard !openBytes.isEmpty else { return }
    openRuns.append(Run(bytes: openBytes, style: openStyle))
    openBytes = []
  }

  /// How many lines there are, counting one still growing.
  public var lineCount: Int { committed.count + (lineIsOpen ? 1 : 0) }

  /// Line `index` (below `lineCount`).
  public func line(at index: Int) -> [Run] {
    if index < committed.count { return committed[index] }
    return openBytes.isEmpty ? openRuns : openRuns + [Run(bytes: openBytes, style: openStyle)]
  }

  /// Every line (for tests).
  public var lines: [[Run]] { (0..<lineCount).map(line(at:)) }

  /// `ESC [ params m` (see `SGR`). A parameter list with a private marker
  /// (`<=>?`) is not SGR and changes nothing.
  private mutating func applySGR() {
    guard !parameters.contains(where: { (0x3C...0x3F).contains($0) }) else { return }
    SGR.apply(parameters, to: &style)
  }

  /// The rows one line takes in a pane `width` columns wide: cut at the edge,
  /// or, when `wraps`, continued on as many rows as it needs (at least one),
  /// each continued row after `wrapSign` (`--preview-wrap-sign`, when it
  /// leaves room for text).
  ///
  /// Text is drawn safely: invalid UTF-8 as U+FFFD, C1 and bidi controls as
  /// their placeholders (as items are, see `DisplayLine`), tabs as spaces to
  /// the next multiple of `tabstop`, a wide character never split at the edge.
  /// At most `maximumRows` rows, and only as many bytes as those can show
  /// are decoded.
  public static func rows(
    ofLine line: [Run], width: Int, wraps: Bool, tabstop: Int = 8, maximumRows: Int = 1 << 20,
    wrapSign: Span? = nil, ambiguous: AmbiguousWidth = .narrow
  ) -> [[Span]] {
    guard width > 0 else { return [[]] }
    // Decode only what can be shown: a 1 MiB line costs no more than a short one.
    var budget = 64 * (width * min(wraps ? maximumRows : 1, 1 << 20) + 2)
    var rows: [[Span]] = []
    var row: [Span] = []
    var used = 0
    var column = 0  // from the line's start, for tabs
    func put(_ text: String, _ columns: Int, _ style: Style) {
      if let last = row.last, last.style == style {
        row[row.count - 1].text += text
        row[row.count - 1].columns += columns
      } else {
        row.append(Span(text, columns: columns, style: style))
      }
      used += columns
    }
    for run in line {
      guard budget > 0 else { break }
      let shown = run.bytes.prefix(budget)
      budget -= shown.count
      for character in String(decoding: shown, as: UTF8.self) {
        var text = String(character)
        var columns: Int
        if character == "\t" {
          columns = max(tabstop, 1) - column % max(tabstop, 1)
          text = String(repeating: " ", count: columns)
        } else if character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
          let placeholder = DisplayClusters.placeholder(for: scalar.value),
          let shown = Unicode.Scalar(placeholder)
        {
          text = String(Character(shown))
          columns = DisplayWidth.columns(of: shown, ambiguous: ambiguous)
        } else {
          columns = DisplayWidth.columns(of: character, ambiguous: ambiguous)
        }
        column += columns
        if used + columns > width {
          guard wraps else {
            rows.append(row)
            return rows
          }
          rows.append(row)
          if rows.count >= maximumRows { return rows }
          row = []
          used = 0
          if let wrapSign, wrapSign.columns < width {
            row = [wrapSign]
            used = wrapSign.columns
          }
          if used + columns > width { continue }
        }
        put(text, columns, run.style)
      }
    }
    rows.append(row)
    return rows
  }
}
