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
  /// The current style, as its number in `colors`.
  private var style: UInt32 = 0
  /// What recent SGR sequences did: (parameters, style before) → style after.
  private var transitions = TransitionCache()
  /// The store's separator: it ends every sequence, as it ends the item.
  private let separator: UInt8
  /// The colours of the visible bytes, by arena offset.
  let colors = ItemColors()

  /// Whether colours are kept; without, the sequences are only dropped
  /// (`filterItem`, what `--filter --ansi`'s own stripping is held to).
  private let keepsColors: Bool

  init(separator: UInt8, keepsColors: Bool = true) {
    self.separator = separator
    self.keepsColors = keepsColors
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
      guard Self.copyText(bytes, read: &read, write: &write, count: count) else { break }
      read += 1
      // An SGR sequence whole in this read (nearly all of them) is applied
      // from where it lies; anything else goes through `step`.
      if let final = Self.sgrFinal(bytes, from: read, count: count) {
        if keepsColors {
          applySGR(UnsafeBufferPointer(start: bytes + read + 1, count: final - read - 1), at: offset + write)
        }
        read = final + 1
      } else {
        state = .escape
      }
    }
    return write
  }

  /// Filters one whole item in place, as if it were the only input:
  /// returns how many visible bytes are at the front. The item's end ends
  /// any sequence left open, as its separator would. What `VisibleText`
  /// (`cpick_ansi_visible`) must give for the items of `--filter --ansi`,
  /// which the tests and the fuzz harness hold it to. Only for a filter
  /// that keeps no colours: the style of one item would otherwise leak into
  /// the next one filtered.
  func filterItem(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
    state = .ground
    let written = filter(bytes, count: count, at: 0)
    state = .ground
    return written
  }

  /// Moves the text from `read` on to `write`, up to the next ESC (true, with
  /// `read` on it) or the end (false).
  ///
  /// Coloured input has a sequence every few bytes (`ls --color` puts two
  /// around each name), so the text between is found eight bytes at a time
  /// in registers, with no call; a long stretch without ESC goes to `memchr`.
  @inline(__always)
  private static func copyText(
    _ bytes: UnsafeMutablePointer<UInt8>, read: inout Int, write: inout Int, count: Int
  ) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    var words = 0
    while read + 8 <= count && words < 8 {
      let word = UnsafeRawPointer(bytes + read).loadUnaligned(as: UInt64.self)
      // The bytes equal to ESC get their high bit set; the lowest is exact.
      let x = word ^ (ones &* 0x1B)
      let escapes = (x &- ones) & ~x & (ones &* 0x80)
      if escapes == 0 {
        // Whatever this store overwrites was read already (`write <= read`).
        UnsafeMutableRawPointer(bytes + write).storeBytes(of: word, as: UInt64.self)
        read += 8
        write += 8
        words += 1
        continue
      }
      let length = escapes.trailingZeroBitCount / 8
      // The whole word, unless that would overwrite the ESC or what follows it.
      if write == read || write + 8 <= read {
        UnsafeMutableRawPointer(bytes + write).storeBytes(of: word, as: UInt64.self)
      } else {
        for index in 0..<length { bytes[write + index] = bytes[read + index] }
      }
      read += length
      write += length
      return true
    }
    let escape = memchr(bytes + read, 0x1B, count - read)
    let textEnd = escape.map { $0.assumingMemoryBound(to: UInt8.self) - bytes } ?? count
    if write != read { memmove(bytes + write, bytes + read, textEnd - read) }
    write += textEnd - read
    read = textEnd
    return escape != nil
  }

  /// Where the `m` of an SGR sequence is when `bytes[start...]` (just after
  /// an ESC) holds one whole: `[`, parameter bytes, `m`.
  @inline(__always)
  private static func sgrFinal(_ bytes: UnsafeMutablePointer<UInt8>, from start: Int, count: Int) -> Int? {
    guard start < count, bytes[start] == UInt8(ascii: "[") else { return nil }
    var index = start + 1
    // Digits, `:` and `;` (0x30–0x3B); a private marker is not SGR.
    while index < count, bytes[index] &- 0x30 < 12 { index += 1 }
    guard index < count, bytes[index] == UInt8(ascii: "m") else { return nil }
    return index
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
        parameters.withUnsafeBufferPointer { applySGR($0, at: offset) }
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

  /// Applies one SGR sequence's parameters; the visible text goes on at `offset`.
  private func applySGR(_ parameters: UnsafeBufferPointer<UInt8>, at offset: Int) {
    guard keepsColors else { return }
    let next: UInt32
    if let key = TransitionCache.key(parameters), let known = transitions.after(key, from: style) {
      next = known
    } else {
      var changed = colors.style(numbered: style)
      SGR.apply(parameters, to: &changed)
      next = colors.number(of: changed)
      if let key = TransitionCache.key(parameters) { transitions.remember(key, from: style, to: next) }
    }
    guard next != style else { return }
    style = next
    colors.record(style: next, at: offset)
  }
}

/// What the last few SGR sequences did to the style, so that a sequence
/// seen before (an input has a handful: `01;34`, `0`, `1`) costs a lookup,
/// not a parse and a hash. Keys are parameter lists up to 8 bytes, packed.
///
/// Two entries a set, the newer first: with one, two of the eight
/// transitions of `grep --color` output (`35`, `36`, `32`, `01;31` from
/// plain, and the reset after each) often shared a slot and pushed each
/// other out on every line, so that a third of loading such input in the
/// picker went to parsing and hashing styles again.
struct TransitionCache {
  private struct Entry {
    var key: UInt64
    var from: UInt32
    var to: UInt32
  }

  private static let sets = 64
  /// `UInt64.max` marks an empty slot (no packed key has every bit set).
  private var entries = [Entry](repeating: Entry(key: .max, from: 0, to: 0), count: 2 * sets)

  /// The parameters packed into 64 bits (0 for none); nil when longer than 8 bytes.
  @inline(__always)
  static func key(_ parameters: UnsafeBufferPointer<UInt8>) -> UInt64? {
    guard parameters.count <= 8 else { return nil }
    var key: UInt64 = 0
    // Parameter bytes are never 0, so the length is implied.
    for byte in parameters { key = key << 8 | UInt64(byte) }
    return key
  }

  /// The first of the two entries of the set of `key` from `from`.
  @inline(__always)
  private static func set(_ key: UInt64, _ from: UInt32) -> Int {
    Int(truncatingIfNeeded: ((key ^ UInt64(from) << 40) &* 0x9E37_79B9_7F4A_7C15) >> 58) * 2
  }

  @inline(__always)
  func after(_ key: UInt64, from: UInt32) -> UInt32? {
    let first = Self.set(key, from)
    let newer = entries[first]
    if newer.key == key && newer.from == from { return newer.to }
    let older = entries[first + 1]
    return older.key == key && older.from == from ? older.to : nil
  }

  /// Puts the transition first in its set; the older of the two goes.
  mutating func remember(_ key: UInt64, from: UInt32, to: UInt32) {
    let first = Self.set(key, from)
    entries[first + 1] = entries[first]
    entries[first] = Entry(key: key, from: from, to: to)
  }
}
