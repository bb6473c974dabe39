import CPick

/// One item's text made ready for scoring: decoded into match units once, with
/// each position's class and bonus, then folded as each term needs it (case
/// folded or not, accents folded or not).
///
/// ASCII items (most of them) take a fast path: one pass over the bytes fills
/// the units, their lower-case form, classes and bonuses from small tables,
/// and no Unicode table is consulted. Otherwise the bytes are decoded as UTF-8
/// where valid; a byte that is not valid UTF-8 becomes a unit of its own
/// (`0x110000 + byte`) that matches only itself. When accents are folded, a
/// combining mark after a Latin letter is dropped (so a decomposed `é` is an
/// `e`, and the character after it scores as after a precomposed one); the
/// positions kept map back to the original units.
///
/// The hot loops work on local copies of the buffers' pointers: touching a
/// class's stored properties in a loop would cost an exclusivity check each time.
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
  /// `normalizedClasses` and `normalizedBonuses` are filled.
  private var normalizedReady = false
  /// `keptForNormalized` is filled (by the eager pass or `buildNormalizedPositions`).
  private var keptReady = false

  /// Folded units for each folding. For ASCII items, accent folding
  /// changes nothing: `units` itself serves the case-sensitive foldings and
  /// `load` fills `Folding.caseFolded` for the others.
  private var folded = FoldedUnits()

  /// Classes and bonuses of a non-ASCII item (computed when it is loaded).
  private var classesReady = true
  /// The folding that `load` prepares for non-ASCII items as it decodes
  /// them: the matcher's first term's.
  let eagerFolding: Folding
  /// Class of each character of the first two planes (the BMP and the one
  /// with most emoji), filled 256 at a time as blocks are first seen: one
  /// load where `CharClass.ofNonASCII` reads a two-level table (without
  /// this, a query that decodes every item, `!zzqx`, took 5 % longer).
  private let planeClasses: UnsafeMutablePointer<CharClass>
  private let planeBlockReady: UnsafeMutablePointer<Bool>

  /// Units below this have their class cached (128 KiB per worker).
  private static let cachedUnits = 0x20000

  private let table: BonusTable
  /// `BonusLookup.twoByteFolding` (owned by the lookup).
  private let twoByteFolding: UnsafePointer<UInt32>
  /// Class of each byte below 128, and the bonus matrix, as plain memory for the ASCII pass.
  private let asciiClasses: UnsafeMutablePointer<CharClass>
  private let matrix: BonusMatrix
  /// Owns `asciiClasses` and `matrix`.
  private let lookup: BonusLookup

  init(lookup: BonusLookup, eagerFolding: Folding) {
    self.lookup = lookup
    self.eagerFolding = eagerFolding
    table = lookup.table
    asciiClasses = lookup.asciiClasses
    matrix = lookup.matrix
    twoByteFolding = UnsafePointer(lookup.twoByteFolding)
    planeClasses = .allocate(capacity: Self.cachedUnits)
    planeBlockReady = .allocate(capacity: Self.cachedUnits >> 8)
    planeBlockReady.initialize(repeating: false, count: Self.cachedUnits >> 8)
  }

  deinit {
    planeClasses.deallocate()
    planeBlockReady.deallocate()
  }

  /// Number of units.
  var count: Int { units.count }

  /// The classes of the item's characters (computed if they were not yet).
  var classesBuffer: UnsafeBufferPointer<CharClass> {
    ensureClasses()
    return classes.buffer
  }

  /// Decodes `bytes` and computes classes and bonuses.
  func load(_ bytes: UnsafeBufferPointer<UInt8>) {
    normalizedReady = false
    keptReady = false
    hasMarksToDrop = false
    isASCII = Self.isASCII(bytes)
    if isASCII {
      loadASCII(bytes)
    } else {
      loadUnicode(bytes)
    }
  }

  /// One pass: units, their lower-case form, classes and bonuses.
  private func loadASCII(_ bytes: UnsafeBufferPointer<UInt8>) {
    let n = bytes.count
    units.reserve(n)
    units.count = n
    folded.invalidateAll()
    let lower = folded.prepare(.caseFolded, count: n)
    classes.reserve(n)
    classes.count = n
    bonuses.reserve(n)
    bonuses.count = n
    let u = units.base
    let c = classes.base
    let b = bonuses.base
    let classOf = asciiClasses
    let matrix = self.matrix
    var previous = Int(table.initialClass.rawValue)
    for k in 0..<n {
      let byte = UInt32(bytes[k])
      u[k] = byte
      lower[k] = (byte &- 0x41) < 26 ? byte | 0x20 : byte
      let current = classOf[Int(byte)]
      c[k] = current
      let currentIndex = Int(current.rawValue)
      b[k] = matrix[previous, currentIndex]
      previous = currentIndex
    }
    folded.finish(.caseFolded, count: n)
    classesReady = true
  }

  /// Decodes straight into the unit buffers, then folds them for
  /// `eagerFolding` (`foldEagerly`). Classes and bonuses wait for
  /// `ensureClasses`: an item scored without positions needs a bonus only
  /// where a query character occurs (`bonus(atFolded:normalize:)`).
  private func loadUnicode(_ bytes: UnsafeBufferPointer<UInt8>) {
    folded.invalidateAll()
    let n = bytes.count
    units.reserve(n)
    byteOffsets.reserve(n)
    guard let base = bytes.baseAddress, n > 0 else {
      units.count = 0
      byteOffsets.count = 0
      classes.count = 0
      bonuses.count = 0
      classesReady = true
      return
    }
    let written = UTF8Decoding.decode(
      base, count: n, units: UnsafeMutableBufferPointer(start: units.base, count: n),
      offsets: UnsafeMutableBufferPointer(start: byteOffsets.base, count: n))
    units.count = written
    byteOffsets.count = written
    classesReady = false
    foldEagerly()
  }

  /// One pass over the decoded units: notes combining marks after Latin
  /// letters and folds the units for `eagerFolding` (the folding the query's
  /// first term asks for), dropping those marks when it folds accents, so
  /// that the common case needs no further pass over the item.
  private func foldEagerly() {
    let written = units.count
    let folding = eagerFolding
    let normalize = folding.normalizes
    let o = folded.prepare(folding, count: written)
    let u = units.base
    var marks = false
    var previousUnit: UInt32 = 0
    // When accents are folded, the folded text drops the combining marks
    // after Latin letters: from the first such mark on, the output is
    // compacted here, with the kept positions that `buildNormalizedPositions`
    // would find in another pass.
    var kept = keptForNormalized.base
    var compacted = 0
    let lowerCase: Int32 = folding.isCaseSensitive ? 0 : 1
    var k = 0
    while k < written {
      let unit = u[k]
      if unit < 0x80 && !(normalize && marks) {
        // A run of ASCII, folded a block at a time (`cpick_widen.h`): no
        // mark is among it, and nothing is compacted yet.
        k += cpick_fold_ascii_units(u + k, written - k, o + k, lowerCase)
        previousUnit = u[k - 1]
        continue
      }
      defer { k += 1 }
      if unit >= 0x80 && k > 0 && (normalize || !marks) && CombiningMarks.isCombining(unit)
        && Self.isLatinLetter(previousUnit)
      {
        if normalize {
          if !marks {
            kept = startCompaction(at: k)
            compacted = k
          }
          marks = true
          previousUnit = unit
          continue
        }
        marks = true
      }
      let out = fold(unit, folding)
      if normalize && marks {
        o[compacted] = out
        kept[compacted] = Int32(truncatingIfNeeded: k)
        compacted &+= 1
      } else {
        o[k] = out
      }
      previousUnit = unit
    }
    hasMarksToDrop = marks
    if normalize && marks {
      keptForNormalized.count = compacted
      keptReady = true
    }
    folded.finish(folding, count: normalize && marks ? compacted : written)
  }

  /// Starts dropping combining marks at unit `k`: every unit before it is
  /// kept. Returns the kept positions' memory.
  private func startCompaction(at k: Int) -> UnsafeMutablePointer<Int32> {
    keptForNormalized.reserve(units.count)
    let kept = keptForNormalized.base
    for earlier in 0..<k { kept[earlier] = Int32(truncatingIfNeeded: earlier) }
    return kept
  }

  /// `unit` folded as `folding` asks.
  @inline(__always)
  private func fold(_ unit: UInt32, _ folding: Folding) -> UInt32 {
    Self.fold(unit, folding, twoByte: twoByteFolding)
  }

  /// `unit` folded as `folding` asks; `twoByte` is `BonusLookup.twoByteFolding`.
  @inline(__always)
  static func fold(_ unit: UInt32, _ folding: Folding, twoByte: UnsafePointer<UInt32>) -> UInt32 {
    if unit < 0x80 {
      return !folding.isCaseSensitive && (unit &- 0x41) < 26 ? unit | 0x20 : unit
    }
    if unit < 0x800 { return twoByte[folding.index << 11 | Int(unit)] }
    return folding.fold(unit)
  }

  /// A term's folded units when the eager pass made them and its bonuses can
  /// be found position by position (`bonus(atFolded:normalize:)`); `nil`:
  /// use `text(caseSensitive:normalize:)`.
  func lazyUnits(_ folding: Folding) -> UnsafeBufferPointer<UInt32>? {
    guard folded.isReady(folding), !(folding.normalizes && hasMarksToDrop && !keptReady) else { return nil }
    return folded.buffer(folding)
  }

  /// The bonus for matching position `position` of a term's folded units
  /// (`lazyUnits`): the same as `text(...).bonuses[position]`, from the
  /// classes of the character there and of the one kept before it (a
  /// dropped mark is not there).
  @inline(__always)
  func bonus(atFolded position: Int, normalize: Bool) -> Int32 {
    let u = units.base
    guard normalize && hasMarksToDrop else {
      let previous = position > 0 ? charClass(u[position - 1]) : table.initialClass
      return matrix[previous, charClass(u[position])]
    }
    // The character before is the one kept before: a dropped mark is not there.
    let kept = keptForNormalized.base
    let previous = position > 0 ? charClass(u[Int(kept[position - 1])]) : table.initialClass
    return matrix[previous, charClass(u[Int(kept[position])])]
  }

  /// Computes the classes and bonuses of a decoded non-ASCII item.
  private func ensureClasses() {
    guard !classesReady else { return }
    classesReady = true
    let n = units.count
    classes.reserve(n)
    classes.count = n
    bonuses.reserve(n)
    bonuses.count = n
    let u = units.base
    let c = classes.base
    let b = bonuses.base
    var previous = table.initialClass
    for k in 0..<n {
      let current = charClass(u[k])
      c[k] = current
      b[k] = matrix[previous, current]
      previous = current
    }
  }

  @inline(__always)
  private func charClass(_ unit: UInt32) -> CharClass {
    if unit < 128 { return asciiClasses[Int(unit)] }
    guard unit < Self.cachedUnits else { return CharClass.ofNonASCII(unit) }
    let block = Int(unit >> 8)
    if !planeBlockReady[block] {
      for offset in 0..<256 {
        let member = UInt32(block << 8 | offset)
        planeClasses[Int(member)] = member < 128 ? asciiClasses[Int(member)] : CharClass.ofNonASCII(member)
      }
      planeBlockReady[block] = true
    }
    return planeClasses[Int(unit)]
  }

  /// Whether `pattern` can occur, in order, in this item folded as a term
  /// needs: a necessary condition for every kind of term, checked before a
  /// non-ASCII item's classes are computed.
  func mayContain(_ pattern: UnsafeBufferPointer<UInt32>, _ folding: Folding) -> Bool {
    if isASCII { return true }
    let m = pattern.count
    if m == 0 { return true }
    // Fold on the fly: most items fail here, and nothing is stored for them.
    let u = units.base
    let n = units.count
    let dropsMarks = folding.normalizes && hasMarksToDrop
    var p = 0
    var want = pattern[0]
    for k in 0..<n {
      var unit = u[k]
      if dropsMarks && k > 0 && CombiningMarks.isCombining(unit) && Self.isLatinLetter(u[k - 1]) {
        continue
      }
      if !folding.isCaseSensitive { unit = CaseFolding.lower(unit) }
      if folding.normalizes { unit = LatinFolding.base(unit) }
      if unit == want {
        p += 1
        if p == m { return true }
        want = pattern[p]
      }
    }
    return false
  }

  /// The text for a term with the given folding. Valid until the next `load`.
  func text(_ folding: Folding) -> ScoringText {
    if isASCII {
      // Accent folding changes nothing in ASCII.
      let units = folding.isCaseSensitive ? units.buffer : folded.buffer(.caseFolded)
      return ScoringText(units: units, bonuses: bonuses.buffer, classes: classes.buffer)
    }
    ensureClasses()
    if folding.normalizes && hasMarksToDrop && !normalizedReady { buildNormalizedPositions() }
    if !folded.isReady(folding) { fold(folding) }
    let unitsOut = folded.buffer(folding)
    if folding.normalizes && hasMarksToDrop {
      return ScoringText(
        units: unitsOut, bonuses: normalizedBonuses.buffer, classes: normalizedClasses.buffer)
    }
    return ScoringText(units: unitsOut, bonuses: bonuses.buffer, classes: classes.buffer)
  }

  /// Maps a position in a term's text back to a position in `units`.
  func originalPosition(_ position: Int, normalize: Bool) -> Int {
    guard normalize && hasMarksToDrop && !isASCII, position < keptForNormalized.count else {
      return position
    }
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
    var end = units.count
    if classesReady {
      let c = classes.base
      while start < end && c[start] == .white { start += 1 }
      while end > start && c[end - 1] == .white { end -= 1 }
    } else {
      // Only the ends need classifying.
      let u = units.base
      while start < end && charClass(u[start]) == .white { start += 1 }
      while end > start && charClass(u[end - 1]) == .white { end -= 1 }
    }
    return end - start
  }

  /// Folds the (non-ASCII) units for `folding`.
  private func fold(_ folding: Folding) {
    let dropping = folding.normalizes && hasMarksToDrop
    let outCount = dropping ? keptForNormalized.count : units.count
    let o = folded.prepare(folding, count: outCount)
    let u = units.base
    let kept = keptForNormalized.base
    for k in 0..<outCount {
      o[k] = fold(u[dropping ? Int(kept[k]) : k], folding)
    }
    folded.finish(folding, count: outCount)
  }

  /// Which units remain when combining marks after Latin letters are dropped
  /// (and, once classes exist, their classes and bonuses).
  private func buildNormalizedPositions() {
    let n = units.count
    keptForNormalized.reserve(n)
    normalizedClasses.reserve(n)
    normalizedBonuses.reserve(n)
    let u = units.base
    let kept = keptForNormalized.base
    let keptClasses = normalizedClasses.base
    let keptBonuses = normalizedBonuses.base
    let c = classes.base
    var previous = table.initialClass
    var out = 0
    for k in 0..<n {
      if k > 0 && CombiningMarks.isCombining(u[k]) && Self.isLatinLetter(u[k - 1]) { continue }
      kept[out] = Int32(truncatingIfNeeded: k)
      if classesReady {
        // Bonuses as if the dropped marks had never been there, so that
        // a decomposed `é` scores as the precomposed one.
        keptClasses[out] = c[k]
        keptBonuses[out] = matrix[previous, c[k]]
        previous = c[k]
      }
      out += 1
    }
    keptForNormalized.count = out
    keptReady = true
    normalizedClasses.count = classesReady ? out : 0
    normalizedBonuses.count = classesReady ? out : 0
    normalizedReady = classesReady
  }

  @inline(__always)
  static func isLatinLetter(_ unit: UInt32) -> Bool {
    (unit | 0x20) &- 0x61 < 26 || (unit >= 0xC0 && unit <= 0x24F && unit != 0xD7 && unit != 0xF7)
  }

  /// Whether every byte is ASCII, eight bytes at a time.
  @inline(__always)
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let n = bytes.count
    var high: UInt64 = 0
    let raw = UnsafeRawPointer(base)
    if n >= 8 {
      // Whole words, the last one overlapping the one before: a loop over
      // the last bytes one at a time cost more than all the words.
      var k = 0
      while k + 8 < n {
        high |= raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
        k += 8
      }
      high |= raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
    } else {
      for k in 0..<n { high |= UInt64(base[k]) }
    }
    return high & 0x8080_8080_8080_8080 == 0
  }
}
