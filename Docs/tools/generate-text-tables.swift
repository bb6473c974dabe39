// Generates pick's Unicode tables from the Swift standard library's own
// Unicode data (the same data the tests check against), so the tables
// follow the toolchain's Unicode version rather than a hand-typed list.
//
//   swift Docs/tools/generate-text-tables.swift case  > Sources/PickCore/Text/CaseFoldingTable.swift
//   swift Docs/tools/generate-text-tables.swift latin > Sources/PickCore/Text/LatinFoldingTable.swift
//   swift Docs/tools/generate-text-tables.swift class > Sources/PickCore/Text/CharClassTable.swift
//   python3 Docs/tools/east-asian-width.py \
//     | swift Docs/tools/generate-text-tables.swift width > Sources/PickCore/Display/DisplayWidthTable.swift
//
// The width table also needs East Asian Width (UAX #11), which the standard
// library does not have; `east-asian-width.py` reads it from Python's
// `unicodedata` and this script takes its ranges on standard input.
//
// Both tables are two-level lookups: `blocks[unit >> shift]` picks a block,
// and `values[block << shift | unit & mask]` is the value. Identical blocks
// are stored once, so the large unmapped stretches of the code space share
// one all-zero block. The generator tries each block size and keeps the
// smallest table.

// MARK: Data

/// The simple (one-to-one) lowercase mapping, as UnicodeData.txt field 13.
///
/// The standard library exposes only the full mapping (with SpecialCasing.txt
/// applied). Where that is a single scalar it equals the simple mapping. The
/// one unconditional multi-scalar lowercase mapping is U+0130 (İ → i + U+0307),
/// whose simple mapping is U+0069; anything else would need a look at
/// UnicodeData.txt, so the generator stops instead of guessing.
func simpleLowercase(_ scalar: Unicode.Scalar) -> UInt32 {
  let mapping = Array(scalar.properties.lowercaseMapping.unicodeScalars)
  if mapping.count == 1 { return mapping[0].value }
  if scalar.value == 0x0130 { return 0x0069 }
  fatalError("unexpected multi-scalar lowercase mapping for U+\(hex(scalar.value))")
}

/// Words that may come between "LETTER" and the base letter in a Latin
/// letter's name and still leave a letter a reader takes for the plain one
/// (ɐ "TURNED A" is an a; ꝺ "INSULAR D" is a different letter). This is the
/// set of qualifiers that fzf's `algo/normalize.go` folds.
let foldedQualifiers: Set<String> = [
  "", "AFRICAN", "BARRED", "BOTTOM HALF", "CLOSED OPEN", "CLOSED REVERSED OPEN",
  "DOTLESS", "INVERTED", "LONG", "OPEN", "REVERSED", "REVERSED OPEN", "SCRIPT",
  "SHARP", "SIDEWAYS", "SIDEWAYS DIAERESIZED", "SIDEWAYS OPEN", "SIDEWAYS TURNED",
  "SMALL", "STRETCHED", "TOP HALF", "TURNED", "TURNED OPEN",
]

/// Name prefixes of Latin letters (and the combining, subscript and
/// superscript Latin letters that fzf also folds).
let latinPrefixes = [
  "LATIN CAPITAL LETTER ", "LATIN SMALL LETTER ", "LATIN LETTER SMALL CAPITAL ",
  "LATIN LETTER ", "COMBINING LATIN SMALL LETTER ", "LATIN SUBSCRIPT SMALL LETTER ",
  "SUPERSCRIPT LATIN SMALL LETTER ", "FULLWIDTH LATIN CAPITAL LETTER ", "FULLWIDTH LATIN SMALL LETTER ",
]

/// The plain ASCII letter a non-ASCII Latin letter is a variant of, read from
/// its Unicode name: "LATIN SMALL LETTER O WITH STROKE" is an o. The case is
/// the scalar's own: uppercase for capitals, lowercase for everything else
/// (small capitals are lowercase letters in Unicode).
func latinBase(_ scalar: Unicode.Scalar) -> UInt32? {
  guard scalar.value >= 0x80, let name = scalar.properties.name,
    let prefix = latinPrefixes.first(where: { name.hasPrefix($0) })
  else { return nil }
  var rest = Substring(name.dropFirst(prefix.count))
  if let with = rest.firstRange(of: " WITH ") {
    // "L WITH SMALL LETTER J" is a digraph, not a decorated L.
    if rest[with.upperBound...].contains("LETTER") { return nil }
    rest = rest[..<with.lowerBound]
  }
  if rest.hasSuffix(" BAR") { rest = rest.dropLast(4) }  // "U BAR"
  var words = rest.split(separator: " ")
  // Latin alpha (ɑ) is the IPA "script a", and fzf folds it to a.
  if words.last == "ALPHA" { words[words.count - 1] = "A" }
  guard let letter = words.last, letter.count == 1,
    let ascii = letter.unicodeScalars.first, ("A"..."Z").contains(ascii),
    foldedQualifiers.contains(words.dropLast().joined(separator: " "))
  else { return nil }
  let isUpper = scalar.properties.generalCategory == .uppercaseLetter
  return isUpper ? ascii.value : ascii.value | 0x20
}

/// Scalars that take no column of their own: combining marks (Mn, Me),
/// controls (Cc: `DisplayLine` replaces them before measuring), default
/// ignorables (ZWJ, ZWNJ, ZWSP, variation selectors, bidi controls, tags,
/// fillers, ...) and the Hangul medial vowels and final consonants (Jamo V
/// and T, which join a leading consonant into one wide syllable).
///
/// U+00AD SOFT HYPHEN is default ignorable but terminals (and glibc) draw it
/// as a one-column hyphen, so it stays 1.
func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
  let value = scalar.value
  if value == 0x00AD { return false }
  if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
  switch scalar.properties.generalCategory {
  case .nonspacingMark, .enclosingMark, .control: return true
  default: return scalar.properties.isDefaultIgnorableCodePoint
  }
}

/// The class a scalar that is not ASCII has for where words start (the
/// raw values of `CharClass`): case first, as `Unicode.Scalar.Properties`
/// says it (ª and ʰ are lower case, though letters of no case by category),
/// then the general category, then white space; anything else is not part
/// of a word. Delimiters are all ASCII, so no scalar here is one.
func charClass(_ scalar: Unicode.Scalar) -> Int {
  let (white, nonWord, lower, upper, letter, number) = (0, 1, 3, 4, 5, 6)
  let properties = scalar.properties
  if properties.isLowercase { return lower }
  if properties.isUppercase { return upper }
  switch properties.generalCategory {
  case .decimalNumber, .letterNumber, .otherNumber: return number
  case .lowercaseLetter: return lower
  case .uppercaseLetter, .titlecaseLetter: return upper
  case .modifierLetter, .otherLetter: return letter
  default: return properties.isWhitespace ? white : nonWord
  }
}

/// Property bits of the width table; `DisplayWidth` has the same constants.
let zeroWidthCode = 1
let wideCode = 2
let emojiBit = 4
let emojiModifierBit = 8
let ambiguousBit = 16

// MARK: Table building

func hex(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

struct TwoLevelTable {
  var shift: Int
  var blocks: [Int]
  var values: [Int]
  var distinctBlocks = 0
  var bytes: Int { blocks.count + values.count }
}

/// Splits `values` (one per unit below `values.count`) into blocks of
/// `1 << shift`, keeping one copy of each distinct block.
func twoLevel(_ values: [Int], shift: Int) -> TwoLevelTable {
  let size = 1 << shift
  var blockIDs: [[Int]: Int] = [:]
  var table = TwoLevelTable(shift: shift, blocks: [], values: [])
  for start in stride(from: 0, to: values.count, by: size) {
    let block = Array(values[start..<min(start + size, values.count)])
      + Array(repeating: 0, count: max(0, start + size - values.count))
    if let id = blockIDs[block] {
      table.blocks.append(id)
    } else {
      blockIDs[block] = blockIDs.count
      table.blocks.append(blockIDs.count - 1)
      table.values += block
    }
  }
  precondition(table.values.allSatisfy { $0 < 256 })
  table.distinctBlocks = blockIDs.count
  return table
}

/// The smallest table whose block numbers fit a byte (small blocks of a
/// varied property can need more than 256 distinct ones).
func smallest(_ values: [Int]) -> TwoLevelTable {
  (3...9).map { twoLevel(values, shift: $0) }.filter { $0.distinctBlocks <= 256 }
    .min { $0.bytes < $1.bytes }!
}

/// One value per unit up to the last mapped one (0 for unmapped units).
func denseValues(_ mapped: [UInt32: Int]) -> [Int] {
  let last = mapped.keys.max() ?? 0
  var values = Array(repeating: 0, count: Int(last) + 1)
  for (unit, value) in mapped { values[Int(unit)] = value }
  return values
}

func arrayLiteral<T>(_ name: String, _ type: String, _ items: [T], perLine: Int, _ format: (T) -> String)
  -> String
{
  var out = "  @usableFromInline static let \(name): [\(type)] = [\n"
  for start in stride(from: 0, to: items.count, by: perLine) {
    let line = items[start..<min(start + perLine, items.count)].map(format).joined(separator: ", ")
    out += "    \(line),\n"
  }
  return out + "  ]\n"
}

let header = """
  // GENERATED by Docs/tools/generate-text-tables.swift from the Swift standard
  // library's Unicode data. Do not edit; run the generator instead.


  """

func caseTable() -> String {
  var deltas: [Int32] = [0]
  var deltaIndex: [Int32: Int] = [0: 0]
  var mapped: [UInt32: Int] = [:]
  for value in UInt32(0x80)..<0x110000 {
    guard let scalar = Unicode.Scalar(value) else { continue }
    let lower = simpleLowercase(scalar)
    guard lower != value else { continue }
    let delta = Int32(bitPattern: lower &- value)
    if deltaIndex[delta] == nil {
      deltaIndex[delta] = deltas.count
      deltas.append(delta)
    }
    mapped[value] = deltaIndex[delta]
  }
  let values = denseValues(mapped)
  let table = smallest(values)
  let limit = table.blocks.count << table.shift
  var out = header
  out += """
    /// Simple lowercase mapping for units below `limit` (ASCII is handled
    /// before the lookup): `unit + deltas[deltaIndices[blocks[unit >> shift] << shift | unit & mask]]`.
    /// \(mapped.count) scalars map; \(table.blocks.count) + \(table.values.count) bytes of index and \(deltas.count) deltas.
    @usableFromInline
    enum CaseFoldingTable {
      @usableFromInline static let shift: UInt32 = \(table.shift)
      @usableFromInline static let mask: UInt32 = \((1 << table.shift) - 1)
      @usableFromInline static let limit: UInt32 = 0x\(hex(UInt32(limit)))

    """
  out += arrayLiteral("blocks", "UInt8", table.blocks, perLine: 24) { String($0) }
  out += arrayLiteral("deltaIndices", "UInt8", table.values, perLine: 24) { String($0) }
  out += arrayLiteral("deltas", "Int32", deltas, perLine: 10) { String($0) }
  return out + "}\n"
}

func latinTable() -> String {
  var mapped: [UInt32: Int] = [:]
  for value in UInt32(0x80)..<0x110000 {
    guard let scalar = Unicode.Scalar(value), let base = latinBase(scalar) else { continue }
    mapped[value] = Int(base)
  }
  let table = smallest(denseValues(mapped))
  let limit = table.blocks.count << table.shift
  var out = header
  out += """
    /// Plain ASCII letter of each accented or variant Latin letter below
    /// `limit`, 0 where the unit is left alone: `letters[blocks[unit >> shift] << shift | unit & mask]`.
    /// \(mapped.count) letters fold; \(table.blocks.count) + \(table.values.count) bytes.
    @usableFromInline
    enum LatinFoldingTable {
      @usableFromInline static let shift: UInt32 = \(table.shift)
      @usableFromInline static let mask: UInt32 = \((1 << table.shift) - 1)
      @usableFromInline static let limit: UInt32 = 0x\(hex(UInt32(limit)))

    """
  out += arrayLiteral("blocks", "UInt8", table.blocks, perLine: 24) { String($0) }
  out += arrayLiteral("letters", "UInt8", table.values, perLine: 24) { String($0) }
  return out + "}\n"
}

func classTable() -> String {
  var mapped: [UInt32: Int] = [:]
  var newest = (major: 0, minor: 0)
  for value in UInt32(0x80)..<0x110000 {
    guard let scalar = Unicode.Scalar(value) else { continue }
    if let age = scalar.properties.age, (age.major, age.minor) > newest { newest = age }
    let charClass = charClass(scalar)
    // 0 is "not part of a word", what the table gives unmapped units.
    if charClass != 1 { mapped[value] = charClass + 1 }
  }
  let table = smallest(denseValues(mapped))
  let limit = table.blocks.count << table.shift
  var out = header
  out += """
    /// The class of each scalar from U+0080 below `limit`, for where words
    /// start: `CharClass(rawValue: codes[blocks[unit >> shift] << shift | unit & mask] - 1)`,
    /// `.nonWord` where the code is 0 and at or above `limit`. From the
    /// standard library's case properties and general categories (Unicode
    /// \(newest.major).\(newest.minor)). \(table.blocks.count) + \(table.values.count) bytes.
    @usableFromInline
    enum CharClassTable {
      @usableFromInline static let shift: UInt32 = \(table.shift)
      @usableFromInline static let mask: UInt32 = \((1 << table.shift) - 1)
      @usableFromInline static let limit: UInt32 = 0x\(hex(UInt32(limit)))

    """
  out += arrayLiteral("blocks", "UInt8", table.blocks, perLine: 20) { String($0) }
  out += arrayLiteral("codes", "UInt8", table.values, perLine: 24) { String($0) }
  return out + "}\n"
}

/// Reads `east-asian-width.py`'s output: `# Unicode X.Y.Z`, then `FIRST LAST`
/// hex ranges of the W and F code points and `A FIRST LAST` ranges of the A ones.
func readWidthRanges() -> (version: String, wide: [Bool], ambiguous: [Bool]) {
  var version: String?
  var wide = Array(repeating: false, count: 0x110000)
  var ambiguous = Array(repeating: false, count: 0x110000)
  while let line = readLine() {
    if line.hasPrefix("# Unicode ") {
      version = String(line.dropFirst("# Unicode ".count))
      continue
    }
    var fields = line.split(separator: " ")
    let isAmbiguous = fields.first == "A"
    if isAmbiguous { fields.removeFirst() }
    guard fields.count == 2, let first = Int(fields[0], radix: 16), let last = Int(fields[1], radix: 16)
    else { fatalError("unexpected line: \(line)") }
    for value in first...last {
      if isAmbiguous { ambiguous[value] = true } else { wide[value] = true }
    }
  }
  guard let version else { fatalError("no '# Unicode' line on standard input: pipe in east-asian-width.py") }
  return (version, wide, ambiguous)
}

func widthTable() -> String {
  let (eawVersion, wide, ambiguous) = readWidthRanges()
  var mapped: [UInt32: Int] = [:]
  var newest = (major: 0, minor: 0)
  for value in UInt32(0)..<0x110000 {
    guard let scalar = Unicode.Scalar(value) else { continue }
    let properties = scalar.properties
    if let age = properties.age, (age.major, age.minor) > newest { newest = age }
    var code = 0
    if isZeroWidth(scalar) {
      code = zeroWidthCode
    } else if wide[Int(value)] || properties.isEmojiPresentation {
      code = wideCode
    } else if ambiguous[Int(value)] {
      // Only a one-column scalar can be drawn wider by `--ambidouble`.
      code = ambiguousBit
    }
    if properties.isEmoji { code |= emojiBit }
    if properties.isEmojiModifier { code |= emojiModifierBit }
    if code != 0 { mapped[value] = code }
  }
  let table = smallest(denseValues(mapped))
  let limit = table.blocks.count << table.shift
  var out = header
  out += """
    /// Display-width properties of each scalar below `limit` (0 above it):
    /// `properties[blocks[unit >> shift] << shift | unit & mask]`. Bits 0–1: 0 = one
    /// column, 1 = zero columns, 2 = two columns; bit 2: Emoji; bit 3: Emoji_Modifier;
    /// bit 4: East Asian Width A (ambiguous) on a one-column scalar.
    /// East Asian Width from Python's unicodedata (Unicode \(eawVersion)); general
    /// category, default ignorables and emoji properties from the standard library
    /// (Unicode \(newest.major).\(newest.minor)). \(table.blocks.count) + \(table.values.count) bytes.
    @usableFromInline
    enum DisplayWidthTable {
      @usableFromInline static let shift: UInt32 = \(table.shift)
      @usableFromInline static let mask: UInt32 = \((1 << table.shift) - 1)
      @usableFromInline static let limit: UInt32 = 0x\(hex(UInt32(limit)))

    """
  out += arrayLiteral("blocks", "UInt8", table.blocks, perLine: 24) { String($0) }
  out += arrayLiteral("properties", "UInt8", table.values, perLine: 24) { String($0) }
  return out + "}\n"
}

switch CommandLine.arguments.dropFirst().first {
case "case": print(caseTable(), terminator: "")
case "latin": print(latinTable(), terminator: "")
case "width": print(widthTable(), terminator: "")
case "class": print(classTable(), terminator: "")
default: print("usage: generate-text-tables.swift case|latin|width|class > File.swift")
}
