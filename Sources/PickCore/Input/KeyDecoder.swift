/// Turns the bytes a terminal sends into keys, pastes, mouse reports and
/// cursor and mode reports.
///
/// The grammar, after ECMA-48 and xterm's ctlseqs, as fzf 0.74 reads it:
///
///     byte 0x20-0x7E, or UTF-8    a character (invalid UTF-8 is dropped)
///     0x0D / 0x09 / 0x7F          enter / tab / bspace
///     0x08                        ctrl-bspace (fzf: also the key `ctrl-h` names)
///     0x00 0x01-0x1A 0x1C-0x1F    ctrl-space, ctrl-a ... ctrl-z, ctrl-\ ] ^ /
///     0x0A                        ctrl-j; enter in the first, cooked batch
///     ESC + one of the above      the same key with alt (ESC 0x0D is alt-enter)
///     ESC [ params final          CSI: arrows, Home/End, the `~` keys, F-keys,
///     ESC O params final          SS3: the same, as application-mode keys send them
///     ESC ESC [ ... / ESC ESC O   the key with alt (iTerm2's Alt-arrows)
///     ESC [ 200 ~ ... ESC [ 201 ~ bracketed paste
///     ESC [ < b ; x ; y M / m     SGR mouse report (press / release)
///     ESC [ M b x y               X10 mouse report (three raw bytes, each + 32)
///     ESC ] ... BEL or ESC \      OSC string; ESC P, ESC _, ESC ^, ESC X: DCS,
///                                 APC, PM, SOS strings ended by ESC \ only
///
/// CSI parameters are bytes 0x30-0x3F, intermediates 0x20-0x2F and the final
/// byte 0x40-0x7E. A sequence is always consumed whole: one this decoder
/// does not know (focus events, urxvt's mouse reports, replies to queries we
/// never sent, kitty's `CSI u` keys) is dropped, never typed into the query. A
/// byte that cannot occur inside a sequence (a control, ESC, non-ASCII)
/// abandons it, and is decoded afresh.
///
/// Modifiers travel as `ESC [ 1 ; M X` and `ESC [ N ; M ~`, where `M - 1`
/// is a bit set: 1 shift, 2 alt, 4 ctrl, 8 meta (taken as alt, as fzf does).
///
/// Timing. ESC is both a key and the start of every sequence. A terminal
/// writes a whole sequence at once, so a byte that follows an ESC within the
/// escape delay belongs to it; the decoder has no clock and its owner (the
/// picker controller, which is given the time)
/// calls `timedOut()` when `waitMilliseconds` pass without input. Then:
///
/// - a lone ESC (or ESC ESC) is the Escape key;
/// - `ESC [`, `ESC O`, `ESC ]`, `ESC P`, `ESC _`, `ESC ^`, `ESC X` with
///   nothing after them are that character with alt (how Alt-[ etc. arrive);
/// - any other incomplete sequence, and a split UTF-8 character, is dropped:
///   its tail may still come, and typing `1;5A` into the query would be worse
///   than losing one key;
/// - an unterminated string is dropped after 1 s (or once it passes 4 KiB,
///   after which bytes are decoded normally again);
/// - an unfinished paste is delivered after 1 s.
///
/// Strings need a plausible first byte (a digit for OSC; a digit, `>`, `!`
/// or `=` for DCS; a letter for APC), so Alt-] followed quickly by typing is
/// not swallowed as an OSC. An empty string (`ESC ]` then BEL or ESC) is
/// Alt-] followed by that byte, as in fzf.
///
/// A cursor-position report `ESC [ row ; col R` is taken only while
/// `expectsCursorReport` is set, and clears it. At other times any
/// `ESC [ n ; m R` is dropped, like fzf, so a late report never becomes a key;
/// the price is xterm's modified F3 (`ESC [ 1 ; 5 R`), which fzf drops too.
public struct KeyDecoder: Sendable {
  /// Set while an `ESC [ 6 n` query is outstanding; cleared by its reply.
  public var expectsCursorReport = false

  /// The escape delay in milliseconds (see `EscapeDelay`).
  public let escapeDelay: Int

  /// How long an unterminated string or paste may wait for its end.
  static let stringMilliseconds = 1000
  /// Longest string payload kept waiting for its terminator.
  static let stringLimit = 4096
  /// Longest parameter run kept for one CSI; longer ones are dropped.
  static let parameterLimit = 32

  enum State: Sendable, Equatable {
    case ground
    /// After ESC.
    case escape
    /// After ESC ESC: alt, if a CSI or SS3 follows.
    case escapeEscape
    /// Inside a UTF-8 character.
    case utf8(alt: Bool)
    /// After `ESC [` or `ESC O` (see `introducer`), collecting parameters.
    case sequence
    /// After `ESC [ [`: the Linux console's F1-F5.
    case linuxFunction
    /// After `ESC [ M`: an X10 mouse report's three raw bytes.
    case x10Mouse(remaining: Int)
    /// After a string introducer, before its first byte.
    case stringStart
    /// Inside a string, `length` payload bytes so far.
    case string(length: Int)
    /// ESC inside a string: `\` completes the ST.
    case stringEscape
    /// Inside a bracketed paste.
    case paste
  }

  var state = State.ground
  var utf8 = UTF8Assembler()
  /// `[` or `O` for a sequence; `]`, `P`, `_`, `^` or `X` for a string.
  var introducer: UInt8 = 0
  /// The sequence came after ESC ESC.
  var sequenceAlt = false
  var parameters: [UInt8] = []
  var parametersOverflowed = false
  var pasteBytes: [UInt8] = []
  /// How many bytes of `ESC [ 201 ~` the paste has seen at its end.
  var pasteTerminatorMatched = 0
  /// The batch being fed was typed under the line discipline.
  var cooked = false
  var events: [InputEvent] = []

  public init(escapeDelay: Int = EscapeDelay.defaultMilliseconds) {
    self.escapeDelay = escapeDelay
  }

  /// Whether bytes are held waiting for more: a lone ESC, a partial
  /// sequence, a split UTF-8 character, an unterminated string or paste.
  public var isWaiting: Bool { state != .ground }

  /// How long the picker should wait for another byte before calling
  /// `timedOut()`; `nil` when nothing is held.
  public var waitMilliseconds: Int? {
    switch state {
    case .ground: nil
    case .string, .stringEscape, .paste: Self.stringMilliseconds
    default: escapeDelay
    }
  }

  /// Decodes bytes read from the terminal.
  ///
  /// `cooked`: the batch was typed before raw mode took effect, under the
  /// line discipline, so LF (like CR) in it is Enter. In raw mode CR is
  /// Enter and LF is Ctrl-J, as in fzf.
  public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, cooked: Bool = false)
    -> [InputEvent]
  {
    self.cooked = cooked
    defer { self.cooked = false }
    for byte in bytes { consume(byte) }
    return takeEvents()
  }

  public mutating func feed(_ bytes: [UInt8], cooked: Bool = false) -> [InputEvent] {
    bytes.withUnsafeBufferPointer { feed($0, cooked: cooked) }
  }

  /// No byte came for `waitMilliseconds`: settle what is held (see the
  /// type's documentation).
  public mutating func timedOut() -> [InputEvent] {
    switch state {
    case .ground:
      break
    case .escape, .escapeEscape:
      emit(Key(.escape))
    case .utf8:
      utf8.reset()
    case .sequence:
      if parameters.isEmpty && !parametersOverflowed { emitIntroducerWithAlt() }
    case .stringStart:
      emitIntroducerWithAlt()
    case .paste:
      pasteTerminatorMatched = 0
      finishPaste()
    case .linuxFunction, .x10Mouse, .string, .stringEscape:
      break
    }
    state = .ground
    return takeEvents()
  }

  private mutating func takeEvents() -> [InputEvent] {
    defer { events.removeAll() }
    return events
  }

  mutating func emit(_ key: Key) {
    events.append(.key(key))
  }

  /// Alt-[ / Alt-O / Alt-] ...: an introducer that nothing followed.
  mutating func emitIntroducerWithAlt() {
    emit(Key(.character(Unicode.Scalar(introducer)), alt: true))
  }

  /// Decodes one byte in the current state.
  mutating func consume(_ byte: UInt8) {
    switch state {
    case .ground:
      ground(byte)
    case .escape:
      state = .ground
      afterEscape(byte)
    case .escapeEscape:
      if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") {
        beginSequence(byte, alt: true)
      } else {
        // fzf reads ESC ESC as one Escape.
        state = .ground
        emit(Key(.escape))
        ground(byte)
      }
    case .utf8(let alt):
      switch utf8.push(byte) {
      case .scalar(let scalar):
        state = .ground
        emitCharacter(scalar, alt: alt)
      case .pending:
        break
      case .invalid(let reprocess):
        state = .ground
        if reprocess { ground(byte) }
      }
    case .sequence:
      sequenceByte(byte)
    case .linuxFunction:
      state = .ground
      linuxFunctionByte(byte)
    case .x10Mouse(let remaining):
      parameters.append(byte)
      if remaining > 1 {
        state = .x10Mouse(remaining: remaining - 1)
      } else {
        state = .ground
        x10Mouse()
      }
    case .stringStart:
      if isPlausibleStringStart(byte) {
        state = .string(length: 1)
      } else {
        state = .ground
        emitIntroducerWithAlt()
        ground(byte)
      }
    case .string(let length):
      if byte == 0x1B {
        state = .stringEscape
      } else if byte == 0x07 && introducer == UInt8(ascii: "]") {
        state = .ground
      } else {
        // Past the limit the string is given up and decoding resumes.
        state = length < Self.stringLimit ? .string(length: length + 1) : .ground
      }
    case .stringEscape:
      if byte == UInt8(ascii: "\\") {
        state = .ground
      } else {
        // ESC ends the string and starts a sequence of its own.
        state = .ground
        afterEscape(byte)
      }
    case .paste:
      pasteByte(byte)
    }
  }

  private mutating func ground(_ byte: UInt8) {
    switch byte {
    case 0x1B:
      state = .escape
    case 0x20...0x7E:
      emit(Key(.character(Unicode.Scalar(byte))))
    case 0x80...0xFF:
      if case .pending = utf8.push(byte) { state = .utf8(alt: false) }
    default:
      emit(controlKey(byte))
    }
  }

  private mutating func afterEscape(_ byte: UInt8) {
    switch byte {
    case 0x1B:
      state = .escapeEscape
    case UInt8(ascii: "["), UInt8(ascii: "O"):
      beginSequence(byte, alt: false)
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"),
      UInt8(ascii: "X"):
      introducer = byte
      state = .stringStart
    case 0x20...0x7E:
      emit(Key(.character(Unicode.Scalar(byte)), alt: true))
    case 0x80...0xFF:
      if case .pending = utf8.push(byte) { state = .utf8(alt: true) }
    default:
      var key = controlKey(byte)
      key.alt = true
      emit(key)
    }
  }

  /// The key for a C0 control byte or DEL (not ESC).
  private func controlKey(_ byte: UInt8) -> Key {
    switch byte {
    case 0x0D: Key(.enter)
    case 0x0A: cooked ? Key(.enter) : Key(.control("j"))
    case 0x09: Key(.tab)
    case 0x7F: Key(.backspace)
    case 0x08: Key(.backspace, ctrl: true)
    case 0x00: Key(.control(" "))
    case 0x1C: Key(.control("\\"))
    case 0x1D: Key(.control("]"))
    case 0x1E: Key(.control("^"))
    case 0x1F: Key(.control("/"))
    default: Key(.control(Unicode.Scalar(byte + 0x60)))
    }
  }

  private mutating func emitCharacter(_ scalar: Unicode.Scalar, alt: Bool) {
    // C1 controls (U+0080-U+009F) are valid UTF-8 but never text.
    guard !(0x80...0x9F).contains(scalar.value) else { return }
    emit(Key(.character(scalar), alt: alt))
  }

  private func isPlausibleStringStart(_ byte: UInt8) -> Bool {
    let isDigit = byte >= 0x30 && byte <= 0x39
    switch introducer {
    case UInt8(ascii: "]"): return isDigit
    case UInt8(ascii: "P"):
      return isDigit || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "!")
        || byte == UInt8(ascii: "=")
    case UInt8(ascii: "_"):
      return (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    default: return byte >= 0x20 && byte != 0x7F
    }
  }
}
