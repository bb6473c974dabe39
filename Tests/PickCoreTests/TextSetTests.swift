import PickTestSupport
import Testing

@testable import PickCore

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Random texts drawn mostly from a few bytes, so that many share lengths and prefixes.
private func randomTexts(_ count: Int, _ rng: inout SeededGenerator) -> [[UInt8]] {
  let alphabet: [UInt8] = [0x61, 0x62, 0x0A, 0x00, 0xFF, 0xC3]
  return (0..<count).map { _ in
    let length = Int.random(in: 0...6, using: &rng)
    return (0..<length).map { _ in alphabet.randomElement(using: &rng) ?? 0 }
  }
}

/// Inserts `texts` through `TextSet.insert(each:)`, which takes them one at a time.
private func inserting(_ texts: [[UInt8]], into set: inout TextSet) {
  let joined = texts.flatMap { $0 }
  var ranges: [Range<Int>] = []
  for text in texts { ranges.append((ranges.last?.upperBound ?? 0)..<(ranges.last?.upperBound ?? 0) + text.count) }
  var next = 0
  joined.withUnsafeBufferPointer { buffer in
    set.insert {
      guard next < ranges.count else { return nil }
      defer { next += 1 }
      return UnsafeBufferPointer(rebasing: buffer[ranges[next]])
    }
  }
}

@Suite struct TextSetTests {
  @Test func `it holds exact bytes: no prefix, no extension, no other length`() {
    let set = TextSet([bytes("apple"), bytes(""), [0xFF, 0x00, 0x0A], bytes("app\r")])
    #expect(set.contains(bytes("apple")))
    #expect(set.contains(bytes("")))
    #expect(set.contains([0xFF, 0x00, 0x0A]))
    #expect(set.contains(bytes("app\r")))
    #expect(!set.contains(bytes("app")))
    #expect(!set.contains(bytes("apples")))
    #expect(!set.contains(bytes("Apple")))
    #expect(!set.contains([0xFF, 0x00]))
    #expect(!TextSet().contains(bytes("")))
  }

  @Test func `each text is kept once, in the order it first came`() {
    let set = TextSet([bytes("b"), bytes("a"), bytes("b"), bytes(""), bytes("a"), bytes("")])
    #expect(set.count == 3)
    #expect(set.texts == [bytes("b"), bytes("a"), bytes("")])
  }

  @Test func `many texts through many doublings are all found, and nothing else`() {
    let texts = (0..<20_000).map { bytes(String($0)) }
    let set = TextSet(texts)
    #expect(set.count == texts.count)
    #expect(texts.allSatisfy { set.contains($0) })
    #expect((20_000..<30_000).allSatisfy { !set.contains(bytes(String($0))) })
  }

  @Test func `inserting in batches gives the same set as one at a time`() {
    var rng = SeededGenerator(seed: 0x7E47_0001)
    for count in [0, 1, 15, 16, 17, 33, 1000] {
      let texts = randomTexts(count, &rng)
      var batched = TextSet()
      inserting(texts, into: &batched)
      let single = TextSet(texts)
      #expect(batched.texts == single.texts)
      let probes = randomTexts(200, &rng)
      #expect(probes.map { batched.contains($0) } == probes.map { Set(texts).contains($0) })
    }
  }

  @Test func `a reserved set takes its texts without changing what it holds`() {
    var set = TextSet([bytes("kept")])
    set.reserveCapacity(10_000)
    inserting((0..<10_000).map { bytes("t\($0)") }, into: &set)
    #expect(set.count == 10_001)
    #expect(set.contains(bytes("kept")) && set.contains(bytes("t9999")) && !set.contains(bytes("t10000")))
  }

  @Test func `forEachMember gives the members of a range in order, as the reference set does`() throws {
    var rng = SeededGenerator(seed: 0x7E47_0002)
    let members = randomTexts(300, &rng)
    let set = TextSet(members)
    let reference = Set(members)
    let store = try ItemStore(separator: 0x0A)
    let items = randomTexts(1000, &rng).filter { !$0.contains(0x0A) }
    for item in items { try store.append(item + [0x0A]) }
    try store.finish()
    for range in [0..<store.count, 5..<21, 7..<7, 100..<store.count] {
      var found: [Int] = []
      set.forEachMember(of: range, text: store.item) { found.append($0) }
      #expect(found == range.filter { reference.contains(items[$0]) })
    }
  }
}
