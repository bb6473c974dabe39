/// A `--preview` command with its placeholders, parsed once and expanded for
/// each item the cursor lands on.
///
/// ## Placeholders (fzf 0.74's)
///
/// | placeholder      | becomes                                                          |
/// |------------------|------------------------------------------------------------------|
/// | `{}`             | the item under the cursor: its original line, whole              |
/// | `{+}`            | the selected items in output order, or the current one when none is selected |
/// | `{q}`            | the query                                                        |
/// | `{n}`, `{+n}`    | the zero-based index of the item(s) in the input (not quoted: a number) |
/// | `{1}`, `{-1}`, `{2..}`, `{..3}`, `{1,3}` | fields (`-d`, or AWK style), trimmed of white space; `{+1}` for the selected items |
/// | `{s1}`           | the same, white space kept                                       |
/// | `{f}`, `{+f}`, `{f1}`, … | the path of a temporary file holding the text (one item per line, NUL-terminated under `--print0`) |
/// | `\{…}`           | the placeholder's text without the backslash, not substituted     |
///
/// Several items are passed as several words, separated by spaces.
/// Everything substituted (but a number or a file path pick made) is quoted
/// for `sh`: `'…'`, with `'` written `'\''`, so an item like `a'b; rm -rf ~`
/// reaches the command as one word of data and is never run.
///
/// Not supported (left in the command as typed, as fzf leaves anything it
/// does not recognise): `{r}` (raw, unquoted), `{q:1}` (query fields),
/// `{fzf:…}`. Field expressions that do not parse (`{0}`, `{a}`) are left as
/// typed too.
///
/// An item with a NUL byte cannot be part of an argument, and the kernel
/// refuses a single argument longer than 128 KiB: `expand` reports both
/// (`Expansion.problem`) so the pane can say to use `{f}` instead.
public struct PreviewTemplate: Equatable, Sendable {
  /// One piece of the command: literal bytes or a placeholder.
  enum Part: Equatable, Sendable {
    case literal([UInt8])
    case placeholder(Placeholder)
  }

  /// A parsed `{…}`.
  struct Placeholder: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
      case item
      case query
      case index
      case fields([FieldRange])
    }
    var kind: Kind
    /// `+`: the selected items (the current one when none is selected).
    var isPlus = false
    /// `f`: a temporary file instead of the text.
    var isFile = false
    /// `s`: keep white space around fields.
    var keepsSpace = false
  }

  let parts: [Part]

  /// Parses `command`; never fails (what is not a placeholder is literal text).
  public init(_ command: [UInt8]) {
    var parts: [Part] = []
    var literal: [UInt8] = []
    var index = 0
    let open = UInt8(ascii: "{")
    let close = UInt8(ascii: "}")
    while index < command.count {
      let byte = command[index]
      let escaped =
        byte == UInt8(ascii: "\\") && index + 1 < command.count && command[index + 1] == open
      let start = escaped ? index + 1 : index
      if command[start] == open, let end = command[(start + 1)...].firstIndex(of: close),
        let placeholder = Self.placeholder(command[(start + 1)..<end])
      {
        if escaped {
          // `\{}`: the placeholder's own text, not substituted.
          literal += command[start...end]
        } else {
          if !literal.isEmpty { parts.append(.literal(literal)) }
          literal = []
          parts.append(.placeholder(placeholder))
        }
        index = end + 1
        continue
      }
      literal.append(byte)
      index += 1
    }
    if !literal.isEmpty { parts.append(.literal(literal)) }
    self.parts = parts
  }

  /// The placeholder between braces, or nil when it is not one pick knows.
  static func placeholder(_ inner: ArraySlice<UInt8>) -> Placeholder? {
    let text = String(decoding: inner, as: UTF8.self)
    if text == "q" { return Placeholder(kind: .query) }
    var placeholder = Placeholder(kind: .item)
    var rest = Substring(text)
    var hasNumber = false
    // Flags first, in any order (fzf: `+`, `s`, `f`, `n`).
    while let flag = rest.first, "+sfn".contains(flag) {
      switch flag {
      case "+": placeholder.isPlus = true
      case "s": placeholder.keepsSpace = true
      case "f": placeholder.isFile = true
      default: hasNumber = true
      }
      rest = rest.dropFirst()
    }
    if hasNumber {
      guard rest.isEmpty, !placeholder.keepsSpace else { return nil }
      placeholder.kind = .index
      return placeholder
    }
    if rest.isEmpty { return placeholder }
    guard let ranges = FieldRange.parseList(String(rest)) else { return nil }
    placeholder.kind = .fields(ranges)
    return placeholder
  }

  /// Whether the command needs an item under the cursor to run: it names an
  /// item (any placeholder but `{q}`) and not the query. As in fzf, a
  /// command with `{q}` still runs with no match, its item placeholders
  /// empty, so that a preview of the query follows the typing.
  public var needsItem: Bool {
    guard !usesQuery else { return false }
    return parts.contains {
      if case .placeholder(let p) = $0, p.kind != .query { return true }
      return false
    }
  }

  /// Whether the command uses the query (`{q}`), so typing changes the preview.
  public var usesQuery: Bool {
    parts.contains {
      if case .placeholder(let p) = $0, p.kind == .query { return true }
      return false
    }
  }

  /// Whether the command uses the selection (`{+…}`), so selecting changes the preview.
  public var usesSelection: Bool {
    parts.contains {
      if case .placeholder(let p) = $0, p.isPlus { return true }
      return false
    }
  }

  /// What the command is expanded for.
  public struct Context {
    /// The item under the cursor: its bytes and its index in the input.
    public var current: (bytes: [UInt8], index: Int)?
    /// The selected items in output order (empty: `{+}` means the current one).
    public var selected: [(bytes: [UInt8], index: Int)]
    public var query: [UInt8]
    public var splitter: FieldSplitter
    /// What ends each item in a `{f}` file: `\n`, or NUL under `--print0`.
    public var fileSeparator: UInt8
    /// Variables the command gets besides pick's own environment (`PICK_QUERY`, `PICK_POS`, ...).
    public var environment: [(name: [UInt8], value: [UInt8])] = []

    public init(
      current: (bytes: [UInt8], index: Int)?, selected: [(bytes: [UInt8], index: Int)] = [],
      query: [UInt8] = [], splitter: FieldSplitter = FieldSplitter(delimiter: nil),
      fileSeparator: UInt8 = 0x0A
    ) {
      self.current = current
      self.selected = selected
      self.query = query
      self.splitter = splitter
      self.fileSeparator = fileSeparator
    }
  }

  /// A command ready to run, or why it cannot run.
  public struct Expansion: Equatable, Sendable {
    public var command: [UInt8]
    /// Set when the command cannot be passed to the shell.
    public var problem: String?
  }

  /// The largest single argument Linux accepts (`MAX_ARG_STRLEN`, 32 pages), with its NUL.
  public static let argumentLimit = 32 * 4096

  /// The command for `context`. `writeFile` stores the bytes of a `{f}`
  /// placeholder in a new temporary file and returns its path (nil when it
  /// could not).
  public func expand(_ context: Context, writeFile: ([UInt8]) -> [UInt8]?) -> Expansion {
    var command: [UInt8] = []
    var problem: String? = nil
    for part in parts {
      switch part {
      case .literal(let bytes):
        command += bytes
      case .placeholder(let placeholder):
        if placeholder.kind == .query {
          command += Self.quoted(context.query)
          continue
        }
        var items: [(bytes: [UInt8], index: Int)] = []
        if placeholder.isPlus && !context.selected.isEmpty {
          items = context.selected
        } else if let current = context.current {
          items = [current]
        }
        let texts = items.map { text(of: $0, for: placeholder, splitter: context.splitter) }
        if placeholder.isFile {
          var contents: [UInt8] = []
          for text in texts { contents += text + [context.fileSeparator] }
          guard let path = writeFile(contents) else {
            problem = problem ?? "cannot write a temporary file for {f}"
            continue
          }
          command += Self.quoted(path)
        } else if placeholder.kind == .index {
          command += items.isEmpty ? Self.quoted([]) : Self.joined(texts)
        } else {
          command += items.isEmpty ? Self.quoted([]) : Self.joined(texts.map(Self.quoted))
        }
      }
    }
    if problem == nil {
      if command.contains(0) {
        problem = "an item contains a NUL byte, which cannot be passed as an argument: use {f}"
      } else if command.count >= Self.argumentLimit {
        problem = "the command is too long for an argument (\(command.count) bytes): use {f}"
      }
    }
    return Expansion(command: command, problem: problem)
  }

  /// An item's text for one placeholder (unquoted).
  private func text(
    of item: (bytes: [UInt8], index: Int), for placeholder: Placeholder, splitter: FieldSplitter
  ) -> [UInt8] {
    switch placeholder.kind {
    case .query: return []
    case .index: return Array(String(item.index).utf8)
    case .item: return item.bytes
    case .fields(let ranges):
      var tokens: [Range<Int>] = []
      var out: [UInt8] = []
      item.bytes.withUnsafeBufferPointer {
        FieldSelection(ranges, splitter: splitter).placeholderText(of: $0, tokens: &tokens, into: &out)
      }
      return placeholder.keepsSpace ? out : Self.trimmingWhitespace(out)
    }
  }

  private static func joined(_ words: [[UInt8]]) -> [UInt8] {
    var out: [UInt8] = []
    for (index, word) in words.enumerated() {
      if index > 0 { out.append(UInt8(ascii: " ")) }
      out += word
    }
    return out
  }

  /// `bytes` quoted for `sh`: inside single quotes nothing is special but the
  /// quote itself, which is closed, escaped and reopened (`'\''`).
  public static func quoted(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [UInt8(ascii: "'")]
    for byte in bytes {
      if byte == UInt8(ascii: "'") {
        out += Array("'\\''".utf8)
      } else {
        out.append(byte)
      }
    }
    out.append(UInt8(ascii: "'"))
    return out
  }

  /// Go's `strings.TrimSpace` on bytes: ASCII white space at both ends (and
  /// the Unicode white space `FieldBytes` knows at the end).
  private static func trimmingWhitespace(_ bytes: [UInt8]) -> [UInt8] {
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) }
    var start = 0
    while start < bytes.count && isSpace(bytes[start]) { start += 1 }
    let end = bytes.withUnsafeBufferPointer {
      FieldBytes.endTrimmingWhitespace(of: start..<$0.count, in: $0)
    }
    return Array(bytes[start..<max(start, end)])
  }
}
