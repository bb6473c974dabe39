import CPick
import Glibc
import Synchronization

/// All items of one input: their bytes in one arena, and where each starts.
///
/// The arena and the offset table are reservations of address space that the
/// kernel backs with memory only as it is written, so neither ever moves or
/// copies: matcher threads may read items that are already stored while input
/// keeps arriving, and a million items cost their bytes plus four bytes each
/// (no `String`, no array per item). Offsets are 32-bit while the input is
/// under 4 GiB; past that the items that follow get 64-bit offsets.
///
/// **One writer, readers below a count.** One thread (the one reading the
/// input) appends and finishes; no other thread calls a mutating method or
/// reads `count`, `byteCount` or `isFinished`. Other threads (the search
/// thread and the workers it starts) read only items below a count they were
/// given by the writer through a lock or a thread start (a search request
/// carries its range), which makes those items' bytes and offsets visible to
/// them. Nothing a reader may use is ever moved, changed or freed while the
/// store lives, so readers take no lock.
///
/// Item `i` spans `starts[i] ..< starts[i + 1] - 1`: every item is followed by
/// its separator, and an input whose last item has no separator gets a virtual
/// one when it ends. Bytes are kept exactly as they came; what an item means
/// for matching (a trailing CR ignored, fields) is decided elsewhere.
public final class ItemStore: @unchecked Sendable {
  /// Why an item could not be stored.
  public enum Failure: Error, Equatable, Sendable {
    /// The address space could not be reserved (for example under strict overcommit).
    case cannotReserve(bytes: Int)
    /// The input is larger than the reservation: `limit` bytes or `itemLimit` items.
    case full(limit: Int, itemLimit: Int)
  }

  /// The byte that ends an item: `\n`, or NUL with `--read0`.
  public let separator: UInt8
  /// Most bytes the arena can hold (the documented input limit).
  public let byteLimit: Int
  /// Most items the offset table can hold.
  public let itemLimit: Int
  /// `--ansi`: strips escape sequences from what is committed and keeps
  /// their colours (`ItemStore+Colors.swift`); `nil` keeps bytes as they came.
  let ansiFilter: ANSIFilter?
  /// `--filter --ansi` stripping as it reads: no colours to keep, so each
  /// item is stripped whole once its separator has come (`commit`), in C
  /// sixty-four bytes at a time (`cpick_ansi_visible`), instead of a byte
  /// at a time through `ANSIFilter`'s states; the bytes of the item still
  /// arriving stay as they came until then.
  let stripsItems: Bool
  /// `stripsItems`: how many bytes read wait, as they came, before their
  /// whole items are stripped, in parts on several threads
  /// (`stripInParts`): enough that starting the threads costs little
  /// beside the stripping (lower in tests). `nil`: the items each read
  /// completes are stripped at once on the reading thread; a pipe's writer
  /// runs meanwhile, on the other core (Performance.md, "--ansi").
  let strippedAtOnce: Int?
  /// What `strippedAtOnce` is for input read in parts.
  static let strippedInParts = 4 << 20
  /// `--filter --ansi`: items are kept as they came, escape sequences and
  /// all, and stripped only when matched or printed (`VisibleText`), so the
  /// input is mapped and split like plain input. Whoever reads an item's
  /// text must read it through `VisibleText`.
  public let holdsEscapes: Bool

  let arena: UnsafeMutablePointer<UInt8>
  // Widening while readers read. The starts below `wideFrom` live in
  // `narrowStarts`, those from `wideFrom` on in `wideStarts`; widening writes
  // the new table and then moves `wideFrom` down from `Int.max` to the first
  // item that needs it, and changes no entry of either table that was
  // written before, nor frees one before `deinit`. A reader that was given
  // its count after the widening sees both (the lock that handed it the
  // count orders them). A reader that was given its count before uses only
  // starts that were written before, all below the new `wideFrom`: whichever
  // `wideFrom` it loads, it reads the narrow table, unchanged. `wideFrom` is
  // atomic only so that loading it while it changes is defined; a relaxed
  // load is a plain load, so reading an offset costs what it did.
  /// Item starts below `wideFrom`, each fitting in 32 bits.
  private let narrowStarts: UnsafeMutablePointer<UInt32>
  /// Item starts from `wideFrom` on (`nil` until the input passes `wideningOffset`).
  private var wideStarts: UnsafeMutablePointer<Int>? = nil
  /// The first item whose start is in `wideStarts` (`Int.max` until there is one).
  private let wideFrom = Atomic<Int>(.max)
  /// The largest start the narrow table takes: `UInt32.max`, lower in tests.
  private let wideningOffset: Int
  /// Whether a byte that is not ASCII has been stored (noted by the split,
  /// which reads every byte anyway). It only ever turns true, and turns
  /// true before the items holding the byte are counted: a reader given
  /// its count through a lock that sees `false` knows that every item
  /// below that count is ASCII (`isASCII`).
  private let holdsNonASCII = Atomic<Bool>(false)
  /// Bytes stored so far.
  public private(set) var byteCount = 0
  /// Complete items so far.
  public private(set) var count = 0
  /// Whether `finish()` has been called: no more bytes will come.
  public private(set) var isFinished = false
  /// Whether some of the items are a mapped file's pages (`mapFile`).
  public internal(set) var isMapped = false
  /// The end of the mapped file's whole pages (`ItemStore+Mapping.swift`):
  /// the bytes before it may be let go of; 0 when nothing was mapped.
  var mappedEnd = 0
  /// The mapped file's pages before this stay mapped once read
  /// (`mappedBudget`); 0: every page is let go of.
  var keptMappedEnd = 0
  /// Within what footprint a mapped file's pages stay mapped once read
  /// (`ItemStore+Mapping.swift`); `nil`: every page is let go of once read.
  public var mappedBudget: MappedBudget?

  /// Reserves room for `byteLimit` bytes and `itemLimit` items. The defaults
  /// (64 GiB, 2^31 items) cost address space only. `interpretsANSI`: `--ansi`;
  /// `keepsColors: false` only drops the sequences, each item whole
  /// (`stripsItems`: `--filter` draws nothing);
  /// `defersStripping` keeps them in the items instead, and no colours
  /// (`holdsEscapes`); `stripsInParts`: items to strip are stripped
  /// `strippedInParts` bytes at a time on several threads (a regular
  /// file, which no writer feeds).
  public convenience init(
    separator: UInt8, byteLimit: Int = 64 << 30, itemLimit: Int = 1 << 31, interpretsANSI: Bool = false,
    keepsColors: Bool = true, defersStripping: Bool = false, stripsInParts: Bool = false
  ) throws(Failure) {
    try self.init(
      separator: separator, byteLimit: byteLimit, itemLimit: itemLimit,
      wideningOffset: Int(UInt32.max), interpretsANSI: interpretsANSI, keepsColors: keepsColors,
      defersStripping: defersStripping, strippedAtOnce: stripsInParts ? Self.strippedInParts : nil)
  }

  /// The arena's first bytes, kept in ordinary pages: most inputs are
  /// small (`git branch | pick`), and reading in large ones is about as
  /// fast without huge pages for their first 2 MiB.
  static let smallPagesFirst = 2 << 20

  /// A store whose offsets widen past `wideningOffset`, and that strips
  /// `strippedAtOnce` bytes at once (tests make both small).
  init(
    separator: UInt8, byteLimit: Int, itemLimit: Int, wideningOffset: Int, interpretsANSI: Bool = false,
    keepsColors: Bool = true, defersStripping: Bool = false, strippedAtOnce: Int? = nil
  ) throws(Failure) {
    precondition(wideningOffset <= Int(UInt32.max), "narrow offsets are 32-bit")
    self.separator = separator
    self.strippedAtOnce = strippedAtOnce
    holdsEscapes = interpretsANSI && defersStripping
    stripsItems = interpretsANSI && !defersStripping && !keepsColors
    ansiFilter = interpretsANSI && !defersStripping && keepsColors ? ANSIFilter(separator: separator) : nil
    self.wideningOffset = wideningOffset
    var bytes = byteLimit
    var arena = cpick_reserve(bytes)
    // Shrink the reservation when the system refuses a large one (strict overcommit).
    while arena == nil && bytes > 1 << 26 {
      bytes /= 4
      arena = cpick_reserve(bytes)
    }
    guard let arena else { throw .cannotReserve(bytes: byteLimit) }
    var items = itemLimit
    var starts = cpick_reserve((items + 1) * MemoryLayout<UInt32>.stride)
    while starts == nil && items > 1 << 20 {
      items /= 4
      starts = cpick_reserve((items + 1) * MemoryLayout<UInt32>.stride)
    }
    guard let starts else {
      cpick_release(arena, bytes)
      throw .cannotReserve(bytes: itemLimit * MemoryLayout<UInt32>.stride)
    }
    // Huge pages past the first ones only: a few lines would otherwise
    // fault in, and zero, a whole 2 MiB page (2 MiB of a ten-line run's
    // peak, and the time to clear it; Docs/Performance.md, "Start-up").
    let small = min(bytes, Self.smallPagesFirst)
    cpick_advise_small_pages(arena, small)
    if bytes > small { cpick_advise_hugepage(arena + small, bytes - small) }
    self.byteLimit = bytes
    self.itemLimit = items
    self.arena = arena.assumingMemoryBound(to: UInt8.self)
    narrowStarts = starts.assumingMemoryBound(to: UInt32.self)
    narrowStarts[0] = 0
  }

  deinit {
    if isMapped { cpick_unguard_mapping(arena) }
    cpick_release(arena, byteLimit)
    cpick_release(narrowStarts, (itemLimit + 1) * MemoryLayout<UInt32>.stride)
    if let wideStarts { cpick_release(wideStarts, (itemLimit + 1) * MemoryLayout<Int>.stride) }
  }

  /// Whether every item stored so far, or below the count a reader was
  /// given, is ASCII: the ranker's skip then needs no test for the lead
  /// bytes of characters that fold to ASCII. (Inputs past 4 GiB, split
  /// without the block scan, count as not ASCII.)
  public var isASCII: Bool { !holdsNonASCII.load(ordering: .relaxed) }

  /// Notes a byte that is not ASCII, before the items holding it are counted.
  private func noteNonASCII(_ seen: Int32) {
    if seen != 0 && !holdsNonASCII.load(ordering: .relaxed) { holdsNonASCII.store(true, ordering: .releasing) }
  }

  /// Where item `index` starts (`index == count` gives one past the last separator).
  @inline(__always)
  private func start(_ index: Int) -> Int {
    if index < wideFrom.load(ordering: .relaxed) { return Int(narrowStarts[index]) }
    return wideStarts.unsafelyUnwrapped[index]
  }

  /// Records where item `index` starts, widening the table when the offset needs it.
  private func setStart(_ index: Int, _ offset: Int) throws(Failure) {
    if let wideStarts {
      wideStarts[index] = offset
    } else if offset <= wideningOffset {
      narrowStarts[index] = UInt32(truncatingIfNeeded: offset)
    } else {
      let bytes = (itemLimit + 1) * MemoryLayout<Int>.stride
      guard let wide = cpick_reserve(bytes) else { throw .cannotReserve(bytes: bytes) }
      let table = wide.assumingMemoryBound(to: Int.self)
      // Entries below `index` stay in the narrow table (see `wideFrom`): no copy.
      table[index] = offset
      wideStarts = table
      wideFrom.store(index, ordering: .releasing)
    }
  }

  /// Free room at the end of the arena to read into directly (no copy), at most `maximum` bytes.
  /// Call `commit(_:)` with the number of bytes written.
  public func tail(maximum: Int) throws(Failure) -> UnsafeMutableRawBufferPointer {
    // Keep one byte spare for the virtual separator that `finish()` may add.
    let room = min(maximum, byteLimit - byteCount - 1)
    guard room > 0 else { throw .full(limit: byteLimit, itemLimit: itemLimit) }
    return UnsafeMutableRawBufferPointer(start: arena + byteCount, count: room)
  }

  /// Takes `written` bytes placed at `tail(maximum:)` and splits off the items they complete.
  public func commit(_ written: Int) throws(Failure) {
    precondition(written >= 0 && byteCount + written < byteLimit, "commit beyond the tail")
    var scanFrom = byteCount
    var written = ansiFilter?.filter(arena + byteCount, count: written, at: byteCount) ?? written
    if stripsItems { (scanFrom, written) = stripCompleted(written) }
    byteCount = scanFrom + written
    try split(from: scanFrom)
  }

  /// Splits off the items that the bytes from `scanFrom` to `byteCount` complete.
  private func split(from scanFrom: Int) throws(Failure) {
    let written = byteCount - scanFrom
    if wideStarts == nil && byteCount <= wideningOffset {
      // Every start fits the narrow table: the block scan writes them.
      var (scanned, nonASCII) = (0, Int32(0))
      let found = cpick_separator_starts(
        arena + scanFrom, written, separator, UInt32(truncatingIfNeeded: scanFrom),
        narrowStarts + count + 1, itemLimit - count, &scanned, &nonASCII)
      noteNonASCII(nonASCII)
      count += found
      if scanned < written { throw .full(limit: byteLimit, itemLimit: itemLimit) }
      return
    }
    noteNonASCII(1)
    var cursor = arena + scanFrom
    let end = arena + byteCount
    while cursor < end {
      guard let hit = memchr(cursor, Int32(separator), end - cursor) else { break }
      let separatorAt = hit.assumingMemoryBound(to: UInt8.self)
      guard count < itemLimit else { throw .full(limit: byteLimit, itemLimit: itemLimit) }
      count += 1
      try setStart(count, separatorAt - arena + 1)
      cursor = separatorAt + 1
    }
  }

  /// `commit(_:)` for `written` bytes that are all in place at once (a mapped
  /// file), split on `workers` threads in slices of about 4 MiB, in one
  /// pass over the bytes (`splitInPlace`). `done` is called with each
  /// slice's bytes once they are split. Falls back to `commit`, 4 MiB at a
  /// time, on one thread or where slices cannot work alone: `--ansi`
  /// stripped as it is read (it rewrites bytes), offsets past the narrow
  /// table, or too little room left in the table for a slice's starts.
  func commitInSlices(
    _ written: Int, workers: Int, done: @escaping @Sendable (Range<Int>) -> Void
  ) throws(Failure) {
    let end = byteCount + written
    precondition(written >= 0 && end < byteLimit, "commit beyond the tail")
    let sliced = ansiFilter == nil && !stripsItems && wideStarts == nil && end <= wideningOffset && workers > 1
    while byteCount < end {
      // A part's starts are first written at its bytes' offsets (`splitInPlace`):
      // a table with fewer free entries than the input has bytes takes it in parts.
      let (left, room) = (end - byteCount, itemLimit - count)
      if sliced && room >= min(left, 1 << 20) {
        splitInPlace(min(left, room), workers: workers, done: done)
      } else {
        let from = byteCount
        let n = min(left, 4 << 20)
        try commit(n)
        done(from..<from + n)
      }
    }
  }

  /// Splits the next `length` bytes on `workers` threads in one pass. Each
  /// slice writes its starts where they would go if every byte before it
  /// were a separator (entry `count + 1` plus the slice's offset, which no
  /// other slice reaches: a slice of `n` bytes has at most `n` items); then
  /// its starts move down behind those of the slices before it, as soon as
  /// those are in place (`SliceCompaction`), and the table's pages they
  /// leave are given back. A slice's new place ends at most where the next
  /// slice's own starts begin (the starts before it are at most the bytes
  /// before it), so it moves while later slices are still being split.
  /// (A first pass that counted each slice's separators, to write the
  /// starts in place at once, read every byte twice and mapped a file's
  /// pages twice.) The caller checks that the table has `length` free entries.
  private func splitInPlace(_ length: Int, workers: Int, done: @escaping @Sendable (Range<Int>) -> Void) {
    let (from, first) = (byteCount, count + 1)
    let slices = max(workers, length / (4 << 20))
    let bounds = (0...slices).map { length / slices * $0 + ($0 == slices ? length % slices : 0) }
    let (arena, starts, separator) = (UnsafeSendable(arena), UnsafeSendable(narrowStarts), separator)
    let compaction = SliceCompaction(slices: slices)
    var nonASCII = [Int32](repeating: 0, count: slices)
    nonASCII.withUnsafeMutableBufferPointer { nonASCII in
      let nonASCII = UnsafeSendable(nonASCII)
      Parallel.run(tasks: slices, workers: workers) { slice, _ in
        let (lower, upper) = (bounds[slice], bounds[slice + 1])
        var scanned = 0
        let found = cpick_separator_starts(
          arena.value + from + lower, upper - lower, separator, UInt32(truncatingIfNeeded: from + lower),
          starts.value + first + lower, upper - lower, &scanned, &nonASCII.value[slice])
        done(from + lower..<from + upper)
        compaction.split(slice, found: found) { slice, destination, count in
          Self.move(starts.value + first, count: count, from: bounds[slice], to: destination)
        }
      }
    }
    noteNonASCII(nonASCII.contains { $0 != 0 } ? 1 : 0)
    let total = compaction.total
    cpick_discard(narrowStarts + first + total, (length - total) * MemoryLayout<UInt32>.stride)
    count += total
    byteCount = from + length
  }

  /// Moves `count` starts of `table` from entry `source` down to entry
  /// `destination` and gives back the whole pages they leave.
  private static func move(_ table: UnsafeMutablePointer<UInt32>, count: Int, from source: Int, to destination: Int) {
    guard source != destination, count > 0 else { return }
    memmove(table + destination, table + source, count * MemoryLayout<UInt32>.stride)
    let left = max(destination + count, source)
    cpick_discard(table + left, (source + count - left) * MemoryLayout<UInt32>.stride)
  }

  /// `stripsItems`: once the bytes read since the last strip reach
  /// `strippedAtOnce` (at each read when `nil`), strips the whole items
  /// among them in place, with the bytes of the item still arriving moved
  /// down behind them. Returns where the bytes to split start and how many
  /// there are: none while the bytes wait (nothing is split before it is
  /// stripped).
  private func stripCompleted(_ written: Int) -> (from: Int, count: Int) {
    let (first, end) = (start(count), byteCount + written)
    let atOnce = strippedAtOnce ?? 0
    guard end - first >= atOnce else { return (end, 0) }
    // Bytes that waited past `atOnce` hold no separator (they would have been stripped).
    let waited = byteCount - first < atOnce ? byteCount - first : 0
    guard
      let last = cpick_memrchr(arena + byteCount, Int32(separator), written)
        ?? cpick_memrchr(arena + first, Int32(separator), waited)
    else { return (end, 0) }
    let itemsEnd = UnsafeMutableRawPointer(last).assumingMemoryBound(to: UInt8.self) - arena + 1
    let visible = stripInParts(first, itemsEnd)
    let arriving = end - itemsEnd
    if arriving > 0 { memmove(arena + first + visible, arena + itemsEnd, arriving) }
    return (first, visible + arriving)
  }

  /// Strips the items in `arena[first..<end]` in place (whole, but perhaps
  /// the last) and closes them up; returns their visible bytes. No escape
  /// sequence runs from one item into the next (the separator ends any), so
  /// parts cut after a separator strip alone: as many parts as there are
  /// processors (at most 4), each on a thread, when there are
  /// `strippedAtOnce` bytes.
  private func stripInParts(_ first: Int, _ end: Int) -> Int {
    let parts = end - first >= (strippedAtOnce ?? Int.max) ? min(Parallel.processorCount, 4) : 1
    let bounds = partStarts(first, end, parts: parts)
    var visible = [Int](repeating: 0, count: parts)
    let (arena, separator) = (UnsafeSendable(arena), separator)
    visible.withUnsafeMutableBufferPointer { visible in
      let visible = UnsafeSendable(visible)
      Parallel.run(tasks: parts, workers: parts) { part, _ in
        let (from, to) = (bounds[part], part + 1 < parts ? bounds[part + 1] : end)
        visible.value[part] = cpick_ansi_visible(arena.value + from, to - from, arena.value + from, separator)
      }
    }
    var total = visible[0]
    for part in 1..<parts {
      memmove(arena.value + first + total, arena.value + bounds[part], visible[part])
      total += visible[part]
    }
    return total
  }

  /// Where each of `parts` parts of `arena[first..<end]` starts: the first
  /// at `first`, each other after the first separator past its share.
  private func partStarts(_ first: Int, _ end: Int, parts: Int) -> [Int] {
    var starts = [first]
    for part in 1..<max(parts, 1) {
      let nominal = max(first + (end - first) / parts * part, starts[part - 1])
      let separatorAt = memchr(arena + nominal, Int32(separator), end - nominal)?.assumingMemoryBound(to: UInt8.self)
      starts.append(separatorAt.map { $0 - arena + 1 } ?? end)
    }
    return starts
  }

  /// Copies `bytes` in (for tests and small inputs; readers use `tail` and `commit`).
  public func append(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      let room = try tail(maximum: bytes.count - offset)
      let n = room.count
      room.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + n]))
      try commit(n)
      offset += n
    }
  }

  /// Copies `bytes` in.
  public func append(_ bytes: [UInt8]) throws(Failure) {
    let failure: Failure? = bytes.withUnsafeBytes { raw in
      do throws(Failure) {
        try append(raw)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Ends the input: bytes after the last separator become the last item
  /// (unless all they show is nothing: escape sequences, which a store that
  /// strips as it reads would not even hold).
  public func finish() throws(Failure) {
    guard !isFinished else { return }
    isFinished = true
    if stripsItems {
      // The items still waiting, and the last one, which may have no separator.
      let first = start(count)
      byteCount = first + stripInParts(first, byteCount)
      try split(from: first)
    }
    if byteCount > start(count) && !(holdsEscapes && VisibleText(separator: separator).of(pendingBytes).isEmpty) {
      guard count < itemLimit else { throw .full(limit: byteLimit, itemLimit: itemLimit) }
      arena[byteCount] = separator  // the virtual separator; never counted in byteCount
      count += 1
      try setStart(count, byteCount + 1)
    }
  }

  /// The bytes of item `index` (without its separator).
  @inline(__always)
  public func item(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    // The matchers' hot path: one load of `wideFrom` and one test for both
    // ends (`wideFrom` is atomic, so the compiler would not merge two loads).
    let first: Int
    let end: Int
    if _fastPath(index + 1 < wideFrom.load(ordering: .relaxed)) {
      first = Int(narrowStarts[index])
      end = Int(narrowStarts[index + 1])
    } else {
      first = start(index)
      end = start(index + 1)
    }
    return UnsafeBufferPointer(start: arena + first, count: end - 1 - first)
  }

  /// Items whose starts are all in the narrow table, for the ranker's C
  /// loops, which read the table themselves (`Ranker+RunKeys`): consecutive
  /// items, or those of a list.
  struct NarrowRun {
    let arena: UnsafePointer<UInt8>
    /// Item k of a run without a list spans `starts[k] ..< starts[k + 1] - 1`.
    let starts: UnsafePointer<UInt32>
    /// With a list, the run's k-th item is item `indices[k]` of `starts`.
    let indices: UnsafePointer<Int64>?
    let count: Int
    /// Whether every item of the store was ASCII when the run was made
    /// (`ItemStore.isASCII`): the run's items need no test.
    let isASCII: Bool

    /// The run without its first `k` items.
    func dropFirst(_ k: Int) -> NarrowRun {
      guard let indices else {
        return NarrowRun(arena: arena, starts: starts + k, indices: nil, count: count - k, isASCII: isASCII)
      }
      return NarrowRun(arena: arena, starts: starts, indices: indices + k, count: count - k, isASCII: isASCII)
    }
  }

  /// Items `range` as a `NarrowRun`; `nil` when one of their ends is in the wide table.
  func narrowRun(_ range: Range<Int>) -> NarrowRun? {
    guard range.upperBound < wideFrom.load(ordering: .relaxed) else { return nil }
    return NarrowRun(
      arena: arena, starts: narrowStarts + range.lowerBound, indices: nil, count: range.count, isASCII: isASCII)
  }

  /// The items `list` names as a `NarrowRun`; `nil` when one of their ends
  /// is in the wide table. `list` must outlive the run.
  func narrowRun(list: UnsafeBufferPointer<Int>) -> NarrowRun? {
    guard let base = list.baseAddress, let last = list.max(), last + 1 < wideFrom.load(ordering: .relaxed) else {
      return nil
    }
    let indices = UnsafeRawPointer(base).assumingMemoryBound(to: Int64.self)
    return NarrowRun(arena: arena, starts: narrowStarts, indices: indices, count: list.count, isASCII: isASCII)
  }

  /// The bytes read after the last complete item: an item still arriving.
  var pendingBytes: UnsafeBufferPointer<UInt8> {
    let first = start(count)
    return UnsafeBufferPointer(start: arena + first, count: byteCount - first)
  }

  /// Where item `index` starts in the arena (for its colours).
  func arenaOffset(of index: Int) -> Int { start(index) }

  /// The first item of `range` whose bytes (with its separator) reach past
  /// arena offset `byte`; `range.upperBound` when none does. Where the
  /// ranker's skip resumes when the next byte it looks for is many items
  /// ahead: found in steps that double and then halve, not item by item.
  func firstItem(in range: Range<Int>, endingAfter byte: Int) -> Int {
    // Items before `low` end at or before `byte`; from `high` on, past it.
    var (low, high, step) = (range.lowerBound, range.upperBound, 1)
    while low < high {
      let probe = min(low + step - 1, high - 1)
      guard start(probe + 1) <= byte else {
        high = probe
        break
      }
      low = probe + 1
      step <<= 1
    }
    while low < high {
      let middle = (low + high) / 2
      if start(middle + 1) <= byte { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Starts loading item `index` into the cache, ahead of reading it.
  @inline(__always)
  public func prefetch(_ index: Int) {
    cpick_prefetch(arena + start(index))
  }

  /// Starts loading where item `index` starts into the cache (the offset
  /// table, not the item's bytes).
  @inline(__always)
  func prefetchOffset(of index: Int) {
    if index < wideFrom.load(ordering: .relaxed) { cpick_prefetch(narrowStarts + index) }
  }

  /// The bytes of items `range` with their separators, contiguous in the arena.
  public func items(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    let first = start(range.lowerBound)
    return UnsafeBufferPointer(start: arena + first, count: start(range.upperBound) - first)
  }
}
