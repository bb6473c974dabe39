/// A mouse report from the terminal (xterm's SGR encoding, mode 1006, or the
/// older X10 bytes): which button, pressed or released, where, and the
/// modifiers held.
public struct MouseEvent: Equatable, Sendable {
  public enum Button: Equatable, Sendable {
    case left, middle, right
    case wheelUp, wheelDown, wheelLeft, wheelRight
    /// Buttons 8-11 (back, forward, ...), or a release in the X10 encoding,
    /// which does not say which button went up.
    case other(Int)
  }

  public var button: Button
  /// False for a release (SGR's final `m`, or X10's button 3).
  public var isPress: Bool
  /// Motion with a button held (only reported in modes 1002/1003).
  public var isDrag: Bool
  /// Terminal row and column, 1-based.
  public var row: Int
  public var column: Int
  public var shift: Bool
  public var alt: Bool
  public var ctrl: Bool

  public init(
    button: Button, isPress: Bool = true, isDrag: Bool = false, row: Int, column: Int,
    shift: Bool = false,
    alt: Bool = false, ctrl: Bool = false
  ) {
    self.button = button
    self.isPress = isPress
    self.isDrag = isDrag
    self.row = row
    self.column = column
    self.shift = shift
    self.alt = alt
    self.ctrl = ctrl
  }

  /// Decodes xterm's button code `Cb`: the low two bits are the button (3 is
  /// "released" in X10), +4 shift, +8 meta, +16 control, +32 motion, +64 the
  /// wheel (64 up, 65 down, 66 left, 67 right), +128 buttons 8-11.
  init(code: Int, isPress: Bool, row: Int, column: Int) {
    let low = code & 3
    var pressed = isPress
    let button: Button
    if code & 128 != 0 {
      button = .other(8 + low)
    } else if code & 64 != 0 {
      button = [.wheelUp, .wheelDown, .wheelLeft, .wheelRight][low]
    } else if low == 3 {
      button = .other(0)
      pressed = false
    } else {
      button = [.left, .middle, .right][low]
    }
    self.init(
      button: button, isPress: pressed, isDrag: code & 32 != 0 && code & 64 == 0, row: row,
      column: column,
      shift: code & 4 != 0, alt: code & 8 != 0, ctrl: code & 16 != 0)
  }
}
