import Glibc

/// `--ansi`: takes the escape sequences out of items as their bytes arrive,
/// and keeps what their SGR sequences say about colour in `ItemColors`.
///
/// ## Why at read time
///
/// The store then holds the visible text, so matching, `--nth` and
/// `--with-nth` fields, the output and `--filter` work on what the user sees
/// with no change (fzf matches and prints the visible text too). An item
/// without ESC costs one `memchr` over its bytes; one with escapes is
/// compacted in place, in the arena, before the store splits it off: the
/// bytes after the last complete item belong to the writer alone.
///
/// ## Grammar (ECMA-48)
///
/// | sequence | bytes | what happens |
/// |---|---|---|
/// | CSI | `ESC [`, parameters 0x30–0x3F, intermediates 0x20–0x2F, a final 0x40–0x7E | dropped; SGR (`m`, no intermediate, no private marker `<=>?`) is applied |
/// | string: OSC, DCS, SOS, PM, APC | `ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _` up to BEL or `ESC \` | dropped |
/// | other escapes | `ESC`, intermediates 0x20–0x2F, a final 0x30–0x7E (`ESC ( B`, `ESC =`) | dropped |
///
/// A sequence broken by a byte that cannot continue it is dropped up to
/// that byte, which is then read as text (a lone ESC, `ESC [ 3 1 é`). An item
/// ends every sequence: an unterminated one at the end of an item is dropped
/// and the separator ends the item as usual. Sequences may be split across
/// reads at any byte. The style carries from one item to the next until a
/// reset, as on a terminal (and in fzf).
///
/// Nothing is kept of a sequence but its effect on the style, so nothing an
/// item holds reaches the terminal: what remains is drawn like any item
/// (controls as placeholders, `DisplayLine`), and the colours are sent by
/// pick's own renderer.
final class ANSIFilter {
  private enum State {
    case ground
    case escape
    case escapeIntermediate
    case csi
    /// A CSI with an intermediate byte or a private marker: not SGR.
    case otherCSI
    case string
    /// `ESC` inside a string: `\` ends it; anything else starts a new escape.
    case stringEscape
  }

  /// The longest SGR parameter list read; past it the rest is ignored.
  private static let maxParameters = 256

  private var state = State.ground
  private var parameters: [UInt8] = []
  private var style = Style.plain
  /// The store's separator: it ends every sequence, as it ends the item.
  private let separator: UInt8
  /// The colours of the visible bytes, by arena offset.
  let colors = ItemColors()

  init(separator: UInt8) {
    self.separator = separator
    parameters.reserveCapacity(Self.maxParameters)
  }

  /// Filters the `count` bytes at `bytes` in place: the visible ones move to
  /// the front; returns how many there are. `offset`: the arena offset of
  /// `bytes`, where the colours of the visible bytes are recorded.
  func filter(_ bytes: UnsafeMutablePointer<UInt8>, count: Int, at offset: Int) -> Int {
    var read = 0
    var write = 0
    while read < count {
      guard case .ground = state else {
        let byte = bytes[read]
        read += 1
        if step(byte, at: offset + write) {
          state = .ground
          if byte == 0x1B {
            state = .escape
          } else {
            bytes[write] = byte
            write += 1
          }
        }
        continue
      }
      // Text runs to the next ESC: one memchr, and a move once anything was dropped.
      let escape = memchr(bytes + read, 0x1B, count - read)
      let textEnd = escape.map { $0.assumingMemoryBound(to: UInt8.self) - bytes } ?? count
      if write != read { memmove(bytes + write, bytes + read, textEnd - read) }
      write += textEnd - read
      read = textEnd
      if escape != nil {
        read += 1
        state = .escape
      }
    }
    return write
  }

  /// Takes one byte of a sequence. Returns true when the byte does not
  /// belong to the sequence (which is then dropped) and is to be read as text.
  private func step(_ byte: UInt8, at offset: Int) -> Bool {
    switch state {
    case .ground: return true
    case .escape:
      switch byte {
      case UInt8(ascii: "["):
        parameters.removeAll(keepingCapacity: true)
        state = .csi
      case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
        state = .string
      case 0x20...0x2F: state = .escapeIntermediate
      case 0x30...0x7E: state = .ground
      default: return true
      }
    case .escapeIntermediate:
      switch byte {
      case 0x20...0x2F: break
      case 0x30...0x7E: state = .ground
      default: return true
      }
    case .csi:
      switch byte {
      case 0x30...0x3B:
        if parameters.count < Self.maxParameters { parameters.append(byte) }
      case 0x3C...0x3F, 0x20...0x2F: state = .otherCSI
      case UInt8(ascii: "m"):
        applySGR(at: offset)
        state = .ground
      case 0x40...0x7E: state = .ground
      default: return true
      }
    case .otherCSI:
      switch byte {
      case 0x20...0x3F: break
      case 0x40...0x7E: state = .ground
      default: return true
      }
    case .string:
      if byte == 0x07 {
        state = .ground
      } else if byte == 0x1B {
        state = .stringEscape
      } else if byte == separator {
        return true
      }
    case .stringEscape:
      if byte == UInt8(ascii: "\\") {
        state = .ground
      } else {
        state = .escape
        return step(byte, at: offset)
      }
    }
    return false
  }

  private func applySGR(at offset: Int) {
    var next = style
    parameters.withUnsafeBufferPointer { SGR.apply($0, to: &next) }
    guard next != style else { return }
    style = next
    colors.record(style, at: offset)
  }
}
