import Testing

@testable import PickCore

struct DisplayWidthTests {
  @Test(
    arguments: [
      ("plain ascii", 11),
      ("日本語", 6),
      ("❤️", 2),
      ("👍🏻", 2),
      ("☝🏻", 2),
      ("👨‍👩‍👧", 2),
      ("🏳️‍🌈", 2),
      ("🇯🇵", 2),
      ("🇯🇵🇺🇸", 4),
      ("1️⃣", 2),
      ("#️⃣", 2),
      ("😀", 2),
      ("e\u{301}", 1),
      ("ｆ", 2),
      ("Ω", 1),
      ("…", 1),
      ("\u{3000}", 2),
      ("각", 2),
      ("\u{1100}\u{1161}\u{11A8}", 2),
      ("a\u{200B}b", 2),
      ("a\u{FE0F}", 1),
      ("☺\u{FE0E}", 1),
      ("日本語のファイル名/テスト.txt", 29),
    ] as [(String, Int)])
  func `text takes the columns terminals draw`(text: String, columns: Int) {
    #expect(DisplayWidth.columns(of: text) == columns)
  }

  @Test(
    arguments: [
      (0x41, 1), (0x7E, 1), (0x00, 0), (0x1B, 0), (0x7F, 0), (0x85, 0),
      (0x0301, 0), (0x20E3, 0), (0x200D, 0), (0xFE0F, 0), (0xFE00, 0), (0xE0100, 0), (0x200B, 0),
      (0x2060, 0), (0xFEFF, 0), (0x202E, 0), (0xE0041, 0), (0x00AD, 1),
      (0x1100, 2), (0x4E00, 2), (0xFF46, 2), (0x3042, 2), (0xAC00, 2), (0x1F600, 2), (0x1F1EF, 2),
      (0x1F3FB, 2), (0x2764, 1), (0x231A, 2), (0x20000, 2), (0x3134B, 2), (0x2FFFD, 2),
      (0x03A9, 1), (0x00E9, 1), (0xFFFD, 1), (0xE000, 1), (0x10FFFF, 1), (0x2400, 1), (0x21C6, 1),
    ] as [(UInt32, Int)])
  func `a scalar on its own`(value: UInt32, columns: Int) {
    #expect(DisplayWidth.columns(of: Unicode.Scalar(value)!) == columns)
  }

  @Test func `emoji added after Python's Unicode version are wide`() {
    // U+1FAE8 SHAKING FACE (Unicode 15), U+1FAE9 (Unicode 16).
    #expect(DisplayWidth.columns(of: Unicode.Scalar(0x1FAE8)!) == 2)
    #expect(DisplayWidth.columns(of: Unicode.Scalar(0x1FAE9)!) == 2)
  }

  @Test func `the table agrees with the standard library's properties`() {
    for value in UInt32(0x80)..<0x11_0000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let properties = scalar.properties
      let columns = DisplayWidth.columns(of: scalar)
      let problem: String? =
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .control: columns == 0 ? nil : "marks are zero"
        default:
          if properties.isEmojiPresentation && columns != 2 {
            "emoji presentation is wide"
          } else if properties.isDefaultIgnorableCodePoint && value != 0xAD && columns != 0 {
            "default ignorables are zero"
          } else {
            nil
          }
        }
      if let problem {
        Issue.record("U+\(String(value, radix: 16, uppercase: true)): \(problem)")
        return
      }
    }
  }

  @Test func `the printable ASCII fast path equals the per-character sum`() {
    var rng = SeededGenerator(seed: 0xD15B_0001)
    let alphabet: [String] = ["a", " ", "~", "日", "e\u{301}", "👍🏻", "\t", "Ω"]
    for _ in 0..<500 {
      let text = (0..<Int.random(in: 0...12, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
        .joined()
      let sum = text.reduce(0) { $0 + DisplayWidth.columns(of: $1) }
      #expect(DisplayWidth.columns(of: text) == sum)
    }
  }
}
