import Testing

@testable import PickCore

private func editor(_ text: String, cursor: Int? = nil) -> QueryEditor {
  var editor = QueryEditor(Array(text.utf8))
  if let cursor {
    editor.moveToStart()
    for _ in 0..<cursor { editor.moveRight() }
  }
  return editor
}

private func text(_ editor: QueryEditor) -> String { String(decoding: editor.bytes, as: UTF8.self) }

@Test func `typing inserts at the cursor`() {
  var e = editor("ac", cursor: 1)
  e.insert("b".unicodeScalars)
  #expect(text(e) == "abc")
  #expect(e.cursor == 2)
}

@Test func `backspace and delete remove around the cursor and report when nothing was there`() {
  var e = editor("abc", cursor: 1)
  let deleted = e.deleteBackward()
  #expect(deleted)
  #expect(text(e) == "bc")
  let again = e.deleteBackward()
  #expect(!again)
  let forward = e.deleteForward()
  #expect(forward)
  #expect(text(e) == "c")
}

@Test func `ctrl-u kills to the start and ctrl-y puts it back`() {
  var e = editor("foo bar", cursor: 4)
  e.killToStart()
  #expect(text(e) == "bar")
  e.moveToEnd()
  e.yank()
  #expect(text(e) == "barfoo ")
}

@Test func `ctrl-w kills back to white space, alt-backspace to a word start`() {
  var e = editor("src/net dev")
  e.killWhitespaceWordBackward()
  #expect(text(e) == "src/net ")
  var f = editor("src/net")
  f.killWordBackward()
  #expect(text(f) == "src/")
}

@Test func `word moves stop at word boundaries`() {
  var e = editor("foo-bar baz", cursor: 0)
  e.moveWordRight()
  #expect(e.cursor == 3)
  e.moveWordRight()
  #expect(e.cursor == 7)
  e.moveWordLeft()
  #expect(e.cursor == 4)
  e.killWordForward()
  #expect(text(e) == "foo- baz")
}

@Test func `a starting query that is not UTF-8 becomes drawable text`() {
  let e = QueryEditor([0x61, 0xFF])
  #expect(e.characters == ["a", "\u{FFFD}"])
}

@Test func `a query holds at most maximumLength characters, and a cut is noted until the next edit`() {
  let limit = QueryEditor.maximumLength
  var e = editor("ab")
  e.moveToStart()
  e.insert(String(repeating: "x", count: limit).unicodeScalars)
  #expect(e.characters.count == limit)
  #expect(e.wasCut)
  // What fits goes in at the cursor; what was after the cursor is kept.
  #expect(text(e) == String(repeating: "x", count: limit - 2) + "ab")
  #expect(e.cursor == limit - 2)
  e.insert("y".unicodeScalars)
  #expect(e.characters.count == limit && e.wasCut)
  e.deleteBackward()
  #expect(!e.wasCut)
  e.insert("z".unicodeScalars)
  #expect(e.characters.count == limit && !e.wasCut)
  let started = QueryEditor(Array(String(repeating: "q", count: limit + 5).utf8))
  #expect(started.characters.count == limit && started.wasCut)
}
