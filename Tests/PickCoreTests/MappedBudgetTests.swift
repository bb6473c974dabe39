import Testing

@testable import PickCore

#if canImport(Glibc)
  import Glibc
#endif

// How much of a mapped file stays mapped once read (`MappedBudget`): a
// file of at most `keptWhole` bytes stays whole; past that the picker keeps
// pages only when the input is large enough for its own state and reserve
// to leave room within 1.3 times the input; a budget with room for
// everything keeps every whole page; no budget keeps none. The items
// read the same whichever pages are let go of.

/// A temporary file of `lines` lines of 40 bytes, mapped into a new store under `budget`.
private func mappedStore(lines: Int, budget: MappedBudget?) throws -> (store: ItemStore, bytes: [UInt8]) {
  var bytes: [UInt8] = []
  for line in 0..<lines { bytes += Array("line \(line) ".utf8) + [UInt8](repeating: 0x61, count: 30) + [0x0A] }
  var template = Array("/tmp/pick-budget-XXXXXX".utf8CString)
  let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
  try #require(fd >= 0)
  defer {
    close(fd)
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
  }
  let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
  try #require(written == bytes.count)
  let store = try ItemStore(separator: 0x0A)
  store.mappedBudget = budget
  try #require(try store.mapFile(fd, offset: 0, length: bytes.count))
  try store.finish()
  return (store, bytes)
}

@Test func `a budget with room for the whole file keeps every whole page mapped`() throws {
  let roomy = MappedBudget(footprint: 1_000_000, bytesPerItem: 0, reserve: 0)
  let (store, bytes) = try mappedStore(lines: 60_000, budget: roomy)
  #expect(store.keptMappedEnd == store.mappedBytes)
  #expect(store.mappedBytes > bytes.count - 8192)
  store.releaseMapped(0..<store.count)
  #expect(store.count == 60_000)
  let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { Array($0) }
  #expect((0..<store.count).map { Array(store.item($0)) } == lines)
}

@Test func `an input too small to leave room is kept whole up to keptWhole, and nothing past it`() throws {
  // 2.4 MB: 1.3 times it is less than the picker's reserve alone, but
  // releasing it would save less than the passes lose mapping it again.
  let (small, _) = try mappedStore(lines: 60_000, budget: .picker)
  #expect(small.keptMappedEnd == small.mappedBytes)
  // 21 MB of lines of about 40 bytes: past `keptWhole`, and the picker's 40 bytes an
  // item and its reserve leave no room in 1.3 times it.
  let (large, bytes) = try mappedStore(lines: 500_000, budget: .picker)
  #expect(bytes.count > MappedBudget.keptWhole)
  #expect(large.keptMappedEnd == 0)
  large.releaseMapped(0..<large.count)
  #expect(Array(large.item(499_999)) == Array("line 499999 ".utf8) + [UInt8](repeating: 0x61, count: 30))
}

@Test func `no budget keeps nothing mapped, and the items read the same`() throws {
  let (store, bytes) = try mappedStore(lines: 60_000, budget: nil)
  #expect(store.keptMappedEnd == 0)
  store.releaseMapped(0..<store.count)
  let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { Array($0) }
  #expect((0..<store.count).map { Array(store.item($0)) } == lines)
}

@Test func `a sparse list over a mapped file is cut into tasks spanning as much as consecutive ones`() {
  // One item in 20 over 60,000: 8,192 list items would span most of the list.
  let list = Array(stride(from: 3, to: 60_000, by: 20))
  let spanned = list[list.count - 1] - list[0] + 1
  #expect(Ranker.listTaskSize(8192, list: list, positions: 0..<list.count) == 8192 * list.count / spanned)
  // Dense lists keep the whole task; very sparse ones the floor.
  let dense = Array(0..<20_000)
  #expect(Ranker.listTaskSize(8192, list: dense, positions: 0..<dense.count) == 8192)
  let sparse = Array(stride(from: 0, to: 10_000_000, by: 10_000))
  #expect(Ranker.listTaskSize(8192, list: sparse, positions: 0..<sparse.count) == SearchTunables.listTaskFloor)
  // The span of the positions asked for, not of the whole list.
  #expect(Ranker.listTaskSize(8192, list: sparse + dense.map { $0 + 20_000_000 }, positions: 1000..<21_000) == 8192)
}

@Test func `a list ranked over a mapped file in small tasks gives what the same list gives in memory`() throws {
  let (mapped, bytes) = try mappedStore(lines: 60_000, budget: nil)
  let read = try ItemStore(separator: 0x0A)
  try read.append(bytes)
  try read.finish()
  let list = Array(stride(from: 3, to: 60_000, by: 37))
  let query = CompiledQuery(QueryParser().parse(Array("ine 12".utf8)), scheme: .default)
  var ranker = Ranker(order: .init(), workers: 2)
  ranker.taskSize = 512
  #expect(Ranker.listTaskSize(ranker.taskSize, list: list, positions: 0..<list.count) < ranker.taskSize)
  let fromFile = ranker.rank(mapped, items: list, query: query)
  let fromMemory = ranker.rank(read, items: list, query: query)
  #expect(fromFile.count > 10)
  #expect(fromFile.count == fromMemory.count)
  let same = (0..<fromFile.count).allSatisfy { fromFile.itemIndex(at: $0) == fromMemory.itemIndex(at: $0) }
  #expect(same)
}
