import Testing

@testable import PickCore

/// `--ansi` in the item store: escape sequences leave the items as they
/// arrive, and SGR colours go to the side table.
@Suite struct ANSIStoreTests {
  private static let esc = "\u{1B}"

  private func store(_ input: String, separator: UInt8 = 0x0A, chunks: [Int]? = nil) throws -> ItemStore {
    let store = try ItemStore(separator: separator, byteLimit: 1 << 16, itemLimit: 1 << 10, interpretsANSI: true)
    let bytes = Array(input.utf8)
    var offset = 0
    for size in chunks ?? [bytes.count] where offset < bytes.count {
      let end = min(offset + size, bytes.count)
      try store.append(Array(bytes[offset..<end]))
      offset = end
    }
    if offset < bytes.count { try store.append(Array(bytes[offset...])) }
    try store.finish()
    return store
  }

  private func items(_ store: ItemStore) -> [String] {
    (0..<store.count).map { String(decoding: store.item($0), as: UTF8.self) }
  }

  private func runs(_ store: ItemStore) -> [[StyleRun]] {
    (0..<store.count).map { store.styleRuns(of: $0) }
  }

  @Test(arguments: [
    ("a\u{1B}[31mred\u{1B}[0mb", "aredb"),
    ("\u{1B}[mq", "q"),
    ("a\u{1B}[38:2::1:2:3mb", "ab"),
    ("a\u{1B}]0;title\u{07}b", "ab"),
    ("a\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\c", "alinkc"),
    ("a\u{1B}Pdcs\u{1B}\\b", "ab"),
    ("a\u{1B}(Bb\u{1B}=c", "abc"),
    ("a\u{1B}[2Jb\u{1B}[10;5Hc", "abc"),
    ("a\u{1B}[?25lb\u{1B}[>4;1mc", "abc"),
    ("a\u{1B}[31 qb", "ab"),
    // Broken and unterminated sequences: dropped up to the byte that breaks them.
    ("x\u{1B}[31", "x"),
    ("end\u{1B}", "end"),
    ("a\u{1B}]unterminated", "a"),
    ("a\u{1B}[3\u{1B}[1mb", "ab"),
    ("a\u{1B}[31\u{7}b", "a\u{7}b"),
    ("a\u{1B}\u{1B}b", "a"),
    ("a\u{1B}é", "aé"),
    ("plain é\ttext", "plain é\ttext"),
  ])
  func `escape sequences are taken out of the item`(input: String, visible: String) throws {
    #expect(items(try store(input)) == [visible])
  }

  @Test func `an item's end ends any sequence: the next item is whole`() throws {
    let s = try store("a\u{1B}[31\nb\n\u{1B}]0;t\nc\n\u{1B}\nd\u{1B}P\ne")
    #expect(items(s) == ["a", "b", "", "c", "", "d", "e"])
  }

  @Test func `SGR colours become style runs over the visible text`() throws {
    let s = try store("\u{1B}[31mred\u{1B}[0m plain \u{1B}[1;4mbu\u{1B}[22mu\nnone")
    let red = Style(foreground: .red)
    #expect(items(s) == ["red plain buu", "none"])
    #expect(
      runs(s) == [
        [
          StyleRun(offset: 0, style: red), StyleRun(offset: 3, style: .plain),
          StyleRun(offset: 10, style: Style(bold: true, underline: true)),
          StyleRun(offset: 12, style: Style(underline: true)),
        ],
        [StyleRun(offset: 0, style: Style(underline: true))],
      ])
  }

  @Test func `the style carries to the next items until a reset, as on a terminal`() throws {
    let s = try store("\u{1B}[32mone\ntwo\u{1B}[m\nthree\n")
    let green = Style(foreground: .green)
    #expect(runs(s) == [[StyleRun(offset: 0, style: green)], [StyleRun(offset: 0, style: green)], []])
  }

  @Test func `sequences in a row count once, and a change back to the same style is no change`() throws {
    let s = try store("\u{1B}[31m\u{1B}[1m\u{1B}[22ma\u{1B}[31mb\u{1B}[0m\u{1B}[0mc")
    #expect(items(s) == ["abc"])
    #expect(runs(s) == [[StyleRun(offset: 0, style: Style(foreground: .red)), StyleRun(offset: 2, style: .plain)]])
  }

  @Test func `NUL-separated items keep newlines and colours`() throws {
    let s = try store("\u{1B}[31ma\nb\u{1B}[0m\0c\0", separator: 0)
    #expect(items(s) == ["a\nb", "c"])
    #expect(runs(s) == [[StyleRun(offset: 0, style: Style(foreground: .red))], []])
  }

  @Test func `without --ansi the bytes are kept as they came`() throws {
    let s = try ItemStore(separator: 0x0A, byteLimit: 1 << 16, itemLimit: 1 << 10)
    try s.append(Array("\u{1B}[31mred\n".utf8))
    #expect(items(s) == ["\u{1B}[31mred"])
    #expect(s.styleRuns(of: 0).isEmpty)
    #expect(!s.interpretsANSI)
  }

  @Test func `any split of the input into reads gives the same items and colours`() throws {
    let input =
      "\u{1B}[1;38;2;10;20;30mbold rgb\u{1B}[0m x\n\u{1B}]8;;http://a\u{1B}\\link\u{1B}]8;;\u{07}\n"
      + "é\u{1B}[4:3mcurl\u{1B}[24m\u{1B}(B\u{1B}[K tail\n\u{1B}[31mred\u{1B}[38;5;200mpink\nlast\u{1B}[0"
    let whole = try store(input)
    var rng = SeededGenerator(seed: 0x16A5)
    for _ in 0..<300 {
      let chunks = (0..<40).map { _ in Int.random(in: 1...7, using: &rng) }
      let split = try store(input, chunks: chunks)
      #expect(items(split) == items(whole))
      #expect(runs(split) == runs(whole))
    }
    #expect(items(whole) == ["bold rgb x", "link", "écurl tail", "redpink", "last"])
  }
}

extension ANSIStoreTests {
  @Test func `random text between random sequences comes out as the text alone, however it is read`() throws {
    let sequences = [
      "\u{1B}[0m", "\u{1B}[01;34m", "\u{1B}[1m", "\u{1B}[38;2;1;2;3m", "\u{1B}[2K", "\u{1B}]0;t\u{07}", "\u{1B}(B",
      "\u{1B}[?25h", "\u{1B}[m",
    ]
    let pieces = ["a", "bc", "/", " ", "é", "写", "\t", "longer-text.txt", "0123456789abcdef"]
    var rng = SeededGenerator(seed: 0x16A6)
    for _ in 0..<200 {
      var input = ""
      var visible: [String] = []
      for _ in 0..<Int.random(in: 1...6, using: &rng) {
        var line = ""
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
          if Bool.random(using: &rng), let sequence = sequences.randomElement(using: &rng) { input += sequence }
          let piece = pieces.randomElement(using: &rng) ?? ""
          input += piece
          line += piece
        }
        input += "\n"
        visible.append(line)
      }
      #expect(items(try store(input)) == visible)
      let chunks = (0..<200).map { _ in Int.random(in: 1...40, using: &rng) }
      #expect(items(try store(input, chunks: chunks)) == visible)
    }
  }
}
