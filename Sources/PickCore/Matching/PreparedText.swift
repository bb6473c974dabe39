/// One item's text made ready for scoring: decoded into match units once, with
/// each position's class and bonus, then folded as each term needs it (case
/// folded or not, accents folded or not).
///
/// ASCII items (most of them) take a fast path: bytes widen to units and no
/// Unicode table is consulted. Otherwise the bytes are decoded as UTF-8 where
/// valid; a byte that is not valid UTF-8 becomes a unit of its own
/// (`0x110000 + byte`) that matches only itself. When accents are folded, a
/// combining mark after a Latin letter is dropped (so a decomposed `é` is an
/// `e`); the positions kept map back to the original units.
final class PreparedText {
  private(set) var isASCII = true
  /// Decoded units of the item, before folding.
  private(set) var units = ScratchBuffer<UInt32>()
  /// Byte offset in the item where each unit starts (not filled for ASCII items).
  private var byteOffsets = ScratchBuffer<Int32>()
  private(set) var classes = ScratchBuffer<CharClass>()
  private(set) var bonuses = ScratchBuffer<Int32>()

  /// Positions kept when accents are folded (combining marks after Latin letters dropped).
  private var keptForNormalized = ScratchBuffer<Int32>()
  private var normalizedClasses = ScratchBuffer<CharClass>()
  private var normalizedBonuses = ScratchBuffer<Int32>()
  private var hasMarksToDrop = false
  private var normalizedReady = false

  /// Folded units for each variant: index `(caseSensitive ? 1 : 0) | (normalize ? 2 : 0)`.
  private var folded0 = ScratchBuffer<UInt32>()
  private var folded1 = ScratchBuffer<UInt32>()
  private var folded2 = ScratchBuffer<UInt32>()
  private var folded3 = ScratchBuffer<UInt32>()
  private var foldedReady: (Bool, Bool, Bool, Bool) = (false, false, false, false)
  private var decodedScratch: [UInt32] = []
  private var offsetScratch: [Int32] = []

  init() {}

  deinit {
    units.release()
    byteOffsets.release()
    classes.release()
    bonuses.release()
    keptForNormalized.release()
    normalizedClasses.release()
    normalizedBonuses.release()
    folded0.release()
    folded1.release()
    folded2.release()
    folded3.release()
  }

  /// Number of units.
  var count: Int { units.count }

  /// Decodes `bytes` and computes classes and bonuses with `table`.
  func load(_ bytes: UnsafeBufferPointer<UInt8>, table: BonusTable) {
    foldedReady = (false, false, false, false)
    normalizedReady = false
    hasMarksToDrop = false
    let n = bytes.count
    isASCII = Self.isASCII(bytes)
    if isASCII {
      units.reserve(n)
      units.count = n
      for k in 0 ..< n { units[k] = UInt32(bytes[k]) }
      // Unit k starts at byte k: `byteOffset(ofUnit:)` needs no table.
    } else {
      UTF8Decoding.decode(bytes, into: &decodedScratch, byteOffsets: &offsetScratch)
      let count = decodedScratch.count
      units.reserve(count)
      units.count = count
      byteOffsets.reserve(count)
      byteOffsets.count = count
      for k in 0 ..< count {
        units[k] = decodedScratch[k]
        byteOffsets[k] = offsetScratch[k]
      }
    }
    let count = units.count
    classes.reserve(count)
    classes.count = count
    bonuses.reserve(count)
    bonuses.count = count
    var previous = table.initialClass
    for k in 0 ..< count {
      let unit = units[k]
      let current = table.charClass(unit)
      classes[k] = current
      bonuses[k] = table.bonus(previous: previous, current: current)
      previous = current
      if !isASCII && k > 0 && CombiningMarks.isCombining(unit) && Self.isLatinLetter(units[k - 1]) {
        hasMarksToDrop = true
      }
    }
  }

  /// The text for a term with the given folding. Valid until the next `load`.
  func text(caseSensitive: Bool, normalize: Bool) -> ScoringText {
    let normalize = normalize && !isASCII
    if normalize && hasMarksToDrop && !normalizedReady { buildNormalizedPositions() }
    let variant = (caseSensitive ? 1 : 0) | (normalize ? 2 : 0)
    if !isReady(variant) { fold(variant: variant, caseSensitive: caseSensitive, normalize: normalize) }
    let unitsOut = foldedBuffer(variant).buffer
    if normalize && hasMarksToDrop {
      return ScoringText(units: unitsOut, bonuses: normalizedBonuses.buffer, classes: normalizedClasses.buffer)
    }
    return ScoringText(units: unitsOut, bonuses: bonuses.buffer, classes: classes.buffer)
  }

  /// Maps a position in a term's text back to a position in `units`.
  func originalPosition(_ position: Int, normalize: Bool) -> Int {
    guard normalize && hasMarksToDrop && !isASCII, position < keptForNormalized.count else { return position }
    return Int(keptForNormalized[position])
  }

  /// The byte offset in the item where unit `unit` starts.
  func byteOffset(ofUnit unit: Int) -> Int {
    isASCII ? unit : Int(byteOffsets[unit])
  }

  /// The position, in a term's text, of the first unit that starts at or after byte `offset`.
  func unitIndex(forByte offset: Int, normalize: Bool) -> Int {
    if isASCII { return offset }
    let unit = Self.lowerBound(Int32(clamping: offset), in: byteOffsets.buffer)
    guard normalize && hasMarksToDrop else { return unit }
    return Self.lowerBound(Int32(clamping: unit), in: keptForNormalized.buffer)
  }

  private static func lowerBound(_ value: Int32, in sorted: UnsafeBufferPointer<Int32>) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The item's length in characters without white space at either end (the `length` tiebreak).
  func trimmedLength() -> Int {
    var start = 0
    var end = classes.count
    while start < end && classes[start] == .white { start += 1 }
    while end > start && classes[end - 1] == .white { end -= 1 }
    return end - start
  }

  private func isReady(_ variant: Int) -> Bool {
    switch variant {
    case 0: return foldedReady.0
    case 1: return foldedReady.1
    case 2: return foldedReady.2
    default: return foldedReady.3
    }
  }

  private func foldedBuffer(_ variant: Int) -> ScratchBuffer<UInt32> {
    switch variant {
    case 0: return folded0
    case 1: return folded1
    case 2: return folded2
    default: return folded3
    }
  }

  private func fold(variant: Int, caseSensitive: Bool, normalize: Bool) {
    var out = foldedBuffer(variant)
    let dropping = normalize && hasMarksToDrop
    let outCount = dropping ? keptForNormalized.count : units.count
    out.reserve(outCount)
    out.count = outCount
    if isASCII {
      if caseSensitive {
        for k in 0 ..< outCount { out[k] = units[k] }
      } else {
        for k in 0 ..< outCount {
          let u = units[k]
          out[k] = (u &- 0x41) < 26 ? u | 0x20 : u
        }
      }
    } else {
      for k in 0 ..< outCount {
        var u = units[dropping ? Int(keptForNormalized[k]) : k]
        if !caseSensitive { u = CaseFolding.lower(u) }
        if normalize { u = LatinFolding.base(u) }
        out[k] = u
      }
    }
    switch variant {
    case 0:
      folded0 = out
      foldedReady.0 = true
    case 1:
      folded1 = out
      foldedReady.1 = true
    case 2:
      folded2 = out
      foldedReady.2 = true
    default:
      folded3 = out
      foldedReady.3 = true
    }
  }

  private func buildNormalizedPositions() {
    keptForNormalized.count = 0
    normalizedClasses.count = 0
    normalizedBonuses.count = 0
    for k in 0 ..< units.count {
      if k > 0 && CombiningMarks.isCombining(units[k]) && Self.isLatinLetter(units[k - 1]) { continue }
      keptForNormalized.append(Int32(k))
      normalizedClasses.append(classes[k])
      normalizedBonuses.append(bonuses[k])
    }
    normalizedReady = true
  }

  @inline(__always)
  private static func isLatinLetter(_ unit: UInt32) -> Bool {
    (unit | 0x20) &- 0x61 < 26 || (unit >= 0xC0 && unit <= 0x24F && unit != 0xD7 && unit != 0xF7)
  }

  /// Whether every byte is ASCII, eight bytes at a time.
  @inline(__always)
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let n = bytes.count
    var k = 0
    var high: UInt64 = 0
    let raw = UnsafeRawPointer(base)
    while k + 8 <= n {
      high |= raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
      k += 8
    }
    while k < n {
      high |= UInt64(base[k])
      k += 1
    }
    return high & 0x8080_8080_8080_8080 == 0
  }
}
