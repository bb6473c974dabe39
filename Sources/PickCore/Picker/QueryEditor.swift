/// The query line being edited: its characters and the text cursor, with
/// the editing operations of fzf's default keys (which are readline's).
///
/// Characters are Unicode scalars; the query goes to the matcher as UTF-8.
/// A starting query (`-q`) that is not valid UTF-8 has its invalid bytes
/// replaced by U+FFFD: the query line must be drawable text.
///
/// A query holds at most `maximumLength` characters: a paste of a whole file
/// would otherwise cost hundreds of bytes a character in the compiled query
/// (every keystroke compiles it again). What does not fit is dropped, and
/// `wasCut` says so until the query is edited again, for the info line.
public struct QueryEditor: Equatable, Sendable {
  /// The longest query, in characters: far beyond anything typed or any path
  /// pasted, small enough that compiling it stays a few milliseconds.
  public static let maximumLength = 32_768

  public private(set) var characters: [Unicode.Scalar]
  /// Whether the last text put in (typed, pasted, yanked, `-q`) lost
  /// characters to `maximumLength`.
  public private(set) var wasCut = false
  /// Insertion point: 0 is before the first character.
  public private(set) var cursor: Int
  /// What the last kill (Ctrl-U, Ctrl-W, Alt-D, Alt-Backspace) removed, for Ctrl-Y.
  public private(set) var killed: [Unicode.Scalar] = []

  public init(_ bytes: [UInt8] = []) {
    characters = []
    cursor = 0
    insert(String(decoding: bytes, as: UTF8.self).unicodeScalars)
  }

  /// The query as the matcher takes it.
  public var bytes: [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(characters.count)
    for scalar in characters { out.append(contentsOf: UTF8.encode(scalar)!) }
    return out
  }

  public var isEmpty: Bool { characters.isEmpty }

  /// Inserts `text` at the cursor, as much of it as `maximumLength` leaves room for.
  public mutating func insert(_ text: some Sequence<Unicode.Scalar>) {
    let room = Self.maximumLength - characters.count
    var new = Array(text.prefix(room + 1))
    wasCut = new.count > room
    if wasCut { new.removeLast(new.count - room) }
    characters.insert(contentsOf: new, at: cursor)
    cursor += new.count
  }

  public mutating func moveLeft() { cursor = max(0, cursor - 1) }
  public mutating func moveRight() { cursor = min(characters.count, cursor + 1) }
  public mutating func moveToStart() { cursor = 0 }
  public mutating func moveToEnd() { cursor = characters.count }
  /// Puts the text cursor before character `index` (clamped): a click on the query.
  public mutating func move(to index: Int) { cursor = max(0, min(index, characters.count)) }
  public mutating func moveWordLeft() { cursor = wordStart(before: cursor) }
  public mutating func moveWordRight() { cursor = wordEnd(after: cursor) }

  /// Backspace. Returns false when there was nothing to delete.
  @discardableResult public mutating func deleteBackward() -> Bool {
    guard cursor > 0 else { return false }
    wasCut = false
    characters.remove(at: cursor - 1)
    cursor -= 1
    return true
  }

  /// Delete. Returns false when there was nothing to delete.
  @discardableResult public mutating func deleteForward() -> Bool {
    guard cursor < characters.count else { return false }
    wasCut = false
    characters.remove(at: cursor)
    return true
  }

  /// Ctrl-U: everything before the cursor.
  public mutating func killToStart() { kill(0..<cursor) }
  /// fzf's `kill-line`: from the cursor to the end.
  public mutating func killToEnd() { kill(cursor..<characters.count) }
  /// Ctrl-W: back to the previous white space (readline's unix-word-rubout).
  public mutating func killWhitespaceWordBackward() {
    var start = cursor
    while start > 0 && isSpace(characters[start - 1]) { start -= 1 }
    while start > 0 && !isSpace(characters[start - 1]) { start -= 1 }
    kill(start..<cursor)
  }
  /// Alt-Backspace: back to the start of the previous word of letters and digits.
  public mutating func killWordBackward() { kill(wordStart(before: cursor)..<cursor) }
  /// Alt-D: forward to the end of the next word.
  public mutating func killWordForward() { kill(cursor..<wordEnd(after: cursor)) }
  /// Ctrl-Y: puts back what was last killed.
  public mutating func yank() { insert(killed) }
  /// fzf's `cancel` on a query: the whole query goes, into the kill buffer.
  public mutating func killAll() { kill(0..<characters.count) }

  /// Replaces the query (`clear-query`, `change-query`), keeping what was
  /// killed for Ctrl-Y, as fzf does.
  public mutating func replace(with text: [UInt8] = []) {
    let saved = killed
    self = QueryEditor(text)
    killed = saved
  }

  private mutating func kill(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    wasCut = false
    killed = Array(characters[range])
    characters.removeSubrange(range)
    cursor = range.lowerBound
  }

  private func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_"
  }

  private func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }

  private func wordStart(before position: Int) -> Int {
    var k = position
    while k > 0 && !isWordCharacter(characters[k - 1]) { k -= 1 }
    while k > 0 && isWordCharacter(characters[k - 1]) { k -= 1 }
    return k
  }

  private func wordEnd(after position: Int) -> Int {
    var k = position
    while k < characters.count && !isWordCharacter(characters[k]) { k += 1 }
    while k < characters.count && isWordCharacter(characters[k]) { k += 1 }
    return k
  }
}

extension QueryEditor {
  /// Runs a query-editing action (typing, moving the text cursor, deleting,
  /// yanking, replacing the query); any other action leaves the query alone.
  mutating func apply(_ action: PickerAction) {
    switch action {
    case .insert(let text): insert(text)
    case .backwardChar: moveLeft()
    case .forwardChar: moveRight()
    case .beginningOfLine: moveToStart()
    case .endOfLine: moveToEnd()
    case .backwardWord: moveWordLeft()
    case .forwardWord: moveWordRight()
    case .backwardDeleteChar: deleteBackward()
    case .deleteChar: deleteForward()
    case .unixLineDiscard: killToStart()
    case .unixWordRubout: killWhitespaceWordBackward()
    case .killWord: killWordForward()
    case .backwardKillWord: killWordBackward()
    case .killLine: killToEnd()
    case .yank: yank()
    case .clearQuery: replace()
    case .changeQuery(let text): replace(with: text)
    default: break
    }
  }
}
