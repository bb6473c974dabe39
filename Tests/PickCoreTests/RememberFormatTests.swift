import PickCore
import Testing

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite struct RememberFormatTests {
  // MARK: Keys

  @Test(arguments: ["hosts", "a.b-c_d", "A9", "...", ".hidden", "-", String(repeating: "k", count: 200)])
  func `a valid key is accepted as it is`(_ name: String) throws {
    let key = try #require(RememberKey(bytes(name)))
    #expect(key.name == name)
  }

  @Test(arguments: [
    [], bytes("."), bytes(".."), Array(repeating: UInt8(ascii: "k"), count: 201),
    bytes("a/b"), bytes("/"), bytes("a b"), bytes("café"), bytes("a\0b"), [0], bytes("a~b"), [0xFF],
  ])
  func `an invalid key is refused`(_ spelling: [UInt8]) {
    #expect(RememberKey(spelling) == nil)
  }

  // MARK: The file format

  @Test func `the file is the header, then each item followed by NUL`() {
    #expect(RememberedChoice.encode([bytes("one"), bytes("two")]) == bytes("pick-remember 1\none\0two\0"))
    #expect(RememberedChoice.encode([]) == bytes("pick-remember 1\n"))
  }

  @Test(arguments: [
    [[UInt8]](),
    [bytes("plain")],
    [bytes("line one\nline two"), bytes("\n"), bytes("trailing\n")],
    [[0xFF, 0xFE], [0xC3], bytes("ok"), [0xE2, 0x82]],
    [[], bytes("between empties"), []],
    [bytes("pick-remember 1"), bytes("pick-remember 2\n")],
    [bytes("same"), bytes("same")],
  ])
  func `items round-trip exactly`(_ items: [[UInt8]]) {
    #expect(RememberedChoice.decode(RememberedChoice.encode(items)) == items)
  }

  @Test func `an item containing NUL is skipped when saving, the others kept`() {
    let encoded = RememberedChoice.encode([bytes("before"), bytes("a\0b"), [0], bytes("after")])
    #expect(RememberedChoice.decode(encoded) == [bytes("before"), bytes("after")])
  }

  @Test(arguments: [
    "", "pick-remember 1", "pick-remember 2\nitem\0", "pick-remember 10\n", "PICK-REMEMBER 1\n",
    "pick-remember 1\r\nitem\0", " pick-remember 1\n", "garbage\0", "item\0",
  ])
  func `a file without the version-1 header is not read`(_ contents: String) {
    #expect(RememberedChoice.decode(bytes(contents)) == nil)
  }

  @Test func `a file cut short keeps the complete items and drops the partial one`() {
    #expect(RememberedChoice.decode(bytes("pick-remember 1\none\0tw")) == [bytes("one")])
    #expect(RememberedChoice.decode(bytes("pick-remember 1\npartial")) == [])
  }

  // MARK: Who wrote a file

  @Test(arguments: [
    ("pick-remember 1\n", RememberedChoice.Origin.current),
    ("pick-remember 1\nitem\0", .current),
    ("pick-remember 2\n", .newer(version: 2)),
    ("pick-remember 10\nanything at all", .newer(version: 10)),
    ("pick-remember 999999999\n", .newer(version: 999_999_999)),
    ("", .foreign),
    ("pick-remember 1", .foreign),
    ("pick-remember \n", .foreign),
    ("pick-remember 0\n", .foreign),
    ("pick-remember 01\n", .foreign),
    ("pick-remember 1234567890\n", .foreign),
    ("pick-remember 1\r\n", .foreign),
    ("pick-remember -1\n", .foreign),
    ("PICK-REMEMBER 1\n", .foreign),
    (" pick-remember 1\n", .foreign),
    ("garbage\0", .foreign),
  ])
  func `the first line says who wrote a file`(_ contents: String, _ origin: RememberedChoice.Origin) {
    #expect(RememberedChoice.origin(of: bytes(contents).prefix(RememberedChoice.headerLimit)) == origin)
  }

  @Test func `the longest header pick could write fits in the bytes read for it`() {
    let longest = bytes("pick-remember 999999999\n")
    #expect(longest.count <= RememberedChoice.headerLimit)
    #expect(RememberedChoice.origin(of: longest + bytes("item\0")) == .newer(version: 999_999_999))
  }

  @Test func `a choice read as a set holds each item once, partial item dropped`() throws {
    let texts = try #require(RememberedChoice.texts(in: bytes("pick-remember 1\nb\0\0a\0b\0\0cut")))
    #expect(texts.texts == [bytes("b"), bytes(""), bytes("a")])
    #expect(RememberedChoice.texts(in: bytes("pick-remember 2\nb\0")) == nil)
    #expect(RememberedChoice.texts(in: bytes("pick-remember 1\n"))?.isEmpty == true)
  }

  @Test func `a header alone is an empty choice`() {
    #expect(RememberedChoice.decode(bytes("pick-remember 1\n")) == [])
  }
}
