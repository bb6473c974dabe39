import Testing

@testable import PickCore

@Suite struct StoreBudgetTests {
  @Test func `without a limit the store reserves its usual 64 GiB and 2^31 items`() throws {
    #expect(try StoreBudget.sized(available: nil, for: .picker) == .unlimited)
    #expect(StoreBudget.unlimited == StoreBudget(byteLimit: 64 << 30, itemLimit: 1 << 31))
  }

  @Test(arguments: [200_000 << 10, 300_000 << 10, 1_000_000 << 10, 16 << 30])
  func `under a limit the store and the memory its items need fit in what is left`(available: Int) throws {
    for use in [StoreBudget.Use.filter, .picker] {
      let budget = try StoreBudget.sized(available: available, for: use)
      // Full to both limits at once: arena, offsets and each item's working memory.
      let needed = budget.byteLimit + budget.itemLimit * (4 + use.bytesPerItem) + StoreBudget.headroom
      #expect(needed <= available)
      // Most of it is used: at least three quarters.
      #expect(needed >= available / 4 * 3)
      #expect(budget.byteLimit <= Int(UInt32.max))
    }
  }

  @Test func `the limits the issue names hold their inputs`() throws {
    // seq 2000000 (14 MB) in the picker under ulimit -v 300000, less what the runtime maps.
    let picker = try StoreBudget.sized(available: (300_000 - 20_000) << 10, for: .picker)
    #expect(picker.itemLimit >= 2_000_000 && picker.byteLimit >= 14_000_000)
    // seq 20000000 (169 MB) with --filter under ulimit -v 1000000.
    let filter = try StoreBudget.sized(available: (1_000_000 - 20_000) << 10, for: .filter)
    #expect(filter.itemLimit >= 20_000_000 && filter.byteLimit >= 169_000_000)
  }

  @Test func `a small limit gets the smallest store, which reports full`() throws {
    let budget = try StoreBudget.sized(available: 24 << 20, for: .picker)
    #expect(budget == StoreBudget(byteLimit: 1 << 20, itemLimit: 1 << 16))
    #expect(try StoreBudget.sized(available: 4 << 20, for: .filter) == budget)
  }

  @Test func `a limit that leaves too little to start is refused with one line`() {
    #expect(throws: StoreBudget.TooLittle(available: 10 << 20, needed: 24 << 20)) {
      try StoreBudget.sized(available: 10 << 20, for: .picker)
    }
    #expect(throws: StoreBudget.TooLittle(available: 0, needed: 4 << 20)) {
      try StoreBudget.sized(available: 0, for: .filter)
    }
    let message = StoreBudget.TooLittle(available: 10 << 20, needed: 24 << 20).description
    #expect(message == "the memory limit (ulimit -v or -d) leaves pick 10 MiB; it needs at least 24 MiB")
  }
}
