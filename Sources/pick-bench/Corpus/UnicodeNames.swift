import PickTestSupport

/// Names for the `unicode` corpus: the ASCII names of `AsciiNames` mixed with
/// the text that breaks byte- and column-counting code.
///
/// - CJK (Japanese, Chinese, Korean): three bytes a character, two columns.
/// - Accented Latin, both precomposed (NFC, as Linux and Windows store it)
///   and decomposed (NFD, as macOS file systems return it): `café` is five
///   bytes one way and six the other, and both should match `cafe`.
/// - Greek, Cyrillic, Hebrew, Arabic, Devanagari, Thai.
/// - Emoji: single code points, skin tones, ZWJ sequences (`👨‍👩‍👧` is five
///   code points, one grapheme), VS16 (`❤️`), flags (two regional indicators).
/// - Fullwidth Latin (`ｆｕｌｌｗｉｄｔｈ`): letters that look ASCII and are not.
enum UnicodeNames {
  private static let cjk = [
    "日本語", "写真", "資料", "ドキュメント", "音楽", "動画", "設定", "議事録", "プロジェクト", "テスト",
    "請求書", "旅行", "下载", "文件夹", "文档", "图片", "项目", "报告", "备份", "桌面", "사진", "문서",
    "음악", "다운로드", "프로젝트", "회의록",
  ].map { Array($0.utf8) }

  private static let accented = [
    "café", "résumé", "naïve", "Ångström", "Müller", "Straße", "señal", "façade", "crème brûlée",
    "déjà vu", "über", "Zoë", "São Paulo", "Dvořák", "Łódź", "smörgåsbord", "piñata", "jalapeño",
    "Gödel", "Élysée", "coöperation", "Bézier", "fiancée", "Ærø",
  ]
  private static let precomposed = accented.map { Array($0.utf8) }
  private static let decomposed = accented.map { Array(decompose($0).utf8) }

  private static let otherScripts = [
    "Ελληνικά", "русский", "документы", "עברית", "العربية", "हिन्दी", "ไทย", "Україна",
  ].map { Array($0.utf8) }

  private static let emoji = [
    "🎡", "🎢", "😃", "🗿", "🌴", "👍", "🍕", "🍍", "🎉", "📁", "🚀", "✅", "⭐", "👍🏽", "👋🏻",
    "👨‍👩‍👧", "👩‍💻", "🏳️‍🌈", "🧑‍🚀", "❤️", "✈️", "🇯🇵", "🇫🇷", "🇩🇪", "🇧🇷", "🇰🇷", "🇺🇦", "🇮🇳",
  ].map { Array($0.utf8) }

  private static let separators = ["_", "-", " ", ""].map { Array($0.utf8) }

  static func name(_ random: inout SeededGenerator) -> [UInt8] {
    let roll = random.unit()
    if roll < 0.45 { return AsciiNames.name(&random) }
    let piece: [UInt8]
    switch random.below(12) {
    case 0..<4: piece = random.skewedElement(of: cjk)
    case 4..<6: piece = random.element(of: precomposed)
    case 6..<8: piece = random.element(of: decomposed)
    case 8: piece = random.element(of: otherScripts)
    case 9..<11: piece = random.element(of: emoji)
    default: piece = fullwidth(random.skewedElement(of: AsciiNames.words))
    }
    // Half the time alone, else joined to an ASCII word on either side.
    guard random.chance(0.5) else { return piece }
    let separator = random.element(of: separators)
    let word = random.skewedElement(of: AsciiNames.words)
    return random.chance(0.5) ? piece + separator + word : word + separator + piece
  }

  /// ASCII letters and digits mapped to the Halfwidth and Fullwidth Forms block.
  static func fullwidth(_ ascii: [UInt8]) -> [UInt8] {
    var scalars = String.UnicodeScalarView()
    for byte in ascii {
      let code = (0x21...0x7E).contains(byte) ? UInt32(byte) - 0x21 + 0xFF01 : UInt32(byte)
      scalars.append(Unicode.Scalar(code)!)
    }
    return Array(String(scalars).utf8)
  }

  /// Canonical decomposition (NFD) of the precomposed letters used above
  /// (`ß`, `Ł`, `æ` and `ø` have none).
  /// Foundation's `decomposedStringWithCanonicalMapping` would do, but this
  /// keeps the corpus independent of the ICU version a machine has.
  static func decompose(_ text: String) -> String {
    let marks: [Character: (String, Unicode.Scalar)] = [
      "é": ("e", "\u{301}"), "É": ("E", "\u{301}"), "è": ("e", "\u{300}"), "ê": ("e", "\u{302}"),
      "ë": ("e", "\u{308}"), "á": ("a", "\u{301}"), "à": ("a", "\u{300}"), "â": ("a", "\u{302}"),
      "ä": ("a", "\u{308}"), "å": ("a", "\u{30A}"), "Å": ("A", "\u{30A}"), "ã": ("a", "\u{303}"),
      "ç": ("c", "\u{327}"), "ñ": ("n", "\u{303}"), "ö": ("o", "\u{308}"), "ô": ("o", "\u{302}"),
      "ó": ("o", "\u{301}"), "ü": ("u", "\u{308}"), "û": ("u", "\u{302}"), "ï": ("i", "\u{308}"),
      "í": ("i", "\u{301}"), "ř": ("r", "\u{30C}"), "ź": ("z", "\u{301}"),
    ]
    var scalars = String.UnicodeScalarView()
    for character in text {
      if let (base, mark) = marks[character] {
        scalars.append(contentsOf: base.unicodeScalars)
        scalars.append(mark)
      } else {
        scalars.append(contentsOf: character.unicodeScalars)
      }
    }
    return String(scalars)
  }
}
