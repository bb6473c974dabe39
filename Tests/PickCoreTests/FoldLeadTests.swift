import CPick
import Testing

@testable import PickCore

/// The lead bytes (bit `lead - 0xC0`) of the characters that fold to an
/// ASCII character under some folding, read off Swift's folding tables: the
/// definition of the set that C writes by hand for its block scans
/// (`cpick_is_ascii_fold_lead`, and sixteen bytes at a time in
/// `cpick_quiet_prefix`). Computed here rather than at startup, where
/// reading every character's folding would cost a millisecond.
private let asciiFoldLeads: UInt64 = {
  var leads: UInt64 = 0
  for value: UInt32 in 0x80..<FoldSources.limit where !(0xD800..<0xE000).contains(value) {
    let lowered = CaseFolding.lower(value)
    if lowered < 0x80 || LatinFolding.base(value) < 0x80 || LatinFolding.base(lowered) < 0x80 {
      leads |= 1 << UInt64(FoldSources.leadByte(value) - 0xC0)
    }
  }
  return leads
}()

private func isFoldLead(_ lead: UInt8) -> Bool {
  lead >= 0xC0 && asciiFoldLeads & (1 << UInt64(lead - 0xC0)) != 0
}

@Test func `the C test for a lead byte that may fold to ASCII is the set the folding tables give`() {
  for byte in 0...255 {
    let lead = UInt8(byte)
    #expect((cpick_is_ascii_fold_lead(lead) != 0) == isFoldLead(lead), "byte \(byte)")
    #expect(ByteFilter.mayStartASCIIFold(lead) == isFoldLead(lead), "byte \(byte)")
  }
}

@Test func `the block scan stops at a block of a lead byte exactly when the folding tables give it`() {
  // Wanted bytes that are no lead byte, so only the lead test can stop the scan.
  let wanted: [UInt8] = [0x01, 0x01, 0x01, 0x01]
  for byte in 0x80...0xFF {
    let lead = UInt8(byte)
    let expected = isFoldLead(lead)
    // Two-byte leads are judged alone; three- and four-byte ones with the
    // byte after them (which seconds stop it: ByteFilterTests), so each is
    // tried before every continuation byte.
    let seconds: [UInt8] = lead < 0xE0 ? [lead] : Array(0x80...0xBF)
    var stopsAll = false
    var stopsButC3 = false
    for second in seconds {
      var bytes = [UInt8](repeating: lead, count: 32)
      for k in stride(from: 1, to: 32, by: 2) { bytes[k] = second }
      bytes.withUnsafeBufferPointer { block in
        stopsAll = stopsAll || cpick_quiet_prefix(block.baseAddress, 32, wanted, 1) == 0
        stopsButC3 = stopsButC3 || cpick_quiet_prefix(block.baseAddress, 32, wanted, CPICK_FOLD_LEADS_BUT_C3) == 0
      }
    }
    #expect(stopsAll == expected, "byte \(byte)")
    #expect(stopsButC3 == (expected && lead != 0xC3), "byte \(byte)")
  }
}

@Test func `the set from the folding tables holds the Latin-1 letters and no continuation byte`() {
  // `É` (C3 89) and `Ａ` (EF BC A1) fold to ASCII; continuation bytes start nothing.
  #expect(isFoldLead(0xC3))
  #expect(isFoldLead(0xEF))
  for byte in 0x80..<0xC0 { #expect(!isFoldLead(UInt8(byte))) }
}
