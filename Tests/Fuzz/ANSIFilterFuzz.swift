// Fuzzes the stripping of `--filter --ansi` (Sources/PickCore/Items/
// VisibleText.swift, Sources/CPick/include/cpick_ansi.h): the block copy
// reads and writes through raw pointers, sixteen bytes at a time.
//
// Input layout: one flag byte (bit 0: NUL separates items instead of a
// newline), one length byte and up to `maximumQuery` bytes of query, then
// the input.
//
// Invariants: each item's visible text (`VisibleText`) is what the
// picker's stream filter keeps of it (`ANSIFilter.filterItem`); the whole
// input stripped at once (`cpick_ansi_visible` with the separator, and
// `cpick_ansi_visible_by_runs`), into a buffer and in place, is what the
// stream filter keeps of it; a store that strips in parts on two threads
// holds the items of one that strips at each read; `--filter --ansi` over
// a store that keeps the sequences, and over its visible copy, prints what
// `--filter` prints over the stripped items.
import CPick

@testable import PickCore

private let maximumQuery = 6

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzANSIFilter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let separator: UInt8 = input.byte() & 1 == 0 ? 0x0A : 0
  let query = input.take(Int(input.byte()) % (maximumQuery + 1))
  let bytes = input.rest()
  checkItems(bytes, separator: separator)
  checkStream(bytes, separator: separator)
  checkFilter(bytes, query: query, separator: separator)
  return 0
}

/// The stream filter over `bytes` in place: what it keeps.
private func streamFiltered(_ bytes: [UInt8], separator: UInt8) -> [UInt8] {
  var copy = bytes
  let kept = copy.withUnsafeMutableBufferPointer { buffer in
    guard let base = buffer.baseAddress else { return 0 }
    return ANSIFilter(separator: separator, keepsColors: false).filter(base, count: buffer.count, at: 0)
  }
  return Array(copy[..<kept])
}

private func checkItems(_ bytes: [UInt8], separator: UInt8) {
  let visible = VisibleText(separator: separator)
  for item in bytes.split(separator: separator, omittingEmptySubsequences: false) {
    // Exactly the item's bytes, so that reading past them is caught.
    let exact = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: item.count)
    defer { exact.deallocate() }
    _ = exact.initialize(from: item)
    let got = Array(visible.of(UnsafeBufferPointer(exact)))
    require(got == streamFiltered(Array(item), separator: separator), "item \(escaped(Array(item)))")
  }
}

private func checkStream(_ bytes: [UInt8], separator: UInt8) {
  let out = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
  defer { out.deallocate() }
  let kept = bytes.withUnsafeBufferPointer { source in
    guard let base = out.baseAddress else { return 0 }
    return VisibleText.copy(source, to: base, separator: separator)
  }
  let got = Array(out[..<kept])
  require(got == streamFiltered(bytes, separator: separator), "input \(escaped(bytes))")
  // In place, as `--filter --ansi` strips what it reads (`ItemStore.stripsItems`).
  let inPlace = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
  defer { inPlace.deallocate() }
  _ = inPlace.initialize(from: bytes)
  let visible = cpick_ansi_visible(inPlace.baseAddress, bytes.count, inPlace.baseAddress, separator)
  require(Array(inPlace[..<visible]) == got, "in place: input \(escaped(bytes))")
  // The same run by run, as on a processor without byte shuffles (`cpick_ansi.c`).
  _ = inPlace.initialize(from: bytes)
  let byRuns = cpick_ansi_visible_by_runs(inPlace.baseAddress, bytes.count, inPlace.baseAddress, separator)
  require(Array(inPlace[..<byRuns]) == got, "in place by runs: input \(escaped(bytes))")
  let copiedByRuns = bytes.withUnsafeBufferPointer { source in
    cpick_ansi_visible_by_runs(source.baseAddress, bytes.count, out.baseAddress, separator)
  }
  require(Array(out[..<copiedByRuns]) == got, "by runs: input \(escaped(bytes))")
}

private func checkFilter(_ bytes: [UInt8], query: [UInt8], separator: UInt8) {
  do {
    let deferred = try ItemStore(
      separator: separator, byteLimit: 1 << 24, itemLimit: 1 << 16, interpretsANSI: true, keepsColors: false,
      defersStripping: true)
    try deferred.append(bytes)
    try deferred.finish()
    let colours = try ItemStore(
      separator: separator, byteLimit: 1 << 24, itemLimit: 1 << 16, interpretsANSI: true, keepsColors: false)
    try colours.append(bytes)
    try colours.finish()
    // Stripped in parts on two threads at every read (`ItemStore.stripInParts`), read in two pieces.
    let parts = try ItemStore(
      separator: separator, byteLimit: 1 << 24, itemLimit: 1 << 16, wideningOffset: Int(UInt32.max),
      interpretsANSI: true, keepsColors: false, strippedAtOnce: 1)
    try parts.append(Array(bytes[..<(bytes.count / 3)]))
    try parts.append(Array(bytes[(bytes.count / 3)...]))
    try parts.finish()
    require(
      parts.count == colours.count && (0..<parts.count).allSatisfy { parts.item($0).elementsEqual(colours.item($0)) },
      "in parts: input \(escaped(bytes))")
    let stripped = try ItemStore(separator: separator, byteLimit: 1 << 24, itemLimit: 1 << 16)
    try stripped.append(UnsafeRawBufferPointer(colours.items(0..<colours.count)))
    try stripped.finish()
    var options = Options()
    options.filter = query
    options.read0 = separator == 0
    let expected = output(options, stripped)
    options.ansi = true
    require(output(options, deferred) == expected, "query \(escaped(query)) input \(escaped(bytes))")
  } catch {
    require(false, "store: \(error)")
  }
}

private func output(_ options: Options, _ store: ItemStore) -> [UInt8] {
  final class Bytes: @unchecked Sendable { var value: [UInt8] = [] }
  let collected = Bytes()
  var sink = ResultSink(capacity: 256) { collected.value += Array($0) }
  let command = FilterCommand(options: options)
  _ = try? command.write(command.rank(store, workers: 1), store: store, into: &sink)
  return collected.value
}
