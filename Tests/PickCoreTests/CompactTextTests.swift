import Testing

@testable import PickCore

// `CompactText`: a non-ASCII item as one byte per character, for the byte
// scans. The oracle (MatcherOracleTests) checks the scores it leads to;
// these tests pin the bytes themselves and when the item is refused.

private func compact(_ item: String, _ foldings: [Folding] = [.caseFolded]) -> [UInt8]? {
  compact(Array(item.utf8), foldings)
}

private func compact(_ item: [UInt8], _ foldings: [Folding] = [.caseFolded]) -> [UInt8]? {
  let lookup = BonusLookup(BonusTable(scheme: .default))
  guard let text = CompactText(foldings: foldings, lookup: lookup) else { return nil }
  return item.withUnsafeBufferPointer { bytes in withExtendedLifetime(text) { text.transcode(bytes).map(Array.init) } }
}

private let accentsFolded = Folding(caseSensitive: false, normalize: true)
private let caseAndAccentsKept = Folding(caseSensitive: true, normalize: false)

@Test func `ASCII stays itself and every other character becomes one byte`() {
  let letter = CompactText.standIn(.letter)
  #expect(compact("a/写真.png", [accentsFolded]) == Array("a/".utf8) + [letter, letter] + Array(".png".utf8))
  #expect(compact("😃 x") == [CompactText.standIn(.nonWord)] + Array(" x".utf8))
  #expect(compact("\u{3000}١") == [CompactText.standIn(.white), CompactText.standIn(.number)])
}

@Test func `a letter that folds to ASCII becomes the ASCII letter of its case`() {
  #expect(compact("café", [accentsFolded]) == Array("cafe".utf8))
  #expect(compact("CAFÉ", [accentsFolded]) == Array("CAFE".utf8))
  // The Kelvin sign is an upper-case letter that lower-cases to `k`.
  #expect(compact("\u{212A}m", [accentsFolded]) == Array("Km".utf8))
  // Without accent folding `é` is no `e`: a lower-case letter that matches nothing ASCII.
  #expect(compact("é", [caseAndAccentsKept]) == [CompactText.standIn(.lower)])
}

@Test func `bytes that are not UTF-8 are non-word characters, one per byte`() {
  let invalid = CompactText.standIn(.nonWord)
  #expect(compact([0x61, 0xFF, 0xC3, 0x62, 0xE2, 0x82]) == [0x61, invalid, invalid, 0x62, invalid, invalid])
}

@Test func `ASCII runs across block edges and characters above the cached planes come out whole`() {
  // Non-ASCII characters at each offset around the sixteen-byte blocks,
  // one of them above U+1FFFF (looked up on its own).
  for offset in 0..<40 {
    let prefix = String(repeating: "x", count: offset)
    let item = prefix + "é" + String(repeating: "y", count: 20) + "\u{20000}z"
    let expected =
      Array(prefix.utf8) + Array("e".utf8) + Array(String(repeating: "y", count: 20).utf8)
      + [CompactText.standIn(.letter)] + Array("z".utf8)
    #expect(compact(item, [accentsFolded]) == expected, "offset \(offset)")
  }
}

/// The compact bytes of `item` and where combining marks were dropped.
private func compactWithDrops(_ item: String) -> (bytes: [UInt8], drops: [Int32])? {
  compactWithDrops(Array(item.utf8))
}

private func compactWithDrops(_ item: [UInt8]) -> (bytes: [UInt8], drops: [Int32])? {
  let text = CompactText(foldings: [accentsFolded], lookup: BonusLookup(BonusTable(scheme: .default)))
  return item.withUnsafeBufferPointer { bytes in
    guard let text, let out = text.transcode(bytes) else { return nil }
    return withExtendedLifetime(text) { (Array(out), Array(text.droppedMarks)) }
  }
}

@Test func `folding accents drops a combining mark after a Latin letter and notes where`() {
  let mark = CompactText.standIn(.nonWord)
  // After an ASCII letter, whether met one byte at a time or after a block of sixteen.
  for prefix in ["", String(repeating: "x", count: 20)] {
    let found = compactWithDrops(prefix + "Re\u{301}sume\u{301}")
    #expect(found?.bytes == Array((prefix + "Resume").utf8))
    #expect(found?.drops == [Int32(prefix.count + 2), Int32(prefix.count + 6)])
  }
  // After a Latin letter that is not ASCII.
  #expect(compactWithDrops("É\u{300}x")?.bytes == Array("Ex".utf8))
  // Only the first of two stacked marks follows the letter; the second, and
  // a mark after a digit, a CJK letter or an invalid byte, are kept as non-word characters.
  let kept = compactWithDrops("e\u{301}\u{302}1\u{301}写\u{301}")
  #expect(kept?.bytes == [0x65, mark, 0x31, mark, CompactText.standIn(.letter), mark])
  #expect(kept?.drops == [1])
  #expect(compactWithDrops([0xFF] + Array("\u{301}".utf8))?.bytes == [mark, mark])
  // Kept as a character of its own when accents are not folded.
  #expect(compact("e\u{301}x", [caseAndAccentsKept]) == Array("e".utf8) + [mark] + [0x78])
}

@Test func `items the compact text cannot stand for are left to the general path`() {
  // A combining mark of another class than non-word (U+0345 is a lower-case
  // letter): its stand-in would not be the one kept marks get.
  #expect(compact("e\u{345}x", [accentsFolded]) == nil)
  // A mark to drop in an item with a character above the cached planes.
  #expect(compact("\u{20000}e\u{301}", [accentsFolded]) == nil)
  // Terms that disagree on folding accents: no single byte serves both.
  #expect(
    CompactText(foldings: [accentsFolded, caseAndAccentsKept], lookup: BonusLookup(BonusTable(scheme: .default))) == nil
  )
}

@Test func `the compact text is scored before the filter once the filter rejects few items`() {
  var mostlyPass = CompactOrder()
  var mostlyFail = CompactOrder()
  for k in 0..<255 {
    mostlyPass.note(passed: k % 4 != 0)
    mostlyFail.note(passed: k % 4 == 0)
  }
  #expect(!mostlyPass.skipsFilter, "settled only after the whole sample")
  mostlyPass.note(passed: true)
  mostlyFail.note(passed: true)
  #expect(mostlyPass.skipsFilter)
  #expect(!mostlyFail.skipsFilter)
}
