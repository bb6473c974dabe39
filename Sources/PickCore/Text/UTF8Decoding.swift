import CPick

/// Strict UTF-8 decoding of an item's bytes into match units.
///
/// A match unit is a Unicode scalar value where the bytes are valid UTF-8,
/// and `invalidByteBase + byte` for each byte that is not. Items are not
/// guaranteed to be text (file names on Linux are any bytes but `/` and NUL),
/// and pick prints the bytes it read, so decoding must lose nothing: an
/// invalid byte becomes its own unit that matches only itself, and nothing
/// is replaced by U+FFFD.
///
/// "Valid" is the Unicode Standard's table of well-formed byte sequences
/// (Table 3-7), the same rule the standard library's decoder applies:
///
///     00..7F
///     C2..DF  80..BF
///     E0      A0..BF  80..BF          (no overlong 3-byte forms)
///     E1..EC  80..BF  80..BF
///     ED      80..9F  80..BF          (no surrogates D800..DFFF)
///     EE..EF  80..BF  80..BF
///     F0      90..BF  80..BF  80..BF  (no overlong 4-byte forms)
///     F1..F3  80..BF  80..BF  80..BF
///     F4      80..8F  80..BF  80..BF  (nothing above 10FFFF)
///
/// Anything else (C0, C1, F5..FF, a stray continuation byte, a sequence cut
/// short) is invalid. When a sequence is invalid only its first byte becomes
/// an invalid unit and decoding resumes at the next byte. That gives every
/// byte of a bad sequence its own unit, and loses no valid character after
/// it, since the bytes that follow a bad lead are continuation bytes, which
/// cannot start a character. The result is the standard library's
/// (maximal-subpart) decoding, with each error byte kept instead of replaced.
public enum UTF8Decoding {
  /// Units from `invalidByteBase` up stand for invalid bytes: `invalidByteBase + byte`.
  public static let invalidByteBase: UInt32 = 0x11_0000

  /// Decodes `bytes` into `units`, replacing their contents; `byteOffsets[i]`
  /// is the offset of the first byte of unit `i`, for highlighting.
  ///
  /// There is at most one unit per byte, so both arrays are grown once to
  /// the byte count (keeping any larger capacity from an earlier item) and
  /// written in place: decoding a stream of items reuses the same storage.
  /// Offsets are `Int32` to halve the memory; for a buffer over 2 GiB they
  /// wrap rather than trap.
  public static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, into units: inout [UInt32], byteOffsets: inout [Int32]
  ) {
    units.removeAll(keepingCapacity: true)
    byteOffsets.removeAll(keepingCapacity: true)
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    let count = bytes.count
    units.append(contentsOf: repeatElement(0, count: count))
    byteOffsets.append(contentsOf: repeatElement(0, count: count))
    let written = units.withUnsafeMutableBufferPointer { unitBuffer in
      byteOffsets.withUnsafeMutableBufferPointer { offsetBuffer in
        decode(base, count: count, units: unitBuffer, offsets: offsetBuffer)
      }
    }
    units.removeLast(count - written)
    byteOffsets.removeLast(count - written)
  }

  /// The decoding loop over raw memory; returns the number of units written.
  /// `units` and `offsets` hold at least `count` elements.
  static func decode(
    _ bytes: UnsafePointer<UInt8>, count: Int,
    units: UnsafeMutableBufferPointer<UInt32>, offsets: UnsafeMutableBufferPointer<Int32>
  ) -> Int {
    guard let unitBase = units.baseAddress, let offsetBase = offsets.baseAddress else { return 0 }
    var i = 0
    var n = 0
    while i < count {
      let lead = bytes[i]
      if lead < 0x80 {
        // A run of ASCII, a block at a time (`cpick_widen.h`). `n <= i`, so
        // the `count - i` elements it may write fit.
        let run = cpick_widen_ascii(bytes + i, count - i, unitBase + n, offsetBase + n, Int64(i))
        n += run
        i += run
        continue
      }
      offsets[n] = Int32(truncatingIfNeeded: i)
      let length = validSequenceLength(bytes + i, available: count - i)
      if length == 0 {
        units[n] = invalidByteBase + UInt32(lead)
        i += 1
      } else {
        units[n] = scalarValue(bytes + i, length: length)
        i += length
      }
      n += 1
    }
    return n
  }

  /// Length (2, 3 or 4) of the well-formed sequence starting with the
  /// non-ASCII byte at `p`, or 0 when it is not one. Reads no more than
  /// `available` bytes.
  @inline(__always)
  static func validSequenceLength(_ p: UnsafePointer<UInt8>, available: Int) -> Int {
    let lead = p[0]
    switch lead {
    case 0xC2...0xDF:
      guard available >= 2, isContinuation(p[1]) else { return 0 }
      return 2
    case 0xE0...0xEF:
      // E0 would be overlong below A0; ED would be a surrogate from A0.
      let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
      let high: UInt8 = lead == 0xED ? 0x9F : 0xBF
      guard available >= 3, (low...high).contains(p[1]), isContinuation(p[2]) else { return 0 }
      return 3
    case 0xF0...0xF4:
      // F0 would be overlong below 90; F4 would pass 10FFFF from 90.
      let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80
      let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
      guard available >= 4, (low...high).contains(p[1]), isContinuation(p[2]), isContinuation(p[3])
      else { return 0 }
      return 4
    default:
      // 80..BF (stray continuation), C0 and C1 (always overlong), F5..FF.
      return 0
    }
  }

  @inline(__always)
  static func isContinuation(_ byte: UInt8) -> Bool {
    byte & 0xC0 == 0x80
  }

  /// The scalar of a sequence already checked by `validSequenceLength`.
  @inline(__always)
  static func scalarValue(_ p: UnsafePointer<UInt8>, length: Int) -> UInt32 {
    let lead = UInt32(p[0])
    switch length {
    case 2:
      return (lead & 0x1F) << 6 | UInt32(p[1] & 0x3F)
    case 3:
      return (lead & 0x0F) << 12 | UInt32(p[1] & 0x3F) << 6 | UInt32(p[2] & 0x3F)
    default:
      return (lead & 0x07) << 18 | UInt32(p[1] & 0x3F) << 12 | UInt32(p[2] & 0x3F) << 6
        | UInt32(p[3] & 0x3F)
    }
  }
}
