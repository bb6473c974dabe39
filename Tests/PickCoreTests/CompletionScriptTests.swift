import Testing

@testable import PickCore

/// Whether `arguments` parse.
private func parses(_ arguments: [String]) -> Bool {
  (try? OptionParser.parse(arguments: arguments.map { Array($0.utf8) })) != nil
}

/// The words an enumerated option's error message lists ("expected a, b or
/// c", "expected a comma-separated list of a, b, c"), or nil when the
/// message lists none: the parser's own account of its choices.
private func choicesInError(for spec: OptionSpec) -> (words: Set<String>, isList: Bool?)? {
  do {
    _ = try OptionParser.parse(arguments: [Array("--\(spec.long)=\u{1}".utf8)])
    return nil
  } catch {
    let message = error.message
    var text: Substring
    var isList: Bool?
    if let start = message.range(of: "(expected ") {
      text = message[start.upperBound...].dropLast()  // the closing parenthesis
      isList = text.hasPrefix("a comma-separated list of ")
      if isList == true { text = text.dropFirst("a comma-separated list of ".count) }
    } else if let start = message.range(of: " is not one of ") {
      // "'x' is not one of a, b, c": the words, whether one or a list is taken.
      text = message[start.upperBound...].dropLast()
    } else {
      return nil
    }
    let words = text.replacing(" or ", with: ", ").split(separator: ", ").map(String.init)
    let isWord = { (word: String) in word.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }
    guard words.count >= 2, words.allSatisfy(isWord) else { return nil }
    return (Set(words), isList)
  }
}

@Suite struct CompletionScriptTests {
  @Test(arguments: ShellKind.allCases)
  func `every option, alias and negation is in the script`(shell: ShellKind) {
    let script = CompletionScript.text(for: shell)
    for spec in OptionParser.table {
      for name in spec.longNames {
        #expect(script.contains("--\(name)") || script.contains("-l \(name)"), "--\(name)")
      }
      if let negated = spec.negatedLong {
        #expect(script.contains("--\(negated)") || script.contains("-l \(negated)"), "--\(negated)")
      }
      if let short = spec.short, shell != .fish {
        #expect(script.contains("-\(short)"), "-\(short)")
      }
    }
  }

  @Test func `every offered spelling is an option pick knows`() {
    for spelling in CompletionScript.spellings() {
      do {
        _ = try OptionParser.parse(arguments: [Array(spelling.utf8)])
      } catch {
        #expect(!error.message.hasPrefix("unknown option"), "\(spelling): \(error.message)")
      }
    }
  }

  @Test(arguments: OptionParser.table.filter { !$0.valueCompletion.words.isEmpty }.map(\.long))
  func `every word offered for a value is accepted`(long: String) throws {
    let spec = try #require(OptionParser.table.first { $0.long == long })
    let words = spec.valueCompletion.words
    for word in words {
      // A list may need another word with it (--walker=follow names neither file nor dir).
      let alone = parses(["--\(long)=\(word)"])
      let inList = spec.valueCompletion == .list(words) && parses(["--\(long)=\(words[0]),\(word)"])
      #expect(alone || inList, "--\(long)=\(word)")
    }
  }

  /// The drift check: an option whose parser names fixed choices offers exactly those.
  @Test(arguments: OptionParser.table.filter(\.takesValue).map(\.long))
  func `an option with fixed choices offers exactly them`(long: String) throws {
    let spec = try #require(OptionParser.table.first { $0.long == long })
    guard let (words, isList) = choicesInError(for: spec) else {
      #expect(spec.valueCompletion.words.isEmpty, "--\(long) offers words it does not name")
      return
    }
    #expect(Set(spec.valueCompletion.words) == words, "--\(long)")
    if isList == true {
      #expect(spec.valueCompletion == .list(spec.valueCompletion.words), "--\(long) takes a list")
    } else if isList == false {
      #expect(spec.valueCompletion == .choices(spec.valueCompletion.words), "--\(long)")
    }
  }

  @Test func `the enumerated options named in the issue have their choices`() {
    let byName = Dictionary(uniqueKeysWithValues: OptionParser.table.map { ($0.long, $0) })
    #expect(byName["layout"]?.valueCompletion == .choices(["default", "reverse", "reverse-list"]))
    #expect(byName["output-order"]?.valueCompletion == .choices(["input", "selection"]))
    #expect(byName["completion"]?.valueCompletion == .choices(["bash", "zsh", "fish"]))
  }
}

@Suite struct ShellQuotingTests {
  @Test func `a POSIX single-quoted word escapes only the quote`() {
    #expect(
      ShellQuoting.singleQuoted(Array("/opt/my pick/it's".utf8))
        == Array(#"'/opt/my pick/it'\''s'"#.utf8))
    #expect(ShellQuoting.singleQuoted(Array("a\\b\n$x".utf8)) == Array("'a\\b\n$x'".utf8))
  }

  @Test func `a fish single-quoted word escapes the quote and the backslash`() {
    #expect(ShellQuoting.fishSingleQuoted(Array(#"it's a\b"#.utf8)) == Array(#"'it\'s a\\b'"#.utf8))
  }

  @Test(arguments: ShellKind.allCases)
  func `the key bindings define the binary's path once, quoted, before anything uses it`(
    shell: ShellKind
  ) {
    let path = Array("/tmp/it's here/pick".utf8)
    let script = String(decoding: KeyBindingScript.bytes(for: shell, pickPath: path), as: UTF8.self)
    let lines = script.split(separator: "\n")
    let definition = lines.firstIndex { $0.contains("__pick_bin") }
    #expect(definition != nil)
    if let definition {
      #expect(
        lines[definition].hasSuffix(
          shell == .fish ? #"'/tmp/it\'s here/pick'"# : #"'/tmp/it'\''s here/pick'"#))
    }
    // The path appears nowhere unquoted: the script uses the variable.
    #expect(!script.contains("it's here"))
  }
}
