import CPick
import Glibc

/// Taking a large regular file in by mapping it (`InputReader.readAll` with
/// `mapping`, and `InputReader.mapRegularFile`): its pages become the arena's first bytes,
/// with no copy and no zeroed pages, and are let go of once read, so pick's
/// footprint is a window of the input rather than all of it
/// (Docs/Design.md, "A regular file is mapped, not read").
extension ItemStore {
  /// Maps `length` bytes of the regular file `fd`, from `offset`, in as the
  /// next bytes instead of reading them (no copy and no zeroed pages: half
  /// the cost of taking in a large file), then splits off the items they
  /// complete. The mapping is private, so the file is never written, and
  /// guarded: should the file shrink meanwhile, its lost end reads as zeros
  /// (`cpick_guard_mapping`). Returns false, changing nothing, when the bytes
  /// cannot be mapped here: the store already holds bytes, `offset` is not on
  /// a page, the bytes would not fit, or `--ansi` rewrites bytes in place
  /// (but not when the store `holdsEscapes`: those items are stripped later).
  public func mapFile(_ fd: Int32, offset: Int, length: Int) throws(Failure) -> Bool {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    guard ansiFilter == nil, !stripsItems, byteCount == 0, length > 0, length < byteLimit - 1, page > 0,
      offset % page == 0, cpick_map_file_over(arena, length, fd, off_t(offset)) == 0
    else { return false }
    // Unguarded (all eight ranges taken, never by pick itself), a file cut
    // short would end pick with SIGBUS: read it instead.
    guard cpick_guard_mapping(arena, length) == 0 else {
      _ = cpick_reserve_over(arena, length)
      return false
    }
    // Whole pages of the file, never the partial last one: `finish()` may
    // write the virtual separator there, and a discarded page would lose it.
    isMapped = true
    mappedEnd = length / page * page
    keptMappedEnd = mappedBudget.map { keptBytes(length, budget: $0) / page * page } ?? 0
    try commitInSlices(length, workers: SearchTunables.workers) { [self] in releaseMapped(bytes: $0) }
    return true
  }

  /// Lets go of the mapped file's pages under items `range` (nothing for
  /// bytes that were read, not mapped): the file's pages stay cached by the
  /// system, so reading them again maps them again, with the same bytes,
  /// while pick's own footprint stays a window of the input, not all of it.
  @inline(__always)
  public func releaseMapped(_ range: Range<Int>) {
    guard isMapped, !range.isEmpty else { return }
    releaseMapped(bytes: arenaOffset(of: range.lowerBound)..<arenaOffset(of: range.upperBound))
  }

  /// Bytes at the arena's start that are the mapped file's whole pages.
  var mappedBytes: Int { mappedEnd }

  /// Lets go of the mapped file's whole pages within arena bytes `bytes`,
  /// but for those before `keptMappedEnd`.
  func releaseMapped(bytes: Range<Int>) {
    let start = max(bytes.lowerBound, keptMappedEnd)
    let end = min(bytes.upperBound, mappedEnd)
    if end > start { cpick_discard(arena + start, end - start) }
  }

  /// How many of the mapped file's first `length` bytes may stay mapped
  /// once read, for pick's footprint to stay within `budget.footprint`
  /// times `length`: letting go of a page and mapping it again at the next
  /// pass (split, search, output) costs more than the pass's own work on it.
  ///
  /// The rest of the footprint is estimated: what the process holds now
  /// (its code and runtime), `budget.bytesPerItem` an item, the output's
  /// block and `budget.reserve`. Items are counted in the file's first
  /// megabyte. A file of at most `MappedBudget.keptWhole` bytes stays
  /// mapped whole.
  private func keptBytes(_ length: Int, budget: MappedBudget) -> Int {
    if length <= MappedBudget.keptWhole { return length }
    let sample = min(length, 1 << 20)
    let items = (cpick_count_byte(arena, sample, separator) + 1) * (length / sample + 1)
    var usage = rusage()
    let held = getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 ? usage.ru_maxrss * 1024 : 16 << 20
    let others = held + items * budget.bytesPerItem + ResultWriter.blockBytes + budget.reserve
    return max(0, min(length, Int(budget.footprint * Double(length)) - others))
  }
}

/// How much of a mapped file may stay mapped once read: as much as fits in
/// `footprint` times the file's size after what the process holds when the
/// file is mapped, `bytesPerItem` an item and `reserve` (Docs/Design.md,
/// "A regular file is mapped, not read").
public struct MappedBudget: Sendable, Equatable {
  public var footprint: Double
  public var bytesPerItem: Int
  public var reserve: Int

  /// A file this small stays mapped whole, whatever the budget: there the
  /// process's own part (its code and runtime, about 6 MiB) is most of the
  /// footprint, so no share of the file fits in the budget and every pass
  /// (split, search, output) mapped every page again, 5-19 % of a search
  /// over the 8 MiB list of /usr. The peak grows by the file's pages, at
  /// most this much.
  public static let keptWhole = 16 << 20

  /// `--filter`: an item's start and a match's key, and 4 MiB of slack.
  public static let filter = MappedBudget(footprint: 1.2, bytesPerItem: 12, reserve: 4 << 20)

  /// The picker: its target for the peak after a typing session (1.3 times
  /// the input) less what it holds besides the file, measured at 44-46
  /// bytes an item at the peak of a broad session over 10M paths (typing
  /// `src/main` and back: the starts, the answer shown and the one being
  /// built, the answers kept for Backspace and those searched again, a
  /// narrowed search's candidate list) and about 80 MiB on 1M paths, where
  /// the fixed part weighs most. So a million items keep nothing and ten
  /// million keep about half their pages, which every key would otherwise
  /// map again. At 40 bytes that session peaked at 1.35 times the input.
  public static let picker = MappedBudget(footprint: 1.3, bytesPerItem: 46, reserve: 48 << 20)

  /// The picker's answers kept for Backspace (`SearchPlanner.room`): the
  /// same target less an item's start (4 bytes), the keys and candidate
  /// list of the search running (8 and 8 at most) and 16 MiB for the
  /// code, the runtime and the file's pages a search holds. At 1M paths
  /// or more the input's share bounds them first; at 1M history lines
  /// (short items) this does, and older answers are kept cut down to
  /// their fronts (`RankedSummary`).
  public static let remembered = MappedBudget(footprint: 1.3, bytesPerItem: 18, reserve: 16 << 20)
}
