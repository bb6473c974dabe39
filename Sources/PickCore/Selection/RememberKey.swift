/// The name a `--remember` choice is stored under: one file name in pick's
/// state directory.
///
/// The alphabet `[A-Za-z0-9._-]` and the length cap keep a key a single,
/// portable path component: no `/`, no NUL, nothing a shell or another
/// platform treats specially, and short enough (200) that pick can add a
/// suffix for its temporary file and stay under NAME_MAX (255). `.` and `..`
/// are refused because they name directories, not files.
public struct RememberKey: Equatable, Sendable {
  /// The key as text (always ASCII).
  public let name: String

  /// The longest key accepted.
  public static let maximumLength = 200

  /// The key spelled by `bytes`, or `nil` when it is not a valid key.
  public init?(_ bytes: [UInt8]) {
    guard (1...Self.maximumLength).contains(bytes.count),
      bytes != [UInt8(ascii: ".")], bytes != [UInt8(ascii: "."), UInt8(ascii: ".")],
      bytes.allSatisfy(Self.isAllowed)
    else { return nil }
    name = String(decoding: bytes, as: UTF8.self)
  }

  private static func isAllowed(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }
}
