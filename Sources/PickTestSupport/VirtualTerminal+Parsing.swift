// The byte-level parser: a cut-down version of the DEC/ECMA-48 state machine
// (vt100.net/emu/dec_ansi_parser). Every sequence is consumed whole, whether
// understood or not, so an unknown one never leaks characters onto the screen.
//
//   ground ──ESC──► escape ──[──► csi: parameters 0x30–0x3F, intermediates
//                     │                0x20–0x2F, final 0x40–0x7E
//                     ├──]──► osc: up to BEL or ESC \
//                     ├──P X ^ _──► string (DCS, SOS, PM, APC): up to ESC \
//                     ├──0x20–0x2F──► escape intermediate: up to a final byte
//                     └──final──► dispatched, back to ground
//
// CAN and SUB cancel any sequence; ESC inside a sequence starts a new one.
// Other C0 controls inside CSI are executed, as terminals do.

extension VirtualTerminal {
  struct Parser {
    enum State {
      case ground
      case escape
      case escapeIntermediate
      case csi
      case osc
      case string
      /// ESC seen inside an OSC or string: `\` ends it, anything else starts
      /// a new escape sequence.
      case stringEscape
    }

    var state = State.ground
    var csiBytes: [UInt8] = []
    /// The bytes of an incomplete UTF-8 character and how many it needs.
    var utf8: [UInt8] = []
    var utf8Needed = 0
  }

  mutating func consume(_ byte: UInt8) {
    if parser.utf8Needed > 0 {
      if byte & 0xC0 == 0x80 {
        parser.utf8.append(byte)
        if parser.utf8.count == parser.utf8Needed { finishCharacter() }
        return
      }
      // Cut short: the partial character shows as U+FFFD, and the byte starts afresh.
      parser.utf8Needed = 0
      parser.utf8 = []
      printCharacter("\u{FFFD}")
    }
    if byte == 0x18 || byte == 0x1A {  // CAN, SUB
      parser.state = .ground
      return
    }
    switch parser.state {
    case .ground:
      ground(byte)
    case .escape:
      escape(byte)
    case .escapeIntermediate:
      if byte == 0x1B {
        parser.state = .escape
      } else if byte >= 0x30 {
        parser.state = .ground
      }
    case .csi:
      if byte == 0x1B {
        parser.state = .escape
      } else if byte < 0x20 {
        control(byte)
      } else if byte >= 0x40 && byte <= 0x7E {
        parser.state = .ground
        dispatchCSI(final: byte)
      } else {
        parser.csiBytes.append(byte)
      }
    case .osc, .string:
      if byte == 0x1B {
        parser.state = .stringEscape
      } else if byte == 0x07 && parser.state == .osc {
        parser.state = .ground
      }
    case .stringEscape:
      if byte == 0x5C {
        parser.state = .ground
      } else {
        parser.state = .escape
        escape(byte)
      }
    }
  }

  private mutating func ground(_ byte: UInt8) {
    switch byte {
    case 0x1B:
      parser.state = .escape
    case 0x00..<0x20:
      control(byte)
    case 0x7F:
      break
    case 0x20..<0x7F:
      printCharacter(Unicode.Scalar(byte))
    case 0xC2...0xDF:
      startCharacter(byte, length: 2)
    case 0xE0...0xEF:
      startCharacter(byte, length: 3)
    case 0xF0...0xF4:
      startCharacter(byte, length: 4)
    default:
      printCharacter("\u{FFFD}")
    }
  }

  private mutating func startCharacter(_ byte: UInt8, length: Int) {
    parser.utf8 = [byte]
    parser.utf8Needed = length
  }

  private mutating func finishCharacter() {
    let text = String(decoding: parser.utf8, as: UTF8.self)
    parser.utf8 = []
    parser.utf8Needed = 0
    for scalar in text.unicodeScalars where !(0x80...0x9F).contains(scalar.value) {
      printCharacter(scalar)
    }
  }

  private mutating func escape(_ byte: UInt8) {
    parser.state = .ground
    switch byte {
    case 0x1B: parser.state = .escape
    case 0x5B:  // [
      parser.state = .csi
      parser.csiBytes = []
    case 0x5D: parser.state = .osc  // ]
    case 0x50, 0x58, 0x5E, 0x5F: parser.state = .string  // P X ^ _
    case 0x20...0x2F: parser.state = .escapeIntermediate
    case 0x00..<0x20:
      parser.state = .escape
      control(byte)
    case 0x37: saveCursor()  // 7
    case 0x38: restoreCursor()  // 8
    case 0x44: lineFeed()  // D
    case 0x45:  // E
      cursorColumn = 0
      lineFeed()
    case 0x4D: reverseLineFeed()  // M
    case 0x63: self = VirtualTerminal(width: width, height: height)  // c
    default: break
    }
  }

  /// A C0 control character.
  mutating func control(_ byte: UInt8) {
    switch byte {
    case 0x08:  // BS
      isWrapPending = false
      cursorColumn = max(0, cursorColumn - 1)
    case 0x09:  // TAB
      isWrapPending = false
      cursorColumn = min(width - 1, (cursorColumn / 8 + 1) * 8)
    case 0x0A, 0x0B, 0x0C:  // LF, VT, FF
      lineFeed()
    case 0x0D:  // CR
      isWrapPending = false
      cursorColumn = 0
    default:
      break
    }
  }

  private mutating func dispatchCSI(final: UInt8) {
    var bytes = parser.csiBytes[...]
    var marker: UInt8?
    if let first = bytes.first, (0x3C...0x3F).contains(first) {
      marker = first
      bytes = bytes.dropFirst()
    }
    let intermediates = bytes.filter { (0x20...0x2F).contains($0) }
    // Parameters separated by `;` or `:` (SGR's sub-parameters); nil when empty.
    var parameters: [Int?] = []
    var current: Int?
    for byte in bytes where !(0x20...0x2F).contains(byte) {
      if byte == 0x3B || byte == 0x3A {
        parameters.append(current)
        current = nil
      } else if (0x30...0x39).contains(byte) {
        current = min(99_999, (current ?? 0) * 10 + Int(byte - 0x30))
      }
    }
    if current != nil || !parameters.isEmpty { parameters.append(current) }
    /// The `index`th parameter, `fallback` when missing, empty or zero.
    func count(_ index: Int = 0, _ fallback: Int = 1) -> Int {
      let value = index < parameters.count ? parameters[index] ?? 0 : 0
      return value == 0 ? fallback : value
    }

    switch (marker, intermediates, final) {
    case (nil, [], 0x48), (nil, [], 0x66):  // H f
      moveTo(row: count(0) - 1, column: count(1) - 1)
    case (nil, [], 0x41): moveTo(row: cursorRow - count(), column: cursorColumn)  // A
    case (nil, [], 0x42): moveTo(row: cursorRow + count(), column: cursorColumn)  // B
    case (nil, [], 0x43): moveTo(row: cursorRow, column: cursorColumn + count())  // C
    case (nil, [], 0x44): moveTo(row: cursorRow, column: cursorColumn - count())  // D
    case (nil, [], 0x45): moveTo(row: cursorRow + count(), column: 0)  // E
    case (nil, [], 0x46): moveTo(row: cursorRow - count(), column: 0)  // F
    case (nil, [], 0x47), (nil, [], 0x60): moveTo(row: cursorRow, column: count() - 1)  // G `
    case (nil, [], 0x64): moveTo(row: count() - 1, column: cursorColumn)  // d
    case (nil, [], 0x4B): eraseInLine(parameters.first.flatMap { $0 } ?? 0)  // K
    case (nil, [], 0x4A): eraseInDisplay(parameters.first.flatMap { $0 } ?? 0)  // J
    case (nil, [], 0x6D): selectGraphicRendition(parameters)  // m
    case (nil, [], 0x73): saveCursor()  // s
    case (nil, [], 0x75): restoreCursor()  // u
    case (nil, [], 0x6E) where count(0, 0) == 6:  // n: cursor position report
      responses += Array("\u{1B}[\(cursorRow + 1);\(cursorColumn + 1)R".utf8)
    case (0x3F, [], 0x68), (0x3F, [], 0x6C):  // ?h ?l
      for mode in parameters.compactMap({ $0 }) { setMode(mode, on: final == 0x68) }
    case (0x3F, [0x24], 0x70):  // ?$p: DECRQM
      let mode = count(0, 0)
      let state: Int
      switch mode {
      case 2004: state = isBracketedPasteOn ? 1 : 2
      case 25: state = isCursorVisible ? 1 : 2
      case 7: state = isAutowrapOn ? 1 : 2
      case 1049: state = isAlternateScreen ? 1 : 2
      default: state = 0
      }
      responses += Array("\u{1B}[?\(mode);\(state)$y".utf8)
    default:
      break
    }
  }

  private mutating func setMode(_ mode: Int, on: Bool) {
    switch mode {
    case 25: isCursorVisible = on
    case 7:
      isAutowrapOn = on
      if !on { isWrapPending = false }
    case 2004: isBracketedPasteOn = on
    case 1000, 1002, 1003, 1006:
      if on { mouseModes.insert(mode) } else { mouseModes.remove(mode) }
    case 47, 1047:
      switchScreen(toAlternate: on)
    case 1049:
      if on {
        savedCursorForAlternateScreen = SavedCursor(row: cursorRow, column: cursorColumn, pen: pen)
        switchScreen(toAlternate: true)
        cells = Self.blankScreen(width: width, height: height)
      } else {
        switchScreen(toAlternate: false)
        let saved = savedCursorForAlternateScreen ?? SavedCursor()
        cursorRow = saved.row
        cursorColumn = saved.column
        pen = saved.pen
        isWrapPending = false
      }
    default:
      break
    }
  }

  private mutating func selectGraphicRendition(_ parameters: [Int?]) {
    let values = parameters.isEmpty ? [0] : parameters.map { $0 ?? 0 }
    var index = 0
    /// The colour after 38 or 48: `5;N` or `2;R;G;B`.
    func extendedColor() -> Int? {
      guard index + 1 < values.count else { return nil }
      if values[index + 1] == 5, index + 2 < values.count {
        index += 2
        return values[index]
      }
      if values[index + 1] == 2, index + 4 < values.count {
        let rgb =
          (values[index + 2] & 0xFF) << 16 | (values[index + 3] & 0xFF) << 8
          | (values[index + 4] & 0xFF)
        index += 4
        return 0x100_0000 | rgb
      }
      return nil
    }
    while index < values.count {
      let value = values[index]
      switch value {
      case 0: pen = .plain
      case 1: pen.bold = true
      case 2: pen.dim = true
      case 4: pen.underline = true
      case 7: pen.reverse = true
      case 22:
        pen.bold = false
        pen.dim = false
      case 24: pen.underline = false
      case 27: pen.reverse = false
      case 30...37: pen.foreground = value - 30
      case 38: pen.foreground = extendedColor()
      case 39: pen.foreground = nil
      case 40...47: pen.background = value - 40
      case 48: pen.background = extendedColor()
      case 49: pen.background = nil
      case 90...97: pen.foreground = value - 90 + 8
      case 100...107: pen.background = value - 100 + 8
      default: break
      }
      index += 1
    }
  }
}
