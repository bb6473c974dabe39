// CSI and SS3 sequences: framing and the keys they name.

extension KeyDecoder {
  mutating func beginSequence(_ introducer: UInt8, alt: Bool) {
    self.introducer = introducer
    sequenceAlt = alt
    parameters.removeAll(keepingCapacity: true)
    parametersOverflowed = false
    state = .sequence
  }

  mutating func sequenceByte(_ byte: UInt8) {
    if parameters.isEmpty && !parametersOverflowed && introducer == UInt8(ascii: "[") {
      if byte == UInt8(ascii: "M") {
        state = .x10Mouse(remaining: 3)
        return
      }
      if byte == UInt8(ascii: "[") {
        state = .linuxFunction
        return
      }
    }
    switch byte {
    case 0x20...0x3F:
      if parameters.count < Self.parameterLimit {
        parameters.append(byte)
      } else {
        parametersOverflowed = true
      }
    case 0x40...0x7E:
      state = .ground
      if !parametersOverflowed { finishSequence(final: byte) }
    default:
      // Not part of a sequence: give the sequence up and read the byte anew.
      state = .ground
      if parameters.isEmpty && !parametersOverflowed { emitIntroducerWithAlt() }
      consume(byte)
    }
  }

  /// `ESC [ [ A` ... `ESC [ [ E`: F1-F5 on the Linux console.
  mutating func linuxFunctionByte(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "E"):
      emit(Key(.function(Int(byte - UInt8(ascii: "A")) + 1), alt: sequenceAlt))
    case 0x20...0x7E:
      break  // some other sequence: dropped
    default:
      consume(byte)
    }
  }

  private mutating func finishSequence(final: UInt8) {
    let isCSI = introducer == UInt8(ascii: "[")
    if isCSI && parameters.isEmpty && final == UInt8(ascii: "Z") {
      emit(Key(.tab, shift: true, alt: sequenceAlt))
      return
    }
    if isCSI && (final == UInt8(ascii: "M") || final == UInt8(ascii: "m")) && parameters.first == UInt8(ascii: "<") {
      sgrMouse(isPress: final == UInt8(ascii: "M"))
      return
    }
    if isCSI && final == UInt8(ascii: "y"), let report = Self.modeReport(parameters) {
      events.append(.modeReport(mode: report.mode, value: report.value))
      return
    }
    guard let numbers = Self.numbers(in: parameters) else { return }  // private or malformed
    if isCSI && final == UInt8(ascii: "R") && numbers.count == 2 {
      // A cursor-position report, or one arriving late: never a key.
      if expectsCursorReport {
        expectsCursorReport = false
        events.append(.cursorPosition(row: numbers[0], column: numbers[1]))
      }
      return
    }
    if isCSI && final == UInt8(ascii: "~") {
      tildeKey(numbers)
      return
    }
    if !isCSI && numbers.isEmpty, let code = Self.keypadCode(final) {
      emit(Key(code, alt: sequenceAlt))
      return
    }
    guard let code = Self.letterCode(final) else { return }
    switch numbers.count {
    case 0:
      emit(Key(code, alt: sequenceAlt))
    case 2 where numbers[0] == 1:
      if let key = modified(code, numbers[1]) { emit(key) }
    default:
      break
    }
  }

  /// `ESC [ < Cb ; Cx ; Cy M` (press) or `m` (release): xterm's SGR mouse
  /// report, with 1-based coordinates in decimal, so any screen size works.
  private mutating func sgrMouse(isPress: Bool) {
    guard let numbers = Self.numbers(in: Array(parameters.dropFirst())), numbers.count == 3,
      numbers[1] >= 1, numbers[2] >= 1
    else { return }
    events.append(.mouse(MouseEvent(code: numbers[0], isPress: isPress, row: numbers[2], column: numbers[1])))
  }

  /// `ESC [ M Cb Cx Cy`: the X10 form, each value a byte offset by 32
  /// (so at most column and row 223); a terminal that ignores mode 1006 sends it.
  mutating func x10Mouse() {
    guard parameters.count == 3, parameters.allSatisfy({ $0 >= 32 }) else { return }
    let code = Int(parameters[0]) - 32
    let column = Int(parameters[1]) - 32
    let row = Int(parameters[2]) - 32
    guard column >= 1, row >= 1 else { return }
    events.append(.mouse(MouseEvent(code: code, isPress: true, row: row, column: column)))
  }

  /// `ESC [ N ~` and `ESC [ N ; M ~`.
  private mutating func tildeKey(_ numbers: [Int]) {
    guard let first = numbers.first, numbers.count <= 2 else { return }
    if first == 200 && numbers.count == 1 {
      pasteBytes.removeAll(keepingCapacity: true)
      pasteTerminatorMatched = 0
      state = .paste
      return
    }
    guard let code = Self.tildeCode(first) else { return }
    if numbers.count == 1 {
      emit(Key(code, alt: sequenceAlt))
    } else if let key = modified(code, numbers[1]) {
      emit(key)
    }
  }

  /// `? mode ; value $` (the parameters of a DECRQM answer ending in `y`).
  static func modeReport(_ parameters: [UInt8]) -> (mode: Int, value: Int)? {
    guard parameters.first == UInt8(ascii: "?"), parameters.last == UInt8(ascii: "$"),
      let numbers = numbers(in: Array(parameters.dropFirst().dropLast())), numbers.count == 2
    else { return nil }
    return (numbers[0], numbers[1])
  }

  /// The key with xterm's modifier parameter `M` (M - 1: 1 shift, 2 alt, 4 ctrl, 8 meta).
  private func modified(_ code: Key.Code, _ modifier: Int) -> Key? {
    guard (1...16).contains(modifier) else { return nil }
    let bits = modifier - 1
    return Key(
      code, shift: bits & 1 != 0, alt: bits & 2 != 0 || bits & 8 != 0 || sequenceAlt,
      ctrl: bits & 4 != 0)
  }

  /// The parameters as numbers separated by `;`; `nil` for anything else
  /// (private markers `<=>?`, intermediates, `:` sub-parameters, empty fields).
  static func numbers(in parameters: [UInt8]) -> [Int]? {
    var numbers: [Int] = []
    var current = 0
    var digits = 0
    for byte in parameters {
      switch byte {
      case 0x30...0x39:
        guard digits < 6 else { return nil }
        current = current * 10 + Int(byte - 0x30)
        digits += 1
      case UInt8(ascii: ";"):
        guard digits > 0 else { return nil }
        numbers.append(current)
        (current, digits) = (0, 0)
      default:
        return nil
      }
    }
    if digits > 0 {
      numbers.append(current)
    } else if !parameters.isEmpty {
      return nil
    }
    return numbers
  }

  /// Final bytes of `ESC [ X`, `ESC O X`, `ESC [ 1 ; M X`.
  static func letterCode(_ final: UInt8) -> Key.Code? {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    case UInt8(ascii: "P"): .function(1)
    case UInt8(ascii: "Q"): .function(2)
    case UInt8(ascii: "R"): .function(3)
    case UInt8(ascii: "S"): .function(4)
    default: nil
    }
  }

  /// `ESC [ N ~`: the VT220 editing keys and function keys.
  static func tildeCode(_ number: Int) -> Key.Code? {
    switch number {
    case 1, 7: .home
    case 2: .insert
    case 3: .delete
    case 4, 8: .end
    case 5: .pageUp
    case 6: .pageDown
    case 11...15: .function(number - 10)
    case 17...21: .function(number - 11)
    case 23, 24: .function(number - 12)
    default: nil
    }
  }

  /// `ESC O X` from the numeric keypad in application mode.
  static func keypadCode(_ final: UInt8) -> Key.Code? {
    switch final {
    case UInt8(ascii: "M"): .enter
    case UInt8(ascii: "X"): .character("=")
    case UInt8(ascii: "j"): .character("*")
    case UInt8(ascii: "k"): .character("+")
    case UInt8(ascii: "l"): .character(",")
    case UInt8(ascii: "m"): .character("-")
    case UInt8(ascii: "n"): .character(".")
    case UInt8(ascii: "o"): .character("/")
    case UInt8(ascii: "p")...UInt8(ascii: "y"):
      .character(Unicode.Scalar(final - UInt8(ascii: "p") + 0x30))
    default: nil
    }
  }
}
