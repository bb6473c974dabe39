import PickTestSupport

/// Directory names and file stems as programmers write them: mostly one
/// common word, sometimes `snake_case`, `kebab-case`, `camelCase` compounds or
/// a word with a number (`test_042`, `v2`).
enum AsciiNames {
  static let words = Vocabulary.words.map { Array($0.utf8) }

  static func name(_ random: inout SeededGenerator) -> [UInt8] {
    var name = random.skewedElement(of: words)
    let roll = random.unit()
    if roll < 0.70 { return name }
    if roll < 0.82 {
      name.append(UInt8(ascii: "_"))
      name += random.skewedElement(of: words)
    } else if roll < 0.90 {
      name.append(UInt8(ascii: "-"))
      name += random.skewedElement(of: words)
    } else if roll < 0.95 {
      var second = random.skewedElement(of: words)
      if let first = second.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") {
        second[0] = first - 32
      }
      name += second
    } else {
      name.append(UInt8(ascii: "_"))
      name += Array(String(random.below(1000)).utf8)
    }
    return name
  }
}
