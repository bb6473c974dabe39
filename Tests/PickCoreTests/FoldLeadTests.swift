import CPick
import Testing

@testable import PickCore

/// The lead bytes that may start a character folding to ASCII are defined in
/// Swift, from the folding tables (`FoldSources.asciiFoldLeads`); C writes
/// the same set by hand for its block scans. These tests hold the two equal.
@Test func `the C test for a lead byte that may fold to ASCII is the Swift set`() {
  for byte in 0...255 {
    let lead = UInt8(byte)
    #expect((cpick_is_ascii_fold_lead(lead) != 0) == ByteFilter.mayStartASCIIFold(lead), "byte \(byte)")
  }
}

@Test func `the block scan stops at a block of a lead byte exactly when it is in the Swift set`() {
  // Wanted bytes that are no lead byte, so only the lead test can stop the scan.
  let wanted: [UInt8] = [0x01, 0x01, 0x01, 0x01]
  for byte in 0x80...0xFF {
    let lead = UInt8(byte)
    let block = [UInt8](repeating: lead, count: 16)
    let expected = ByteFilter.mayStartASCIIFold(lead)
    let stopsAll = block.withUnsafeBufferPointer { cpick_quiet_prefix($0.baseAddress, 16, wanted, 1) } == 0
    #expect(stopsAll == expected, "byte \(byte)")
    let stopsButC3 =
      block.withUnsafeBufferPointer { cpick_quiet_prefix($0.baseAddress, 16, wanted, CPICK_FOLD_LEADS_BUT_C3) } == 0
    #expect(stopsButC3 == (expected && lead != 0xC3), "byte \(byte)")
  }
}

@Test func `the Swift set holds the Latin-1 letters and no continuation byte`() {
  // `É` (C3 89) and `Ａ` (EF BC A1) fold to ASCII; continuation bytes start nothing.
  #expect(ByteFilter.mayStartASCIIFold(0xC3))
  #expect(ByteFilter.mayStartASCIIFold(0xEF))
  for byte in 0x80..<0xC0 { #expect(!ByteFilter.mayStartASCIIFold(UInt8(byte))) }
}
