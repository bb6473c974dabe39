/// Turns frames into the bytes that draw them, redrawing only what changed.
///
/// How a frame is drawn, and why:
///
/// - The whole update is one buffer, so the caller writes it with one
///   `write` and the terminal never shows half a frame.
/// - The cursor is hidden first (`CSI ?25l`) so it does not flicker across the
///   rows, and autowrap is turned off (`CSI ?7l`) so that a character in the
///   last column, or a row whose width the terminal measures differently from
///   us, can neither wrap nor scroll the screen. The last cell of the last row
///   *is* written (a frame may fill it): with autowrap off this is safe, and
///   nothing after it relies on where the cursor ended up. Autowrap is turned
///   back on at the end of every frame, so the terminal is in its default
///   state between frames.
/// - Each rewritten row starts with an absolute move (`CSI row;1 H`), never a
///   relative one, so one mis-measured character cannot shift the rows below.
/// - Each span's style is one SGR sequence that starts with a reset
///   (`CSI 0;…m`); the row ends with a reset before anything is erased, so no
///   colour leaks into the erased tail (terminals erase with the current
///   background) or into the next row.
/// - A row narrower than the frame is finished with erase-to-end-of-line
///   (`CSI K`). A full-width row is not: after writing the last column the
///   cursor sits *on* that column, and erasing would remove the character just
///   written.
/// - Finally the cursor moves to `frame.cursor` and is shown (`CSI ?25h`), or
///   stays hidden when the frame has no cursor.
///
/// A frame that equals the previous one renders to no bytes at all; when only
/// the cursor moved, only the cursor is moved.
public struct FrameRenderer: Sendable {
  /// Whether colours are drawn; `false` for `NO_COLOR` / `--no-color`, where
  /// bold, reverse, underline and dim are still drawn.
  public let colors: Bool
  private var previous: Frame?
  private var previousOrigin = 0

  public init(colors: Bool = true) {
    self.colors = colors
  }

  /// Forgets the previous frame (after a resize, SIGCONT or Ctrl-L), so the
  /// next render redraws every row.
  public mutating func invalidate() {
    previous = nil
  }

  /// The bytes that turn the screen from the previously rendered frame into
  /// `frame`.
  ///
  /// Every row is drawn when `full` is true, on the first frame, after
  /// `invalidate()`, or when the size or origin changed; otherwise only rows
  /// that differ from the previous frame. A row whose spans exceed the width
  /// is cut after the last span that fits.
  ///
  /// - Parameter origin: the 1-based terminal row of the frame's first row:
  ///   1 for the full-screen picker, the row found by the cursor position
  ///   report for inline mode (`--height`).
  public mutating func render(_ frame: Frame, origin: Int = 1, full: Bool = false) -> [UInt8] {
    // The frame on screen, or nil when every row is to be drawn.
    var old = previous
    if full || origin != previousOrigin || old?.width != frame.width || old?.height != frame.height {
      old = nil
    }
    defer {
      previous = frame
      previousOrigin = origin
    }

    let changedRows = frame.rows.indices.filter { index in
      old.map { $0.rows[index] != frame.rows[index] } ?? true
    }
    var bytes: [UInt8] = []
    if changedRows.isEmpty {
      // Nothing to draw; at most the cursor moved.
      if let old, old.cursor == frame.cursor { return [] }
      appendCursor(frame, origin: origin, to: &bytes)
      return bytes
    }

    bytes.reserveCapacity(changedRows.count * (frame.width + 32) + 32)
    bytes += TerminalModes.hideCursor
    bytes += TerminalModes.autowrapOff
    // Rows assume the terminal starts plain; a child process may have left colours on.
    bytes += TerminalModes.resetStyle
    for index in changedRows {
      appendRow(frame.rows[index], width: frame.width, at: origin + index, to: &bytes)
    }
    bytes += TerminalModes.autowrapOn
    appendCursor(frame, origin: origin, to: &bytes)
    return bytes
  }

  /// One row: an absolute move, the spans, a reset and the erased tail.
  private func appendRow(_ spans: [Span], width: Int, at terminalRow: Int, to bytes: inout [UInt8]) {
    appendMove(row: terminalRow, column: 1, to: &bytes)
    var current = Style.plain
    var used = 0
    for span in spans {
      if used + span.columns > width { break }
      let style = colors ? span.style : span.style.withoutColors
      if style != current {
        appendSGR(style, to: &bytes)
        current = style
      }
      bytes += span.text.utf8
      used += span.columns
    }
    if current != .plain { bytes += TerminalModes.resetStyle }
    if used < width { bytes += [0x1B, 0x5B, 0x4B] }  // CSI K
  }

  /// Moves the cursor to the frame's cursor and shows it, or leaves it hidden.
  private func appendCursor(_ frame: Frame, origin: Int, to bytes: inout [UInt8]) {
    guard let cursor = frame.cursor, frame.width > 0, frame.height > 0 else {
      bytes += TerminalModes.hideCursor
      return
    }
    let row = min(max(cursor.row, 0), frame.height - 1)
    let column = min(max(cursor.column, 0), frame.width - 1)
    appendMove(row: origin + row, column: column + 1, to: &bytes)
    bytes += TerminalModes.showCursor
  }

  /// `CSI row;column H`, 1-based.
  private func appendMove(row: Int, column: Int, to bytes: inout [UInt8]) {
    bytes += [0x1B, 0x5B]
    appendDecimal(row, to: &bytes)
    bytes.append(0x3B)
    appendDecimal(column, to: &bytes)
    bytes.append(0x48)
  }

  /// `CSI 0;…m`: a reset followed by the style's attributes and colours.
  private func appendSGR(_ style: Style, to bytes: inout [UInt8]) {
    bytes += [0x1B, 0x5B, 0x30]
    if style.bold { bytes += [0x3B, 0x31] }
    if style.dim { bytes += [0x3B, 0x32] }
    if style.italic { bytes += [0x3B, 0x33] }
    if style.underline { bytes += [0x3B, 0x34] }
    if style.blink { bytes += [0x3B, 0x35] }
    if style.reverse { bytes += [0x3B, 0x37] }
    if style.strikethrough { bytes += [0x3B, 0x39] }
    if let foreground = style.foreground { appendColor(foreground, layer: 0x33, to: &bytes) }
    if let background = style.background { appendColor(background, layer: 0x34, to: &bytes) }
    bytes.append(0x6D)
  }

  /// `;38;5;N` or `;38;2;R;G;B` (`layer` is the `3` of foreground or the `4` of background).
  private func appendColor(_ color: Color, layer: UInt8, to bytes: inout [UInt8]) {
    switch color {
    case .palette(let index):
      bytes += [0x3B, layer, 0x38, 0x3B, 0x35, 0x3B]
      appendDecimal(Int(index), to: &bytes)
    case .rgb(let red, let green, let blue):
      bytes += [0x3B, layer, 0x38, 0x3B, 0x32]
      for component in [red, green, blue] {
        bytes.append(0x3B)
        appendDecimal(Int(component), to: &bytes)
      }
    }
  }

  private func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
    let value = max(0, value)
    if value >= 10 { appendDecimal(value / 10, to: &bytes) }
    bytes.append(0x30 + UInt8(value % 10))
  }
}
