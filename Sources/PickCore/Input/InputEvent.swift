/// What the terminal sent, decoded: a key, a bracketed paste, a mouse report,
/// or the answer to a cursor-position or mode query.
public enum InputEvent: Equatable, Sendable {
  case key(Key)
  /// Bracketed paste content, cleaned: CR and LF dropped, tab turned into a
  /// space, other control characters and invalid UTF-8 dropped.
  case paste(String)
  /// A cursor-position report `ESC [ row ; column R` (1-based), delivered
  /// only while `KeyDecoder.expectsCursorReport` is set.
  case cursorPosition(row: Int, column: Int)
  /// A DECRQM answer `ESC [ ? mode ; value $ y`: how a private mode was set
  /// at start (pick asks about bracketed paste, 2004, to restore it on exit).
  case modeReport(mode: Int, value: Int)
  /// A mouse report (only sent while pick has mouse reporting on).
  case mouse(MouseEvent)
}
