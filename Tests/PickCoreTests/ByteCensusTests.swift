import Testing

@testable import PickCore

// The ranker's block skip looks for the query character that fewest items
// hold, counted on a sample of the items (`ByteCensus`), not guessed.

@Test func `the census counts the items holding each character, either case once`() {
  let census = ByteCensus(items: [Array("git push".utf8), Array("Go get".utf8), Array("ls -la".utf8)])
  #expect(census.items(holding: UInt8(ascii: "g")) == 2)
  #expect(census.items(holding: UInt8(ascii: "G")) == 2)
  #expect(census.items(holding: UInt8(ascii: "t")) == 2)
  #expect(census.items(holding: UInt8(ascii: " ")) == 3)
  #expect(census.items(holding: UInt8(ascii: "z")) == 0)
  #expect(census.items(holding: 0xC3) == 0)
}

@Test func `the skip goes to the query character the items hold least, not the guessed rarest`() {
  // The guess ranks `g` rarer than `h`; in these items every line has a `g`.
  let compiled = CompiledQuery(Array("gh".utf8), options: Options())
  #expect(compiled.rarestRequiredCharacter?.bytes.0 == UInt8(ascii: "g"))
  let lines = (0..<20).map { Array(($0 % 4 == 0 ? "git show" : "git log").utf8) }
  let sieve = compiled.rarestRequiredCharacter(census: ByteCensus(items: lines))
  #expect(sieve?.bytes.0 == UInt8(ascii: "h"))
  // Kana, CJK and Hangul still come first: one such character is rarer than any letter.
  let cjk = CompiledQuery(Array("g写".utf8), options: Options())
  #expect(cjk.rarestRequiredCharacter(census: ByteCensus(items: lines))?.mode == .ownBytes)
}

@Test func `the ranker samples large ranges only and ranks the same either way`() throws {
  let texts = (0..<20_000).map { $0 % 5 == 0 ? "git show \($0)" : "git log \($0)" }
  let store = try makeStore(texts)
  #expect(ByteCensus(store, range: 0..<store.count, items: nil) != nil)
  #expect(ByteCensus(store, range: 0..<100, items: nil) == nil)
  let census = try #require(ByteCensus(store, range: 0..<store.count, items: nil))
  #expect(census.items(holding: UInt8(ascii: "g")) == 512)
  #expect(census.items(holding: UInt8(ascii: "h")) < 200)
  let ranker = Ranker(order: Ranker.Order())
  let query = CompiledQuery(Array("gh 5".utf8), options: Options())
  let ranked = ranker.rank(store, range: 0..<store.count, query: query)
  let expected = texts.indices.filter { texts[$0].contains("h") && texts[$0].contains("5") }
  #expect(Set((0..<ranked.count).map { ranked.itemIndex(at: $0) }) == Set(expected))
}
