/// The control sequences pick sends to set up, query and restore the terminal.
///
/// All are pure byte values (xterm's ctlseqs, which every terminal pick
/// targets follows); nothing here writes. `CSI` is `ESC [`.
public enum TerminalModes {
  /// Switches to the alternate screen, saving the cursor (`CSI ?1049h`): the
  /// full-screen picker draws there so the shell's screen comes back intact.
  public static let enterAlternateScreen: [UInt8] = csi("?1049h")
  /// Back to the main screen, restoring the cursor saved on entry (`CSI ?1049l`).
  /// Send it only after `enterAlternateScreen`: xterm restores the saved cursor
  /// even when the alternate screen was never entered, which moves it home.
  public static let leaveAlternateScreen: [UInt8] = csi("?1049l")

  /// Hides the text cursor (`CSI ?25l`), while drawing and when a frame has none.
  public static let hideCursor: [UInt8] = csi("?25l")
  /// Shows the text cursor (`CSI ?25h`).
  public static let showCursor: [UInt8] = csi("?25h")

  /// Turns autowrap (DECAWM) off (`CSI ?7l`): a character in the last column
  /// then never wraps or scrolls, whatever width the terminal gives it.
  public static let autowrapOff: [UInt8] = csi("?7l")
  /// Turns autowrap back on (`CSI ?7h`), the terminal's default.
  public static let autowrapOn: [UInt8] = csi("?7h")

  /// Asks the terminal to bracket pastes with `CSI 200~` … `CSI 201~`
  /// (`CSI ?2004h`), so a pasted newline does not accept.
  public static let bracketedPasteOn: [UInt8] = csi("?2004h")
  /// Stops bracketing pastes (`CSI ?2004l`).
  public static let bracketedPasteOff: [UInt8] = csi("?2004l")
  /// Asks whether bracketed paste is on (DECRQM, `CSI ?2004$p`) so exit can
  /// restore it as it was. The answer is `CSI ?2004;Ps$y`; see
  /// `bracketedPasteState(reportValue:)`. Terminals that do not know DECRQM
  /// stay silent.
  public static let queryBracketedPaste: [UInt8] = csi("?2004$p")

  /// Asks where the cursor is (DSR 6, `CSI 6n`); the answer is `CSI row;column R`,
  /// 1-based. Inline mode (`--height`) uses it to find its first row.
  public static let queryCursorPosition: [UInt8] = csi("6n")

  /// Moves home and erases the whole screen (`CSI H CSI 2J`), before a full
  /// redraw of the full-screen picker after a resize or Ctrl-L.
  public static let clearScreen: [UInt8] = csi("H") + csi("2J")
  /// Erases from the cursor to the end of the screen (`CSI J`), to clear
  /// inline mode's rows on exit.
  public static let eraseBelow: [UInt8] = csi("J")

  /// Resets colours and attributes (SGR 0, `CSI 0m`).
  public static let resetStyle: [UInt8] = csi("0m")
  /// Asks for mouse reports (`CSI ?1000h`: presses, releases and the wheel)
  /// in the SGR encoding (`CSI ?1006h`: decimal coordinates, so clicks past
  /// column 223 arrive too, and releases say which button).
  public static let mouseOn: [UInt8] = csi("?1000h") + csi("?1006h")
  /// Turns off every mouse mode pick could have enabled: clicks (1000),
  /// drags (1002), all motion (1003) and SGR encoding (1006).
  public static let mouseOff: [UInt8] =
    csi("?1000l") + csi("?1002l") + csi("?1003l") + csi("?1006l")

  /// Everything a restore sends, in one buffer (also kept in the crash-restore
  /// record): colours reset, mouse off, autowrap on, bracketed paste as it was
  /// at start, back to the main screen when we left it, cursor visible.
  ///
  /// - Parameters:
  ///   - leavingAlternateScreen: whether pick entered the alternate screen
  ///     (see `leaveAlternateScreen` for why this is not unconditional).
  ///   - bracketedPaste: the state the terminal reported at start; `false`
  ///     when it did not answer.
  public static func resetToDefaults(leavingAlternateScreen: Bool, bracketedPaste: Bool) -> [UInt8] {
    var bytes = resetStyle + mouseOff + autowrapOn
    bytes += bracketedPaste ? bracketedPasteOn : bracketedPasteOff
    if leavingAlternateScreen { bytes += leaveAlternateScreen }
    bytes += showCursor
    return bytes
  }

  /// What a DECRQM answer's `Ps` says about bracketed paste: 1 set, 2 reset,
  /// 3 permanently set, 4 permanently reset; `nil` for 0 (mode not
  /// recognised) or anything else.
  public static func bracketedPasteState(reportValue: Int) -> Bool? {
    switch reportValue {
    case 1, 3: return true
    case 2, 4: return false
    default: return nil
    }
  }

  /// `ESC [` followed by `body`.
  static func csi(_ body: String) -> [UInt8] {
    [0x1B, 0x5B] + Array(body.utf8)
  }
}
