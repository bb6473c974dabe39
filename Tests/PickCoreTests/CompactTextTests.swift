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
  return item.withUnsafeBufferPointer { text.transcode($0).map(Array.init) }
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

@Test func `items the compact text cannot stand for are left to the general path`() {
  // A combining mark that folding accents drops: the general path removes it.
  #expect(compact("e\u{301}x", [accentsFolded]) == nil)
  // Kept as a character of its own when accents are not folded.
  #expect(compact("e\u{301}x", [caseAndAccentsKept]) == Array("e".utf8) + [CompactText.standIn(.nonWord)] + [0x78])
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
