import Testing

@testable import PickCore

/// `pick --filter QUERY ARGUMENTS` over `items` (newline-terminated), as text lines.
private func lines(_ items: [String], _ arguments: [String]) throws -> [String] {
  let input: [UInt8] = items.flatMap { Array($0.utf8) + [UInt8(0x0A)] }
  var out = try runFilter(input, arguments).text.split(separator: "\n", omittingEmptySubsequences: false).map(
    String.init)
  if out.last == "" { out.removeLast() }
  return out
}

// MARK: Ranking

@Test func `the best match comes first`() throws {
  #expect(try filter(["xaxbxc", "zabcz", "abc"], "abc") == ["abc", "zabcz", "xaxbxc"])
}

@Test func `ties go to the shorter item, counted in characters, not bytes`() throws {
  // "aéé" is 5 bytes but 3 characters; "axxx" is 4 of each.
  #expect(try filter(["axxx", "aéé"], "a") == ["aéé", "axxx"])
}

@Test func `white space at the ends of an item does not count toward its length`() throws {
  #expect(try filter(["abx", "  ab  ", "\tab\t"], "a") == ["  ab  ", "\tab\t", "abx"])
}

@Test func `equal scores and lengths keep input order`() throws {
  #expect(try filter(["xa3", "xa1", "xa2"], "a") == ["xa3", "xa1", "xa2"])
}

@Test func `--tac reverses input order between ties`() throws {
  #expect(try filter(["xa3", "xa1", "xbbbb", "xa2"], "a") { $0.tac = true } == ["xa2", "xa1", "xa3"])
  // Scores still come first.
  #expect(try filter(["ab", "xa1", "a_b"], "ab") { $0.tac = true } == ["ab", "a_b"])
}

@Test func `--no-sort keeps input order`() throws {
  #expect(try filter(["a_b_c", "xabcx", "abc", "zzz"], "abc") { $0.sort = false } == ["a_b_c", "xabcx", "abc"])
}

// fzf 0.74.5 sorts by score when `--tac` and `--no-sort` are combined in filter
// mode (`printf 'xxa1\nb\na2\n' | fzf -f a --tac --no-sort` prints a2, xxa1);
// pick keeps its own rule (Docs/Design.md, Matching): `--no-sort` keeps input order and `--tac` reverses it.
@Test func `--no-sort with --tac gives reversed input order`() throws {
  #expect(
    try filter(["xxa1", "b", "a2", " a3 ", "a44", "za5"], "a") {
      $0.sort = false
      $0.tac = true
    } == ["za5", "a44", " a3 ", "a2", "xxa1"])
}

@Test(arguments: ["!zzz", "!^a", "!b$ !c", "!'xx"])
func `a query of only inverse terms keeps input order`(query: String) throws {
  let items = ["zzz", "ab", "a_b", "bbb", "c", "abc", "xxb"]
  let expected = items.filter { matchScore(query, $0) != nil }
  #expect(try filter(items, query) == expected)
  #expect(try filter(items, query) { $0.tac = true } == expected.reversed())
}

@Test func `an empty query prints every item in input order`() throws {
  let items = ["b", "", "a", "  ", "c"]
  #expect(try filter(items, "") == items)
  #expect(try filter(items, "") { $0.tac = true } == items.reversed())
}

// MARK: Properties

/// Random items over a small alphabet so that queries often match and tie.
private func randomItems(_ rng: inout SeededGenerator, count: Int) -> [String] {
  let alphabet: [String] = ["a", "b", "c", "A", "/", " ", "_", "é", "x"]
  return (0..<count).map { _ in
    String((0..<Int.random(in: 0...8, using: &rng)).map { _ in Character(alphabet.randomElement(using: &rng)!) })
  }
}

private func randomQuery(_ rng: inout SeededGenerator) -> String {
  let pieces = ["a", "b", "ab", "c", "x", "!b", "^a", "c$", "'ab", "a b", "é", "A", "/"]
  return (0..<Int.random(in: 1...2, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined(separator: " ")
}

/// Characters of `item` with spaces at both ends removed (the length ties compare).
private func trimmedLength(_ item: String) -> Int {
  let scalars = Array(item.unicodeScalars)
  guard let first = scalars.firstIndex(where: { $0 != " " }) else { return 0 }
  let last = scalars.lastIndex(where: { $0 != " " })!
  return last - first + 1
}

@Test func `sorted output is the matches by score, then length, then input order`() throws {
  var rng = SeededGenerator(seed: 0xF117_0001)
  for trial in 0..<300 {
    let items = randomItems(&rng, count: Int.random(in: 0...40, using: &rng))
    let query = randomQuery(&rng)
    let scored = items.enumerated().compactMap { index, item in
      matchScore(query, item).map { (index: index, item: item, score: $0) }
    }
    let ranksByScore = query.split(separator: " ").contains { !$0.hasPrefix("!") }
    let expected =
      ranksByScore
      ? scored.sorted {
        ($0.score, -trimmedLength($0.item), -$0.index) > ($1.score, -trimmedLength($1.item), -$1.index)
      }.map(\.item)
      : scored.map(\.item)
    #expect(try filter(items, query) == expected, "trial \(trial): \(query) over \(items)")
  }
}

@Test func `--tac over a list is the same as the reversed list`() throws {
  var rng = SeededGenerator(seed: 0xF117_0002)
  for trial in 0..<300 {
    let items = randomItems(&rng, count: Int.random(in: 0...40, using: &rng))
    let query = Bool.random(using: &rng) ? "" : randomQuery(&rng)
    let sorts = Bool.random(using: &rng)
    let tiebreak: [Options.Tiebreak]? =
      Bool.random(using: &rng)
      ? nil
      : [[.length], [.begin, .length], [.end, .chunk, .length], [.pathname], [.index]].randomElement(using: &rng)!
    let forward = try filter(items.reversed(), query) {
      $0.sort = sorts
      $0.tiebreak = tiebreak
    }
    let tac = try filter(items, query) {
      $0.sort = sorts
      $0.tiebreak = tiebreak
      $0.tac = true
    }
    #expect(
      tac == forward, "trial \(trial): \(query) sort=\(sorts) tiebreak=\(String(describing: tiebreak)) over \(items)")
  }
}

@Test func `--no-sort prints exactly the matching items in input order`() throws {
  var rng = SeededGenerator(seed: 0xF117_0003)
  for trial in 0..<300 {
    let items = randomItems(&rng, count: Int.random(in: 0...40, using: &rng))
    let query = randomQuery(&rng)
    let expected = items.filter { matchScore(query, $0) != nil }
    #expect(try filter(items, query) { $0.sort = false } == expected, "trial \(trial): \(query) over \(items)")
  }
}

// MARK: Filter-mode options

@Test(arguments: [0, 1, 2, 5, 6, 10])
func `--header-lines skips the first items`(count: Int) throws {
  let items = ["a0", "a1", "b2", "a3", "a4", "x"]
  #expect(try filter(items, "") { $0.headerLines = count } == Array(items.dropFirst(count)))
  #expect(
    try filter(items, "a") { $0.headerLines = count } == Array(items.dropFirst(count).filter { $0.hasPrefix("a") }))
}

@Test func `--print-query prints the query first`() throws {
  #expect(try filter(["ab", "b"], "a") { $0.printQuery = true } == ["a", "ab"])
  #expect(try filter(["ab", "b"], "") { $0.printQuery = true } == ["", "ab", "b"])
}

@Test func `--print-query prints the query even when nothing matches`() throws {
  let result = try runFilter(Array("ab\nb\n".utf8), ["--filter", "zz", "--print-query"])
  #expect(result == FilterResult(output: Array("zz\n".utf8), matched: false))
}

@Test func `--print0 ends every printed line with NUL, the query too`() throws {
  let result = try runFilter(Array("ab\nb\nca\n".utf8), ["--filter", "a", "--print0", "--print-query"])
  #expect(result.output == Array("a\0ab\0ca\0".utf8))
}

@Test func `--read0 keeps newlines inside items`() throws {
  // The `b` after a newline starts a word, so it ranks first (as in fzf).
  let result = try runFilter(Array("xb\0c\0\nab\0a\nb".utf8), ["--filter", "b", "--read0", "--print0"])
  #expect(result.output == Array("a\nb\0xb\0\nab\0".utf8))
}

@Test func `--read0 without --print0 ends printed items with a newline`() throws {
  let result = try runFilter(Array("a\nb\0c\0".utf8), ["--filter", "", "--read0"])
  #expect(result.output == Array("a\nb\nc\n".utf8))
}

@Test func `items are printed byte for byte, CR and invalid UTF-8 included`() throws {
  let input: [UInt8] = [0x61, 0xFF, 0x0D, 0x0A, 0x62, 0x0A, 0xC3, 0x61, 0x0A]
  let result = try runFilter(input, ["--filter", "a"])
  #expect(Set(result.output.split(separator: 0x0A).map(Array.init)) == [[0x61, 0xFF, 0x0D], [0xC3, 0x61]])
}

@Test func `--with-nth restricts what is matched and the whole line is printed`() throws {
  #expect(try lines(["k1 apple", "apple k2", "k3 cherry"], ["--filter", "apple", "--with-nth", "2"]) == ["k1 apple"])
}

@Test func `--nth restricts matching to fields`() throws {
  #expect(try lines(["k1:apple", "apple:k2"], ["--filter", "apple", "-d", ":", "--nth", "2"]) == ["k1:apple"])
  // Inverse terms too: the item is kept when the field does not contain the text.
  #expect(try lines(["k1:apple", "apple:k2"], ["--filter", "!apple", "-d", ":", "--nth", "2"]) == ["apple:k2"])
}

@Test func `--accept-nth prints only the chosen fields of the matches`() throws {
  #expect(try lines(["k1 apple", "k2 pear"], ["--filter", "apple", "--accept-nth", "1"]) == ["k1"])
  let result = try runFilter(Array("k1 apple\nk2 pear\n".utf8), ["--filter", "", "--accept-nth", "2", "--print0"])
  #expect(result.output == Array("apple\0pear\0".utf8))
}

@Test func `-d is a literal string, not a pattern`() throws {
  #expect(try lines(["a.b", "axb"], ["--filter", "", "-d", ".", "--accept-nth", "2"]) == ["b", ""])
}

// MARK: Exit status

struct ExitCase: Sendable, CustomTestStringConvertible {
  var input: String
  var arguments: [String]
  var matched: Bool
  var testDescription: String { arguments.joined(separator: " ") + " <<< " + String(reflecting: input) }
}

@Test(arguments: [
  ExitCase(input: "a\nb\n", arguments: ["--filter", "a"], matched: true),
  ExitCase(input: "a\nb\n", arguments: ["--filter", "z"], matched: false),
  ExitCase(input: "a\nb\n", arguments: ["--filter", ""], matched: true),
  ExitCase(input: "", arguments: ["--filter", ""], matched: false),
  ExitCase(input: "", arguments: ["--filter", "a"], matched: false),
  ExitCase(input: "\n", arguments: ["--filter", ""], matched: true),
  ExitCase(input: "a\nb\n", arguments: ["--filter", "", "--header-lines", "2"], matched: false),
  ExitCase(input: "a\nb\n", arguments: ["--filter", "a", "--header-lines", "1"], matched: false),
  ExitCase(input: "a\nb\n", arguments: ["--filter", "!a"], matched: true),
  ExitCase(input: "a\nb\n", arguments: ["--filter", "!a !b"], matched: false),
  ExitCase(input: "a\nb\n", arguments: ["--filter", "z", "--print-query"], matched: false),
  ExitCase(input: "a\nb\n", arguments: ["--filter", "a", "--no-sort", "--tac"], matched: true),
  ExitCase(input: "a b\n", arguments: ["--filter", "a", "--nth", "2"], matched: false),
  ExitCase(input: "a b\n", arguments: ["--filter", "b", "--accept-nth", "1"], matched: true),
])
func `run reports whether anything matched`(_ c: ExitCase) throws {
  #expect(try runFilter(Array(c.input.utf8), c.arguments).matched == c.matched)
}

// fzf 0.74.5 trims all of these from both ends when comparing lengths:
//   printf 'xaPPP\nxaaa\n' | fzf -f a   prints xaPPP first for each pad P.
@Test(arguments: [" ", "\t", "\u{A0}", "\u{3000}", "\r", "\u{0B}", "\u{0C}", "\u{2003}", "\u{85}"])
func `white space of any kind at the ends does not count toward length`(pad: String) throws {
  let padded = "xa" + pad + pad + pad
  #expect(try filter(["xaaa", padded], "a") == [padded, "xaaa"])
}

@Test func `a last item without a newline is printed with one`() throws {
  #expect(try runFilter(Array("a\nb".utf8), ["--filter", ""]).output == Array("a\nb\n".utf8))
  #expect(try runFilter(Array("a\0b".utf8), ["--filter", "", "--read0", "--print0"]).output == Array("a\0b\0".utf8))
  #expect(try runFilter(Array("a\nb".utf8), ["--filter", "", "--header-lines", "1"]).output == Array("b\n".utf8))
}
