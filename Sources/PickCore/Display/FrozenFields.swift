/// `--freeze-left=N`, `--freeze-right=N` (fzf 0.56): the first N and the
/// last N fields of a long row stay in view while the fields between them
/// are cut or scrolled to the match.
///
/// Where the frozen parts end is fzf 0.74's rule (`printHighlighted` in its
/// `terminal.go`), in bytes of the text drawn (the `--with-nth` view):
///
/// - the left part ends where field N ends, less its trailing white space
///   (so with `-d :` it keeps the `:` that ends the field);
/// - the right part starts where the field before the last N ends, less
///   the delimiter that ends it with its leading white space dropped (so with
///   `-d :` it starts at that `:`, AWK style at the first frozen field);
///   when the two would overlap, it starts where the left part ends, and
///   when there are no more than N fields, the whole row is the right part;
/// - a left part that is empty or the whole row is no left part; a right
///   part that starts at the row's end is no right part.
///
/// Finding the last fields splits the whole row (as fzf does at every
/// frame), about a millisecond a mebibyte; so that a frame stays cheap
/// whatever the input, an item longer than `maximumBytes` (1 MiB) is drawn
/// without frozen parts (Docs/fzf-compatibility.md, row 94).
public struct FrozenFields: Equatable, Sendable {
  /// The longest item whose fields are frozen.
  static let maximumBytes = 1 << 20

  /// How many fields are frozen on each side (0: none).
  public var left = 0
  public var right = 0
  /// `--delimiter`: how the row is split into fields.
  public var splitter = FieldSplitter(delimiter: nil)

  public init(left: Int = 0, right: Int = 0, splitter: FieldSplitter = FieldSplitter(delimiter: nil)) {
    self.left = left
    self.right = right
    self.splitter = splitter
  }

  /// Whether any field is frozen.
  public var isActive: Bool { left > 0 || right > 0 }

  /// The bytes of `text` between the frozen parts (`0..<text.count` less
  /// the left part, the right part or both); nil when nothing is frozen in
  /// this row.
  func middle(of text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    guard isActive, text.count <= Self.maximumBytes else { return nil }
    var tokens: [Range<Int>] = []
    splitter.tokenize(text, into: &tokens)
    var leftEnd = -1
    if left > 0, !tokens.isEmpty {
      leftEnd = FieldBytes.endTrimmingWhitespace(of: tokens[min(left, tokens.count) - 1], in: text)
    }
    var rightStart = -1
    if right > 0 {
      let index = max(left - 1, tokens.count - right - 1)
      if index < 0 {
        rightStart = 0
      } else if index >= left {
        rightStart = tokens[index].upperBound - trailingDelimiterCount(tokens[index], in: text)
      }
      rightStart = max(rightStart, leftEnd)
    }
    let lower = leftEnd > 0 && leftEnd < text.count ? leftEnd : 0
    let upper = rightStart >= 0 && rightStart < text.count ? rightStart : nil
    guard lower > 0 || upper != nil else { return nil }
    return lower..<(upper ?? text.count)
  }

  /// The bytes at the end of `token` that the right part starts with: the
  /// delimiter ending it, without its leading white space (fzf's
  /// `GetLastDelimiter` trimmed on the left); none AWK style.
  private func trailingDelimiterCount(_ token: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Int {
    guard let delimiter = splitter.delimiter, !delimiter.isEmpty, token.count >= delimiter.count else { return 0 }
    for (offset, byte) in delimiter.enumerated() where text[token.upperBound - delimiter.count + offset] != byte {
      return 0
    }
    let scalars = String(decoding: delimiter, as: UTF8.self).unicodeScalars
    let blank = scalars.prefix { $0.properties.isWhitespace }
    return delimiter.count - blank.reduce(0) { $0 + UTF8.width($1) }
  }
}
