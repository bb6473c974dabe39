/// The structured values the completion scripts offer, built from the
/// tables the parsers read, so that they offer only what parses.
extension ValueCompletion.Fields {
  /// The names and the values offered.
  var words: (names: [String], values: [String]) {
    switch self {
    case .bindings: Self.bindingWords
    case .colors: Self.colorWords
    }
  }

  /// `--bind`: each key and event name followed by `:`, then action names.
  private static var bindingWords: (names: [String], values: [String]) {
    var keys = KeyNames.named.union(BindingEvent.named.keys).union(KeyNames.mouse)
    for letter in "abcdefghijklmnopqrstuvwxyz" {
      keys.insert("ctrl-\(letter)")
      keys.insert("alt-\(letter)")
    }
    for number in 1...12 { keys.insert("f\(number)") }
    // Names a shell would need quoted are left out (`ctrl-\`, `ctrl-^`);
    // every word offered is one `--bind` accepts.
    let plain = keys.filter { key in
      key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } && parses("\(key):accept")
    }
    let simple = ActionNames.simple.keys.filter { parses("ctrl-a:\($0)") }
    let withArgument = ActionNames.withArgument.filter { parses("ctrl-a:\($0)(x)") }.map { $0 + "(" }
    return (plain.sorted().map { $0 + ":" }, (simple + withArgument).sorted())
  }

  private static func parses(_ binding: String) -> Bool {
    var table = BindingParser.Table()
    return (try? BindingParser.parse(Array(binding.utf8), into: &table)) != nil
  }

  /// `--color`: a base scheme, or an element followed by `:`, then colour
  /// names and attributes.
  private static var colorWords: (names: [String], values: [String]) {
    let schemes = ColorScheme.allCases.map(\.rawValue)
    let elements = ThemeElement.allCases.map { $0.rawValue + ":" }
    let looks = ColorSpec.colorNames.keys.sorted() + ColorSpec.attributes.keys.sorted() + ["regular"]
    return (schemes + elements, looks)
  }
}
