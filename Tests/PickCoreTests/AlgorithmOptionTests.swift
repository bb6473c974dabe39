import Testing

@testable import PickCore

// `--algo=v1|v2` (fzf's hidden option): v2, the default, scores a fuzzy term
// by its best placement; v1 by its first one, shortened from its end.

private func options(_ arguments: String...) throws(OptionError) -> Options {
  try OptionParser.parse(arguments: arguments.map { Array($0.utf8) })
}

private func score(_ query: String, in item: String, _ algorithm: Options.Algorithm) -> Int32? {
  var options = Options()
  options.algorithm = algorithm
  let matcher = ItemMatcher(CompiledQuery(Array(query.utf8), options: options))
  return Array(item.utf8).withUnsafeBufferPointer { matcher.match($0)?.score }
}

@Test func `--algo takes v1 or v2 and refuses anything else`() throws {
  #expect(try options().algorithm == .v2)
  #expect(try options("--algo=v1").algorithm == .v1)
  #expect(try options("--algo", "v1", "--algo=v2").algorithm == .v2)
  #expect(throws: OptionError.self) { try options("--algo=v3") }
  do {
    _ = try options("--algo=V1")
    Issue.record("--algo=V1 was accepted")
  } catch {
    #expect(error.message == "option --algo: invalid value 'V1' (expected v1 or v2)", "\(error.message)")
  }
}

@Test func `v1 takes the first placement where v2 finds a better one later`() {
  // The first `a…b` has a gap; the later `ab` starts a word and runs on.
  let v2 = score("ab", in: "axb ab", .v2)
  let v1 = score("ab", in: "axb ab", .v1)
  #expect(v2 == score("ab", in: " ab", .v2))
  #expect(v1 == score("ab", in: "axb", .v2))
  #expect((v1 ?? 0) < (v2 ?? 0))
  // One character: v1 takes its first occurrence, v2 the one with the best bonus.
  #expect(score("a", in: "xa/a", .v1) == score("a", in: "xa", .v2))
  #expect(score("a", in: "xa/a", .v2) == score("a", in: "/a", .v2))
  // Where the first placement is the best, both agree; neither matches what is not there.
  #expect(score("ab", in: "ab_x", .v1) == score("ab", in: "ab_x", .v2))
  #expect(score("ba", in: "ab", .v1) == nil)
}

@Test func `--filter --algo=v1 ranks by the first placements`() throws {
  let items = ["axb ab", "a_b"]
  #expect(try filter(items, "ab") == ["axb ab", "a_b"])
  #expect(try filter(items, "ab") { $0.algorithm = .v1 } == ["a_b", "axb ab"])
}
