// Bracketed paste: `ESC [ 200 ~`, the text, `ESC [ 201 ~`.

extension KeyDecoder {
  /// `ESC [ 2 0 1 ~`, the end of a paste.
  private static let pasteTerminator: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
  /// The most bytes of one paste that are kept: every character a query can
  /// hold in the longest UTF-8, and room for line ends that are dropped. The
  /// rest of a larger paste is read to its end and discarded.
  static let pasteByteLimit = QueryEditor.maximumLength * 4 + 65_536

  mutating func pasteByte(_ byte: UInt8) {
    let terminator = Self.pasteTerminator
    if byte == terminator[pasteTerminatorMatched] {
      pasteTerminatorMatched += 1
      if pasteTerminatorMatched == terminator.count {
        pasteTerminatorMatched = 0
        finishPaste()
      }
      return
    }
    if pasteTerminatorMatched > 0 {
      // Not the terminator after all: what matched so far is text.
      keepPasted(terminator[..<pasteTerminatorMatched])
      pasteTerminatorMatched = 0
    }
    if byte == terminator[0] {
      pasteTerminatorMatched = 1
    } else {
      keepPasted(CollectionOfOne(byte))
    }
  }

  /// Keeps pasted bytes up to `pasteByteLimit`, dropping the rest.
  private mutating func keepPasted(_ bytes: some Collection<UInt8>) {
    guard pasteBytes.count < Self.pasteByteLimit else { return }
    pasteBytes.append(contentsOf: bytes.prefix(Self.pasteByteLimit - pasteBytes.count))
  }

  /// Delivers the paste collected so far (nothing if it cleans to nothing).
  mutating func finishPaste() {
    state = .ground
    let text = Self.cleanedPaste(pasteBytes)
    pasteBytes.removeAll()
    if !text.isEmpty { events.append(.paste(text)) }
  }

  /// The pasted bytes as query text: CR and LF dropped, tab → space, other
  /// controls (C0, DEL, C1) dropped, invalid UTF-8 dropped.
  static func cleanedPaste(_ bytes: [UInt8]) -> String {
    var scalars = String.UnicodeScalarView()
    var assembler = UTF8Assembler()
    func keep(_ scalar: Unicode.Scalar) {
      switch scalar.value {
      case 0x09: scalars.append(" ")
      case 0x00...0x1F, 0x7F...0x9F: break
      default: scalars.append(scalar)
      }
    }
    for byte in bytes {
      switch assembler.push(byte) {
      case .scalar(let scalar):
        keep(scalar)
      case .pending, .invalid(reprocess: false):
        break
      case .invalid(reprocess: true):
        if case .scalar(let scalar) = assembler.push(byte) { keep(scalar) }
      }
    }
    return String(scalars)
  }
}
