import Testing

@testable import PickCore

@Test(
  arguments: [
    0x0300, 0x0301, 0x0308, 0x036F, 0x1AB0, 0x1AFF, 0x1DC0, 0x1DFF, 0x20D0, 0x20FF, 0xFE20, 0xFE2F,
  ] as [UInt32])
func `combining diacritical marks are combining`(unit: UInt32) {
  #expect(CombiningMarks.isCombining(unit))
}

@Test(
  arguments: [
    0x0041, 0x00E9, 0x02FF, 0x0370, 0x05B0, 0x1AAF, 0x1B00, 0x1DBF, 0x1E00, 0x20CF, 0x2100,
    0xFE1F, 0xFE30, 0x1_0000, 0x11_0000 + 0xCC, 0x11_0300,
  ] as [UInt32])
func `letters, other scripts' marks and invalid bytes are not combining`(unit: UInt32) {
  #expect(!CombiningMarks.isCombining(unit))
}

@Test func `the combining check agrees with the mark blocks over the whole code space`() {
  let blocks: [ClosedRange<UInt32>] = [
    0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
  ]
  for unit in UInt32(0)..<0x11_0100 {
    let expected = blocks.contains { $0.contains(unit) }
    if CombiningMarks.isCombining(unit) != expected {
      Issue.record("U+\(String(unit, radix: 16))")
      return
    }
  }
}
