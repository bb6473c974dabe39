/// Whether a tmux can run pick in a popup: `display-popup` came in 3.2, and
/// pick needs 3.3 (as fzf), whose popups take `-B` and pass the exit status on.
public enum TmuxVersion {
  /// Reads `tmux -V`'s answer (`tmux 3.3a`, `tmux next-3.4`, `tmux 3.2`).
  /// A version that is not numbered (`tmux master`, `tmux openbsd-7.5`) is
  /// taken as new enough: builds from source and OpenBSD's are current.
  public static func supportsPopups(_ output: [UInt8]) -> Bool {
    let text = String(decoding: output, as: UTF8.self)
    guard let word = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).dropFirst().first else {
      return false
    }
    var version = word[...]
    if version.hasPrefix("next-") { version = version.dropFirst(5) }
    let numbers = version.split(separator: ".", maxSplits: 1)
    guard let major = numbers.first.flatMap({ Int($0) }) else { return !version.isEmpty }
    let minor = numbers.dropFirst().first.map { Int($0.prefix { $0.isASCII && $0.isNumber }) ?? 0 } ?? 0
    return major > 3 || (major == 3 && minor >= 3)
  }
}
