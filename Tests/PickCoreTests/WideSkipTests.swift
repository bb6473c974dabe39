import CPick
import PickTestSupport
import Testing

// The ranker's skip to the next candidate byte goes sixty-four bytes a step
// (`cpick_skip.c`) after a few blocks of sixteen in line. Each build
// (baseline, AVX2, AVX-512: those the processor has) and the combined
// scan must find the byte the sixteen-byte scan alone finds, for every
// kind of lead byte, at every distance from the start and the end.

/// Bytes rich in what the skip judges: the wanted letters in both cases,
/// two-byte leads with and without C3, the three- and four-byte leads that
/// may fold to ASCII and those that may not, the bytes after them that
/// decide, and fullwidth forms.
private func skipBytes(count: Int, density: Int, seed: UInt64) -> [UInt8] {
  var random = SeededGenerator(seed: seed)
  let rare: [[UInt8]] = [
    [0x71], [0x51], [0xC3, 0xA9], [0xC5, 0xBE], [0xCD, 0x81], [0xE1, 0xB4, 0x80], [0xE1, 0x80, 0x80],
    [0xE2, 0x81, 0x80], [0xE2, 0x80, 0x94], [0xEA, 0x9D, 0x80], [0xEF, 0xBC, 0xB1], [0xEF, 0xBD, 0x91],
    [0xEF, 0xBD, 0x92], [0xEF, 0xB8, 0x8F], [0xF0, 0x9D, 0x90, 0x80], [0xF0, 0x9F, 0x98, 0x80], [0xE5, 0x86, 0x99],
    [0xE1], [0xEF], [0xF0],
  ]
  var bytes: [UInt8] = []
  while bytes.count < count {
    if Int.random(in: 0..<density, using: &random) == 0 {
      bytes += rare.randomElement(using: &random) ?? [0x71]
    } else {
      bytes.append(UInt8.random(in: 0x20...0x70, using: &random))
    }
  }
  return Array(bytes.prefix(count))
}

/// `fold_leads` settings: none, all leads, all but C3, leads alone, and
/// fullwidth forms of `q` (`ＱEF BC B1`, `ｑ` EF BD 91).
private let foldLeadSettings: [Int32] = [
  0, 1, CPICK_FOLD_LEADS_BUT_C3, 1 | CPICK_FOLD_LEADS_ALONE,
  1 | CPICK_FOLD_LEADS_FULLWIDTH | (0xB1 << 16) | Int32(bitPattern: 0x9100_0000),
]

@Test(arguments: [3, 40, 400])
func `every build of the wide skip finds the candidate the sixteen-byte scan finds`(density: Int) {
  let bytes = skipBytes(count: 3000, density: density, seed: UInt64(density))
  let wanted: [UInt8] = [0x71, 0x51, 0x71, 0x71]
  var checked = 0
  bytes.withUnsafeBufferPointer { buffer in
    guard let base = buffer.baseAddress else { return }
    for foldLeads in foldLeadSettings {
      for start in stride(from: 0, to: bytes.count, by: 7) {
        for length in [0, 1, 15, 16, 17, 63, 64, 65, 66, 67, 130, 200, bytes.count - start]
        where start + length <= bytes.count {
          let expected = cpick_next_candidate_narrow(base + start, length, wanted, foldLeads)
          #expect(cpick_next_candidate(base + start, length, wanted, foldLeads) == expected)
          for level: Int32 in [0, 1, 2] {
            let found = cpick_next_candidate_at(level, base + start, length, wanted, foldLeads)
            #expect(found == expected, "level \(level) fold_leads \(foldLeads) start \(start) length \(length)")
          }
          checked += expected < length ? 1 : 0
        }
      }
    }
  }
  // The cases found candidates, not only ran to the end.
  #expect(checked > 1000)
}
