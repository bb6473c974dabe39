import Testing

@testable import PickCore

@Suite struct StoreBudgetTests {
  @Test func `without a limit the store reserves its usual 64 GiB and 2^31 items`() {
    #expect(StoreBudget.sized(available: nil, bytesPerItem: StoreBudget.pickerBytesPerItem) == .unlimited)
    #expect(StoreBudget.unlimited == StoreBudget(byteLimit: 64 << 30, itemLimit: 1 << 31))
  }

  @Test(arguments: [200_000 << 10, 300_000 << 10, 1_000_000 << 10, 16 << 30])
  func `under a limit the store and the memory its items need fit in what is left`(available: Int) {
    for perItem in [StoreBudget.filterBytesPerItem, StoreBudget.pickerBytesPerItem] {
      let budget = StoreBudget.sized(available: available, bytesPerItem: perItem)
      // Full to both limits at once: arena, offsets and each item's working memory.
      let needed = budget.byteLimit + budget.itemLimit * (4 + perItem) + StoreBudget.headroom
      #expect(needed <= available)
      // Most of it is used: at least three quarters.
      #expect(needed >= available / 4 * 3)
      #expect(budget.byteLimit <= Int(UInt32.max))
    }
  }

  @Test func `the limits the issue names hold their inputs`() {
    // seq 2000000 (14 MB) in the picker under ulimit -v 300000, less what the runtime maps.
    let picker = StoreBudget.sized(available: (300_000 - 20_000) << 10, bytesPerItem: StoreBudget.pickerBytesPerItem)
    #expect(picker.itemLimit >= 2_000_000 && picker.byteLimit >= 14_000_000)
    // seq 20000000 (169 MB) with --filter under ulimit -v 1000000.
    let filter = StoreBudget.sized(available: (1_000_000 - 20_000) << 10, bytesPerItem: StoreBudget.filterBytesPerItem)
    #expect(filter.itemLimit >= 20_000_000 && filter.byteLimit >= 169_000_000)
  }

  @Test func `a limit that leaves nothing still gives the smallest store, which reports full`() {
    let budget = StoreBudget.sized(available: 1 << 20, bytesPerItem: StoreBudget.pickerBytesPerItem)
    #expect(budget == StoreBudget(byteLimit: 1 << 20, itemLimit: 1 << 16))
    #expect(StoreBudget.sized(available: 0, bytesPerItem: 1) == budget)
  }
}
