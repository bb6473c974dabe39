/// How much room the item store reserves when the process may map only so
/// much memory (`ulimit -v`, `ulimit -d`).
///
/// The store's arena and offset table are reservations: without a limit they
/// cost address space only, so they are huge (64 GiB, 2^31 items) and never
/// move. Under a limit every reserved byte counts against it whether written
/// or not, and whatever the store takes, everything else pick allocates
/// (search results, sort scratch, the selection, thread stacks, the Swift
/// runtime) must still fit in the rest: a Swift allocation that fails cannot
/// be caught, it ends the process. So the store takes only a share of what
/// is left, sized so that when it is full the rest still fits:
///
/// - `headroom` is set aside first, for what does not grow with the input;
/// - the arena gets a quarter of the remainder (`arenaShare`);
/// - the other three quarters are for the items: each costs its 4-byte
///   offset plus the working memory pick may need per item
///   (`Use.bytesPerItem`), which gives the item limit.
///
/// Input past either limit is refused with one line (`--filter`, `-1`, `-0`)
/// or shown as truncated (the picker), never a crash; a limit that leaves
/// less than `Use.leastAvailable` is refused at start. Docs/Design.md
/// ("Items") explains the numbers.
public struct StoreBudget: Equatable, Sendable {
  /// What the items are for, which decides the memory each needs besides its bytes.
  public enum Use: Sendable {
    /// `--filter`: the ranked keys (8 bytes, 16 with a second tiebreak) and
    /// the radix sort's scratch (4), with room for `--unique`'s table.
    case filter
    /// The picker (also `-1`/`-0`): the result shown and the search being
    /// built (8 bytes each), a narrowed search's candidate list and a merge
    /// (8 each), the planner's remembered answers (8), sort scratch (4),
    /// the selection's stamps and its output order (4 + 8 + 8), rounded up.
    case picker

    /// Working bytes per item, beyond its bytes and its 4-byte offset.
    public var bytesPerItem: Int {
      switch self {
      case .filter: 24
      case .picker: 64
      }
    }

    /// The least a limit must leave for pick to start at all: the smallest
    /// store, and for the picker the search thread's stack (8 MiB) and its
    /// frames. Measured: the picker over a few items traps with 10 MiB left
    /// and works with 20; `--filter` works with 5.
    public var leastAvailable: Int {
      switch self {
      case .filter: 4 << 20
      case .picker: 24 << 20
      }
    }
  }

  /// A limit leaves too little to start: `available` bytes, `needed` at least.
  public struct TooLittle: Error, Equatable, Sendable, CustomStringConvertible {
    public var available: Int
    public var needed: Int

    public var description: String {
      "the memory limit (ulimit -v or -d) leaves pick \(ItemStore.Failure.size(available)); it needs at least "
        + ItemStore.Failure.size(needed)
    }
  }

  /// Most bytes the arena reserves room for.
  public var byteLimit: Int
  /// Most items the offset table reserves room for.
  public var itemLimit: Int

  /// No limit in force: address space is no concern (64 GiB, 2^31 items).
  public static let unlimited = StoreBudget(byteLimit: 64 << 30, itemLimit: 1 << 31)

  /// Set aside before sizing: the runtime and libraries already mapped grow
  /// a little, each thread's stack (8 MiB by default), the malloc arenas the
  /// threads use, the result sink, the screen's buffers.
  public static let headroom = 48 << 20
  /// The arena's part of what remains after the headroom: one part in this many.
  public static let arenaShare = 4
  /// The smallest store worth starting: below this, a limit leaves no room to work.
  static let minimumBytes = 1 << 20
  static let minimumItems = 1 << 16

  public init(byteLimit: Int, itemLimit: Int) {
    self.byteLimit = byteLimit
    self.itemLimit = itemLimit
  }

  /// The budget when `available` bytes may still be mapped (nil: no limit)
  /// and the items are for `use`; throws when that is too little to start.
  ///
  /// Under a limit the arena stays below 4 GiB, so the offsets never widen
  /// (the wide table was not budgeted).
  public static func sized(available: Int?, for use: Use) throws(TooLittle) -> StoreBudget {
    guard let available else { return .unlimited }
    guard available >= use.leastAvailable else {
      throw TooLittle(available: available, needed: use.leastAvailable)
    }
    let bytesPerItem = use.bytesPerItem
    let usable = max(available - headroom, 0)
    let arena = usable / arenaShare
    let items = (usable - arena) / (MemoryLayout<UInt32>.stride + bytesPerItem)
    return StoreBudget(
      byteLimit: min(max(arena, minimumBytes), Int(UInt32.max), unlimited.byteLimit),
      itemLimit: min(max(items, minimumItems), unlimited.itemLimit))
  }
}
