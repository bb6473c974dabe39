/// Reads `--bind` and `--expect` values with fzf 0.74's grammar.
///
///     BINDINGS := BINDING ( "," BINDING )*
///     BINDING  := KEY ( "," KEY )* ":" ACTIONS
///     ACTIONS  := ACTION ( "+" ACTION )*
///     ACTION   := NAME | NAME "(" TEXT ")" | NAME ":" TEXT-TO-END
///
/// `KEY1,KEY2:ACTION` binds both keys. An ACTION list that starts with `+`
/// (`ctrl-a:+accept`) appends to what an earlier `--bind` gave the key;
/// otherwise a key's binding is replaced. Names are case-insensitive.
///
/// Arguments. An action that takes one (`execute`, `reload`, `preview`,
/// `change-prompt`, `put`, `pos`, ...) encloses it in any of `()`, `[]`, `{}`,
/// `<>`, or a pair of the same character among ``~!@#$%^&*;/|``. The
/// argument ends at the first closing character that is followed by `+`, `,`
/// or the end of the value, so `execute(echo (a))` works and commas inside
/// are not separators. `NAME:TEXT` takes everything up to the end of the
/// whole value as the argument (so it must come last).
///
/// How this is parsed (as fzf does it): first every argument is blanked out
/// of a copy of the value ("masked"), so that the separators left are real;
/// then the masked copy is split on `,`, `:` and `+`, and each piece is read
/// back from the original at the same offsets. `,`, `:` and `+` can be keys
/// themselves: `,:abort`, `::abort`, `+:abort`, `a,,,:abort` (`a` and `,`),
/// `alt-,:abort` are recognised before splitting, as fzf's parser does.
public enum BindingParser {
  /// A user's bindings: the canonical key name (see `KeyNames`) and its actions.
  public typealias Table = [String: [PickerAction]]

  /// fzf's stand-ins for a key that is a separator, used in the masked copy.
  private static let escapedColon: UInt8 = 0
  private static let escapedComma: UInt8 = 1
  private static let escapedPlus: UInt8 = 2

  /// Parses one `--bind` value into `table` (the bindings of earlier `--bind`s).
  public static func parse(_ value: [UInt8], into table: inout Table) throws(InvalidValue) {
    let masked = mask(value)
    var keys: [[UInt8]] = []
    var index = 0
    for pair in split(masked, on: UInt8(ascii: ",")) {
      let original = Array(value[index..<index + pair.count])
      index += pair.count + 1
      let colon = pair.firstIndex(of: UInt8(ascii: ":"))
      let keyPart = Array(pair[..<(colon ?? pair.count)])
      guard !keyPart.isEmpty else { throw InvalidValue("key name required") }
      keys.append(keyPart)
      guard let colon else { continue }
      for keyName in keys {
        let key = try bindingKey(keyName)
        table[key] = try actions(
          masked: Array(pair[(colon + 1)...]), original: Array(original[(colon + 1)...]),
          previous: table[key] ?? [], key: key)
      }
      keys.removeAll()
    }
    if !keys.isEmpty {
      let names = keys.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ", ")
      throw InvalidValue("bind action not specified: \(names)")
    }
  }

  /// Parses a `--expect` value: the canonical name of each key, with the
  /// spelling given (fzf prints the key as it was spelled).
  public static func keyList(_ value: [UInt8]) throws(InvalidValue) -> [ExpectedKey] {
    try keyChords(value, emptyMessage: "key names required", allowsEvents: false).map {
      ExpectedKey(name: $0.name, spelling: $0.spelling)
    }
  }

  /// Parses the actions of one binding, without its key (`transform(CMD)`'s
  /// output: `change-header(x)+first`). `key` is the key that ran the
  /// transform, for a bare `put`.
  public static func actionList(_ value: [UInt8], key: String?) throws(InvalidValue) -> [PickerAction] {
    // A colon in front lets the first action's argument be masked, as fzf does.
    let masked = Array(mask([UInt8(ascii: ":")] + value).dropFirst())
    return try actions(masked: masked, original: value, previous: [], key: key ?? "")
  }

  /// The canonical names of a key list (`trigger(a,ctrl-b)`, `unbind(enter)`).
  static func keyNames(_ value: [UInt8], emptyMessage: String) throws(InvalidValue) -> [String] {
    try keyChords(value, emptyMessage: emptyMessage).map(\.name)
  }

  /// Parses a list of actions alone (`change-query(foo)+first`), as
  /// `--listen`'s POST body gives them (fzf's `parseSingleActionList`): the
  /// grammar of a binding's right-hand side, with no key that ran them.
  public static func actionList(_ value: [UInt8]) throws(InvalidValue) -> [PickerAction] {
    try actionList(value, key: nil)
  }

  // MARK: Keys

  /// The canonical name of the key a masked key name stands for.
  private static func bindingKey(_ keyName: [UInt8]) throws(InvalidValue) -> String {
    if keyName == [escapedColon] { return ":" }
    if keyName == [escapedComma] { return "," }
    if keyName == [escapedPlus] { return "+" }
    guard let first = try keyChords(keyName, emptyMessage: "key name required").first else {
      throw InvalidValue("key name required")
    }
    return first.name
  }

  /// fzf's key-list reader: comma-separated names; `alt-,` is Alt-comma, and
  /// a comma standing alone between separators (`,`, `,,x`, `x,,`, `x,,,y`)
  /// is the comma key.
  private static func keyChords(_ value: [UInt8], emptyMessage: String, allowsEvents: Bool = true)
    throws(InvalidValue)
    -> [(name: String, spelling: String)]
  {
    guard !value.isEmpty else { throw InvalidValue(emptyMessage) }
    let text = replacingAltComma(value)
    var tokens = split(text, on: UInt8(ascii: ","))
    let comma = UInt8(ascii: ",")
    if text == [comma] || text.starts(with: [comma, comma])
      || text.reversed().starts(with: [comma, comma])
      || contains(text, [comma, comma, comma])
    {
      tokens.append([comma])
    }
    var keys: [(name: String, spelling: String)] = []
    for token in tokens where !token.isEmpty {
      var spelled = token
      for i in spelled.indices where spelled[i] == escapedComma { spelled[i] = comma }
      var name = String(decoding: spelled, as: UTF8.self)
      // fzf's alt-X also reads the stand-ins for `:` and `+`.
      if spelled.count == 5, name.lowercased().hasPrefix("alt-") {
        if spelled[4] == escapedColon { name = String(name.prefix(4)) + ":" }
        if spelled[4] == escapedPlus { name = String(name.prefix(4)) + "+" }
      }
      if let event = try BindingEvent.parse(name) {
        // `--expect` accepts on a key; an event is not pressed (fzf takes it and never prints it).
        guard allowsEvents else { throw InvalidValue("\(name) is an event, not a key") }
        keys.append((event.tableKey, name))
        continue
      }
      guard let canonical = KeyNames.canonical(name) else {
        throw InvalidValue("unsupported key: \(name)")
      }
      keys.append((canonical, name))
    }
    return keys
  }

  /// `alt-,` (any case) with the comma replaced by fzf's stand-in.
  private static func replacingAltComma(_ value: [UInt8]) -> [UInt8] {
    var out = value
    var i = 0
    while i + 4 < out.count {
      if lowercased(Array(out[i..<i + 4])) == Array("alt-".utf8) && out[i + 4] == UInt8(ascii: ",") {
        out[i + 4] = escapedComma
        i += 5
      } else {
        i += 1
      }
    }
    return out
  }

  // MARK: Actions

  /// Reads one key's `ACTION+ACTION...`, masked and original side by side.
  private static func actions(
    masked: [UInt8], original: [UInt8], previous: [PickerAction], key: String
  )
    throws(InvalidValue) -> [PickerAction]
  {
    let pieces = split(masked, on: UInt8(ascii: "+"))
    var specs: [[UInt8]] = []
    var index = 0
    for piece in pieces {
      specs.append(Array(original[index..<index + piece.count]))
      index += piece.count + 1
    }
    var actions: [PickerAction] = []
    var carried: [UInt8] = []
    for (specIndex, piece) in specs.enumerated() {
      let spec = carried + piece
      carried = []
      let lower = String(decoding: lowercased(spec), as: UTF8.self)
      if let simple = ActionNames.simple[lower] {
        actions += simple
        continue
      }
      if lower == "put" {
        // `put` types the key's own character, so only a printable key may have it.
        guard let character = printableCharacter(of: key) else {
          throw InvalidValue("unable to put non-printable character")
        }
        actions.append(.insert([character]))
        continue
      }
      guard let name = argumentActionName(lower) else {
        if specIndex == 0 && lower.isEmpty {
          actions = previous + actions
          continue
        }
        let shown = String(decoding: spec, as: UTF8.self)
        if ActionNames.fzfOnly.contains(lower) {
          throw InvalidValue("unsupported action: \(shown) (pick does not have it)")
        }
        throw InvalidValue("unknown action: \(shown)")
      }
      let offset = name.utf8.count
      let argument: [UInt8]
      if spec[offset] == UInt8(ascii: ":") {
        guard specIndex == specs.count - 1 else {
          carried = spec + [UInt8(ascii: "+")]
          continue
        }
        argument = Array(spec[(offset + 1)...])
      } else {
        argument = Array(spec[(offset + 1)..<(spec.count - 1)])
      }
      guard let action = try ActionNames.withArgument(name, argument) else {
        if ActionNames.notFzfActions.contains(name) {
          throw InvalidValue("unknown action: \(String(decoding: spec, as: UTF8.self))")
        }
        throw InvalidValue("unsupported action: \(name) (pick does not have it)")
      }
      actions.append(action)
    }
    return actions
  }

  /// The name of the argument-taking action `spec` (lower case) is, if it is one:
  /// its argument is masked, and its leading `[a-z-]+` is such a name.
  private static func argumentActionName(_ spec: String) -> String? {
    let probe = Array((":" + spec).utf8)
    guard mask(probe) != probe else { return nil }
    let name = String(spec.prefix { ($0 >= "a" && $0 <= "z") || $0 == "-" })
    return ActionNames.withArgument.contains(name) ? name : nil
  }

  /// The character a printable single-character key types (`space` too).
  private static func printableCharacter(of key: String) -> Unicode.Scalar? {
    if key == "space" { return " " }
    let scalars = Array(key.unicodeScalars)
    guard scalars.count == 1, let scalar = scalars.first else { return nil }
    switch scalar.properties.generalCategory {
    case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator,
      .paragraphSeparator:
      return nil
    default:
      return scalar
    }
  }

  // MARK: Masking

  /// The value with every action argument (and its brackets) replaced by
  /// spaces, and separator keys replaced by fzf's stand-ins; same length.
  static func mask(_ value: [UInt8]) -> [UInt8] {
    var out = value
    let lower = lowercased(value)
    var i = 0
    scan: while i < value.count {
      guard value[i] == UInt8(ascii: ":") || value[i] == UInt8(ascii: "+"),
        let name = ActionNames.withArgument.first(where: {
          lower.dropFirst(i + 1).starts(with: $0.utf8)
        })
      else {
        i += 1
        continue
      }
      let open = i + 1 + name.utf8.count
      guard open < value.count else { break }
      let closer: UInt8
      switch value[open] {
      case UInt8(ascii: ":"):
        for j in open..<value.count { out[j] = UInt8(ascii: " ") }
        break scan
      case UInt8(ascii: "("): closer = UInt8(ascii: ")")
      case UInt8(ascii: "["): closer = UInt8(ascii: "]")
      case UInt8(ascii: "{"): closer = UInt8(ascii: "}")
      case UInt8(ascii: "<"): closer = UInt8(ascii: ">")
      case UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "@"), UInt8(ascii: "#"),
        UInt8(ascii: "$"),
        UInt8(ascii: "%"), UInt8(ascii: "^"), UInt8(ascii: "&"), UInt8(ascii: "*"),
        UInt8(ascii: ";"),
        UInt8(ascii: "/"), UInt8(ascii: "|"):
        closer = value[open]
      default:
        // Not an argument after all (`preview-up`, `put+...`): look further on.
        i = open
        continue
      }
      // The first closer followed by `+`, `,` or the end.
      var close: Int? = nil
      for j in (open + 1)..<value.count where value[j] == closer {
        if j == value.count - 1 || value[j + 1] == UInt8(ascii: "+")
          || value[j + 1] == UInt8(ascii: ",")
        {
          close = j
          break
        }
      }
      guard let close else { break }
      for j in open...close { out[j] = UInt8(ascii: " ") }
      i = close + 1
    }
    let comma = UInt8(ascii: ",")
    let colon = UInt8(ascii: ":")
    let plus = UInt8(ascii: "+")
    out = replacing(out, [comma, comma, comma], with: [comma, escapedComma, comma])
    out = replacing(out, [comma, colon, comma], with: [comma, escapedColon, comma])
    out = replacing(out, [colon, colon], with: [escapedColon, colon])
    out = replacing(out, [comma, colon], with: [escapedComma, colon])
    out = replacing(out, [plus, colon], with: [escapedPlus, colon])
    return out
  }

  // MARK: Bytes

  /// Every non-overlapping `pattern`, left to right, replaced by `replacement` (same length).
  private static func replacing(_ bytes: [UInt8], _ pattern: [UInt8], with replacement: [UInt8])
    -> [UInt8]
  {
    var out = bytes
    var i = 0
    while i + pattern.count <= out.count {
      if Array(out[i..<i + pattern.count]) == pattern {
        out.replaceSubrange(i..<i + pattern.count, with: replacement)
        i += pattern.count
      } else {
        i += 1
      }
    }
    return out
  }

  /// `bytes` split on `separator`, keeping empty pieces (as Go's strings.Split).
  private static func split(_ bytes: [UInt8], on separator: UInt8) -> [[UInt8]] {
    bytes.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
  }

  private static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
    guard bytes.count >= pattern.count else { return false }
    return (0...bytes.count - pattern.count).contains {
      Array(bytes[$0..<$0 + pattern.count]) == pattern
    }
  }

  /// ASCII letters lowered; other bytes unchanged (names are ASCII).
  private static func lowercased(_ bytes: [UInt8]) -> [UInt8] {
    bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
  }
}
