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

  @Test func `a header alone is an empty choice`() {
    #expect(RememberedChoice.decode(bytes("pick-remember 1\n")) == [])
  }
}
