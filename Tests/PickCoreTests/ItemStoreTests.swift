import Synchronization
import Testing

@testable import PickCore

// Small limits, so that filling a store to its limit stays quick.
private let smallestByteLimit = 1 << 16
private let smallestItemLimit = 1 << 10

private func smallStore(separator: UInt8 = 0x0A) throws -> ItemStore {
  try ItemStore(separator: separator, byteLimit: smallestByteLimit, itemLimit: smallestItemLimit)
}

/// What the store must hold for `input`: the pieces between separators, and
/// the bytes after the last separator as one more item when there are any.
private func referenceItems(_ input: [UInt8], separator: UInt8) -> [[UInt8]] {
  var items = input.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
  if items.last == [] { items.removeLast() }
  return items
}

private func storedItems(_ store: ItemStore) -> [[UInt8]] {
  (0..<store.count).map { Array(store.item($0)) }
}

/// Random input drawn mostly from bytes that are interesting to a splitter.
private func randomInput(_ rng: inout SeededGenerator) -> [UInt8] {
  let interesting: [UInt8] = [0x0A, 0x0A, 0x00, 0x0D, 0x61, 0x62, 0x20, 0xFF, 0xC3, 0xA9, 0xE2, 0x80]
  let length = Int.random(in: 0...120, using: &rng)
  return (0..<length).map { _ in
    Bool.random(using: &rng) ? interesting.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
  }
}

@Test func `any split of the input into chunks gives the same items as one append`() throws {
  var rng = SeededGenerator(seed: 0x1735_0001)
  for trial in 0..<500 {
    let separator: UInt8 = Bool.random(using: &rng) ? 0x0A : 0x00
    let input = randomInput(&rng)
    let expected = referenceItems(input, separator: separator)

    let whole = try smallStore(separator: separator)
    try whole.append(input)
    try whole.finish()
    #expect(storedItems(whole) == expected, "trial \(trial): one append")

    // Random `append` chunks, some of them empty.
    let appended = try smallStore(separator: separator)
    var offset = 0
    while offset < input.count {
      let n = min(Int.random(in: 0...9, using: &rng), input.count - offset)
      try appended.append(Array(input[offset..<offset + n]))
      offset += n
      // Items already complete are readable while input keeps arriving.
      let complete = input[..<offset].filter { $0 == separator }.count
      #expect(appended.count == complete, "trial \(trial): count while streaming")
      #expect(appended.byteCount == offset)
    }
    try appended.finish()
    #expect(storedItems(appended) == expected, "trial \(trial): appends")

    // `tail`/`commit` as a reader uses them: a random room, partly written (1 byte and 0 bytes included).
    let committed = try smallStore(separator: separator)
    offset = 0
    while offset < input.count {
      let room = try committed.tail(maximum: Int.random(in: 1...8, using: &rng))
      let n = min(Int.random(in: 0...room.count, using: &rng), input.count - offset)
      room.copyMemory(from: UnsafeRawBufferPointer(rebasing: input.withUnsafeBytes { $0 }[offset..<offset + n]))
      try committed.commit(n)
      offset += n
    }
    try committed.finish()
    #expect(storedItems(committed) == expected, "trial \(trial): tail and commit")
  }
}

@Test func `the last item needs no separator`() throws {
  let store = try smallStore()
  try store.append(Array("one\ntwo".utf8))
  #expect(store.count == 1)
  try store.finish()
  #expect(storedItems(store) == [Array("one".utf8), Array("two".utf8)])
}

@Test func `finish is idempotent`() throws {
  let store = try smallStore()
  try store.append(Array("a\nb".utf8))
  try store.finish()
  try store.finish()
  #expect(store.count == 2)
  #expect(store.isFinished)
}

@Test func `empty input has no items`() throws {
  let store = try smallStore()
  try store.append([])
  try store.finish()
  #expect(store.count == 0)
  #expect(store.items(0..<0).count == 0)
}

@Test(arguments: [1, 2, 5, 100])
func `only separators give that many empty items`(separators: Int) throws {
  let store = try smallStore()
  try store.append([UInt8](repeating: 0x0A, count: separators))
  try store.finish()
  #expect(store.count == separators)
  #expect(storedItems(store).allSatisfy { $0.isEmpty })
}

@Test func `with read0 NUL ends items and newlines stay inside them`() throws {
  let store = try smallStore(separator: 0)
  try store.append(Array("a\nb\0\n\0c\r\n\0\0last\n".utf8))
  try store.finish()
  #expect(storedItems(store) == ["a\nb", "\n", "c\r\n", "", "last\n"].map { Array($0.utf8) })
}

@Test func `CR and invalid UTF-8 are kept as they came`() throws {
  let store = try smallStore()
  try store.append([0x61, 0x0D, 0x0A, 0xFF, 0xC3, 0x0A, 0x00, 0x0D])
  try store.finish()
  #expect(storedItems(store) == [[0x61, 0x0D], [0xFF, 0xC3], [0x00, 0x0D]])
}

@Test func `items over a range are the contiguous bytes with their separators`() throws {
  var rng = SeededGenerator(seed: 0x1735_0002)
  for trial in 0..<200 {
    let separator: UInt8 = Bool.random(using: &rng) ? 0x0A : 0x00
    let input = randomInput(&rng)
    let store = try smallStore(separator: separator)
    try store.append(input)
    try store.finish()
    let items = referenceItems(input, separator: separator)
    guard !items.isEmpty else { continue }
    let lower = Int.random(in: 0...items.count, using: &rng)
    let upper = Int.random(in: lower...items.count, using: &rng)
    // The last item without a separator gets a virtual one, so it reads like the others.
    let expected = items[lower..<upper].flatMap { $0 + [separator] }
    #expect(Array(store.items(lower..<upper)) == expected, "trial \(trial): \(lower)..<\(upper)")
  }
}

@Test func `small limits are reserved as asked`() throws {
  let store = try ItemStore(separator: 0x0A, byteLimit: 4096, itemLimit: 16)
  #expect(store.byteLimit == 4096)
  #expect(store.itemLimit == 16)
}

@Test func `the smallest limits are honoured as given`() throws {
  let store = try smallStore()
  #expect(store.byteLimit == smallestByteLimit)
  #expect(store.itemLimit == smallestItemLimit)
}

@Test func `more items than the item limit throws full`() throws {
  let store = try smallStore()
  try store.append([UInt8](repeating: 0x0A, count: smallestItemLimit))
  #expect(store.count == smallestItemLimit)
  #expect(throws: ItemStore.Failure.full(limit: smallestByteLimit, itemLimit: smallestItemLimit)) {
    try store.append([0x0A])
  }
  #expect(store.count == smallestItemLimit)
}

@Test func `a long input committed at once splits exactly, around every 64-byte block edge`() throws {
  // `commit` finds separators 64 bytes a step: dense, sparse and absent
  // separators, and lengths around whole blocks.
  var rng = SeededGenerator(seed: 0x1735_0064)
  for trial in 0..<300 {
    let separator: UInt8 = trial % 3 == 0 ? 0x00 : 0x0A
    let length = [63, 64, 65, 127, 128, 129, Int.random(in: 0...2000, using: &rng)][trial % 7]
    let density = [1, 2, 7, 64, 1 << 20][trial % 5]
    let input = (0..<length).map { _ in
      Int.random(in: 0..<density, using: &rng) == 0 ? separator : UInt8.random(in: 0...255, using: &rng)
    }
    let store = try ItemStore(separator: separator, byteLimit: 1 << 16, itemLimit: 1 << 12)
    try store.append(input)
    try store.finish()
    #expect(storedItems(store) == referenceItems(input, separator: separator), "trial \(trial)")
  }
}

@Test func `a block of separators past the item limit keeps exactly the limit`() throws {
  let store = try smallStore()
  // The limit is reached in the middle of a 64-byte block.
  #expect(throws: ItemStore.Failure.full(limit: smallestByteLimit, itemLimit: smallestItemLimit)) {
    try store.append([UInt8](repeating: 0x0A, count: smallestItemLimit + 100))
  }
  #expect(store.count == smallestItemLimit)
  #expect(store.item(smallestItemLimit - 1).isEmpty)
}

@Test func `an unterminated last item past the item limit throws full at finish`() throws {
  let store = try smallStore()
  try store.append([UInt8](repeating: 0x0A, count: smallestItemLimit) + [0x61])
  #expect(throws: ItemStore.Failure.full(limit: smallestByteLimit, itemLimit: smallestItemLimit)) {
    try store.finish()
  }
}

@Test func `more bytes than the byte limit throws full and keeps what was stored`() throws {
  let store = try smallStore()
  // One byte of the arena stays spare for the virtual separator.
  var line = [UInt8](repeating: 0x61, count: 1023)
  line.append(0x0A)
  var stored = 0
  while stored + line.count <= smallestByteLimit - 1 {
    try store.append(line)
    stored += line.count
  }
  let failure = #expect(throws: ItemStore.Failure.self) {
    try store.append(line)
  }
  #expect(failure == .full(limit: smallestByteLimit, itemLimit: smallestItemLimit))
  #expect(store.byteCount == smallestByteLimit - 1)
  #expect(throws: ItemStore.Failure.self) { _ = try store.tail(maximum: 1) }
  try store.finish()
  #expect(store.count == stored / line.count + 1)
  #expect(Array(store.item(0)) == Array(line.dropLast()))
  // The partial last line became an item of what fitted.
  #expect(store.item(store.count - 1).count == line.count - 1)
}

@Test func `a full store states its real limit in units a person reads`() {
  #expect(ItemStore.Failure.size(64 << 30) == "64 GiB")
  #expect(ItemStore.Failure.size(3 << 29) == "1.5 GiB")
  #expect(ItemStore.Failure.size(200_000 << 10) == "195 MiB")
  #expect(ItemStore.Failure.size(900 << 10) == "900 KiB")
  #expect(ItemStore.Failure.size(1_023) == "1023 bytes")
  // Never overstated: just under 2 GiB is not "2 GiB".
  #expect(ItemStore.Failure.size((2 << 30) - 1) == "1.9 GiB")
  let full = ItemStore.Failure.full(limit: 300 << 20, itemLimit: 1000)
  #expect(full.description == "input too large: pick holds at most 300 MiB and 1000 items")
  #expect(!full.description.contains("0 GiB"))
}

/// `commitInSlices` (a mapped file's split on several threads) must find the
/// items `commit` finds, wherever the slices cut, on any number of threads.
@Suite struct ItemStoreSliceTests {
  @Test(arguments: [1, 2, 3, 7])
  func `splitting in slices gives the items of one commit`(workers: Int) throws {
    var generator = SeededGenerator(seed: UInt64(workers))
    for trial in 0..<40 {
      let count = Int.random(in: 0...3000, using: &generator)
      // Separators dense, sparse or absent, so that slices hold many, one or no items.
      let density = [2, 30, 5000, 1 << 30][trial % 4]
      var input = (0..<count).map { _ in
        Int.random(in: 0..<density, using: &generator) == 0 ? UInt8(0x0A) : UInt8(ascii: "x")
      }
      // Every third input has one byte that is not ASCII, in any slice.
      if trial % 3 == 0 && count > 0 { input[Int.random(in: 0..<count, using: &generator)] = 0xE9 }
      let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 16, itemLimit: 1 << 13)
      let room = try store.tail(maximum: input.count + 1)
      input.withUnsafeBytes { room.copyMemory(from: $0) }
      let seen = Mutex<[Range<Int>]>([])
      try store.commitInSlices(input.count, workers: workers) { range in seen.withLock { $0.append(range) } }
      try store.finish()
      #expect(store.byteCount == input.count)
      let items = (0..<store.count).map { Array(store.item($0)) }
      #expect(items == referenceItems(input, separator: 0x0A), "trial \(trial)")
      #expect(store.isASCII == !input.contains { $0 >= 0x80 }, "trial \(trial)")
      // Every byte was handed to `done` once, after it was split.
      let covered = seen.withLock { $0.sorted { $0.lowerBound < $1.lowerBound } }
      #expect(covered.reduce(0) { $0 + $1.count } == input.count)
      #expect(zip(covered, covered.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    }
  }

  /// Each slice's starts move down as soon as the slices before it are in
  /// place, while later slices are still being split, and the table's
  /// pages they leave are given back: slices of many pages of starts, up
  /// to an input of empty lines (as many starts as bytes, so a slice's new
  /// place overlaps where the slice before it wrote its own).
  @Test(arguments: [2, 3, 7])
  func `slices of many pages of starts move into place`(workers: Int) throws {
    var generator = SeededGenerator(seed: UInt64(100 + workers))
    for density in [1, 2, 9, 70] {
      let count = Int.random(in: 150_000...260_000, using: &generator)
      let input = (0..<count).map { _ in
        Int.random(in: 0..<density, using: &generator) == 0 ? UInt8(0x0A) : UInt8(ascii: "z")
      }
      let store = try ItemStore(separator: 0x0A, byteLimit: 1 << 19, itemLimit: 1 << 19)
      let room = try store.tail(maximum: input.count + 1)
      input.withUnsafeBytes { room.copyMemory(from: $0) }
      try store.commitInSlices(input.count, workers: workers) { _ in }
      try store.finish()
      // Compared as one Bool: a failing comparison of arrays this large is slow to describe.
      let same = (0..<store.count).map { Array(store.item($0)) } == referenceItems(input, separator: 0x0A)
      #expect(same, "density \(density)")
    }
  }

  @Test func `a store knows whether every item so far is ASCII`() throws {
    let store = try ItemStore(separator: 0x0A)
    try store.append(Array("abc\ndef\n".utf8))
    #expect(store.isASCII)
    try store.append(Array("caf\u{E9}\n".utf8))
    #expect(!store.isASCII)
    try store.append(Array("x\n".utf8))
    #expect(!store.isASCII)
  }

  /// A slice's starts are first written at its byte offsets, so a table with
  /// fewer entries than the input has bytes is split in parts that fit it.
  @Test func `an input larger than the table's entries is split in parts`() throws {
    var generator = SeededGenerator(seed: 9)
    let input = (0..<(5 << 19)).map { _ in
      Int.random(in: 0..<30, using: &generator) == 0 ? UInt8(0x0A) : UInt8(ascii: "y")
    }
    let store = try ItemStore(separator: 0x0A, byteLimit: 4 << 20, itemLimit: (1 << 20) + 200_000)
    let room = try store.tail(maximum: input.count + 1)
    input.withUnsafeBytes { room.copyMemory(from: $0) }
    let parts = Mutex(0)
    try store.commitInSlices(input.count, workers: 2) { _ in parts.withLock { $0 += 1 } }
    try store.finish()
    #expect(parts.withLock { $0 } > 4)
    let items = (0..<store.count).map { Array(store.item($0)) }
    #expect(items == referenceItems(input, separator: 0x0A))
  }
}

/// `firstItem(in:endingAfter:)` (where the ranker's skip resumes) finds what
/// stepping item by item finds, for every byte and range.
@Test func `the first item ending past a byte is the one a walk finds`() throws {
  var generator = SeededGenerator(seed: 21)
  let lines = (0..<300).map { _ in String(repeating: "x", count: Int.random(in: 0...12, using: &generator)) }
  let store = try ItemStore(separator: 0x0A)
  try store.append(Array((lines.joined(separator: "\n") + "\n").utf8))
  try store.finish()
  for _ in 0..<2000 {
    let lower = Int.random(in: 0...store.count, using: &generator)
    let range = lower..<Int.random(in: lower...store.count, using: &generator)
    let byte = Int.random(in: 0...store.byteCount + 2, using: &generator)
    let walked = range.first { store.arenaOffset(of: $0 + 1) > byte } ?? range.upperBound
    #expect(store.firstItem(in: range, endingAfter: byte) == walked, "\(range) \(byte)")
  }
}
