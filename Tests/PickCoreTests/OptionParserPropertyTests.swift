import Testing

@testable import PickCore

// Seeded property tests of OptionParser (with the real option table) and
// ShellWords: generated command lines never trap, fail only with one-line
// usage errors, and mean the same on the command line and in
// PICK_DEFAULT_OPTS. Tests/Fuzz has the libFuzzer harness for the same
// properties.

private func below(_ bound: Int, _ rng: inout SeededGenerator) -> Int {
  Int(rng.next() % UInt64(bound))
}

/// Every spelling the table accepts, and a few near misses.
private let optionWords: [String] = {
  var words = [
    "--", "-", "+", "+z", "--no-", "--fitler", "-tac", "-ie", "-m5", "-qx", "--multi=3", "x",
  ]
  for spec in OptionParser.table {
    words += spec.longNames.map { "--" + $0 }
    if let negated = spec.negatedLong { words.append("--" + negated) }
    if let short = spec.short { words.append("-\(short)") }
    if let plus = spec.negatedShort { words.append("+\(plus)") }
  }
  return words
}()

/// Values, good and bad, for every kind of option.
private let valueWords: [[UInt8]] =
  [
    "", "0", "1", "5", "-1", "99999999999999999999", "abc", "1..3", "-2..3", "..", "1,,2", "40%",
    "101%",
    "~10", "-3", "path", "reverse-list", "length,index", "index,length", "\\t", "\\x", "\\", "é",
    "a b",
    "=", "'", "\"",
  ].map { Array($0.utf8) } + [[0xFF, 0xFE], [0x0A], [0x1B, 0x5B]]

/// A command line: options, often with a value as the next word or attached.
private func randomWords(_ rng: inout SeededGenerator) -> [[UInt8]] {
  var words: [[UInt8]] = []
  for _ in 0..<below(6, &rng) {
    var word = Array(optionWords[below(optionWords.count, &rng)].utf8)
    switch below(4, &rng) {
    case 0: words.append(word)
    case 1:
      words.append(word)
      words.append(valueWords[below(valueWords.count, &rng)])
    case 2:
      word += word.starts(with: [0x2D, 0x2D]) ? [0x3D] : []
      words.append(word + valueWords[below(valueWords.count, &rng)])
    default: words.append(valueWords[below(valueWords.count, &rng)])
    }
  }
  return words
}

/// Quotes words the way a user writes them in PICK_DEFAULT_OPTS.
private func shellQuoted(_ words: [[UInt8]]) -> [UInt8] {
  var text: [UInt8] = []
  for word in words {
    if !text.isEmpty { text.append(0x20) }
    text.append(0x27)
    for byte in word {
      if byte == 0x27 { text += Array("'\\''".utf8) } else { text.append(byte) }
    }
    text.append(0x27)
  }
  return text
}

/// What a parse gave: the options, or the error's message.
private enum Outcome: Equatable {
  case success(Options)
  case failure(String)

  init(_ body: () throws(OptionError) -> Options) {
    do throws(OptionError) {
      self = .success(try body())
    } catch {
      self = .failure(error.message)
    }
  }

  /// The same outcome had the words come from `source`: errors name it.
  func from(_ source: String) -> Outcome {
    if case .failure(let message) = self { return .failure("in \(source): \(message)") }
    return self
  }
}

@Test func `command lines never trap and mean the same in PICK_DEFAULT_OPTS`() {
  var rng = SeededGenerator(seed: 0x4F50_5453)
  var failures: [String] = []
  var outcomes = (successes: 0, failures: 0)
  for index in 0..<100_000 {
    let words = randomWords(&rng)
    let outcome = Outcome { () throws(OptionError) in try OptionParser.parse(arguments: words) }
    var problems: [String] = []
    switch outcome {
    case .success(let options):
      outcomes.successes += 1
      if options.tabstop < 1 || options.headerLines < 0 || (options.multi ?? 1) < 1 {
        problems.append("a count out of range")
      }
      if options.delimiter == [] { problems.append("an empty delimiter") }
      let ranges = options.nth + (options.withNth?.allRanges ?? []) + (options.acceptNth?.allRanges ?? [])
      if ranges.contains(where: { $0.begin == 0 || $0.end == 0 }) {
        problems.append("field index 0")
      }
    case .failure(let message):
      outcomes.failures += 1
      if message.isEmpty
        || message.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
      {
        problems.append("not a one-line message: \(message.debugDescription)")
      }
    }
    // The defaults are read the same way; comparing every case would
    // double the time, so every tenth.
    if index % 10 == 0 {
      let quoted = shellQuoted(words)
      let fromDefaults = Outcome { () throws(OptionError) in
        try OptionParser.parse(arguments: [], defaultOpts: quoted)
      }
      if fromDefaults != outcome.from("PICK_DEFAULT_OPTS") {
        problems.append("PICK_DEFAULT_OPTS differs")
      }
    }
    if !problems.isEmpty {
      failures.append("\(words.map { String(decoding: $0, as: UTF8.self) }): \(problems)")
      if failures.count >= 5 { break }
    }
  }
  #expect(failures.isEmpty, "\(failures)")
  #expect(outcomes.successes > 10_000 && outcomes.failures > 10_000, "\(outcomes)")
}

@Test func `quoted words split back into themselves`() {
  var rng = SeededGenerator(seed: 0x4F50_5454)
  let bytes = Array(" \t\n\r'\"\\#$`a-=".utf8) + [0x00, 0xFF]
  var failures: [String] = []
  for _ in 0..<100_000 {
    var words: [[UInt8]] = []
    for _ in 0..<below(4, &rng) {
      words.append((0..<below(6, &rng)).map { _ in bytes[below(bytes.count, &rng)] })
    }
    let split = Result<[[UInt8]], OptionError> { () throws(OptionError) in
      try ShellWords.split(shellQuoted(words))
    }
    if split != .success(words) {
      failures.append("\(words)")
      if failures.count >= 5 { break }
    }
    // Unquoted, the same bytes split without trapping, or fail for an open quote.
    let raw = Array(words.joined(separator: [0x20]))
    do throws(OptionError) {
      _ = try ShellWords.split(raw)
    } catch {
      if !error.message.hasPrefix("unterminated") { failures.append("\(raw): \(error.message)") }
    }
  }
  #expect(failures.isEmpty, "\(failures)")
}

// Found by fuzzing (its rate fell to a hundred inputs a second): the "did you
// mean" search filled an edit-distance table as long as the argument for
// every option name, so a 100 000-byte mistyped option took seconds.
@Test(arguments: ["--", "-", "--no-"])
func `a huge unknown option is rejected at once`(_ dashes: String) {
  let word = Array(dashes.utf8) + Array(repeating: UInt8(ascii: "z"), count: 100_000)
  var outcome = Outcome.success(Options())
  let elapsed = ContinuousClock().measure {
    outcome = Outcome { () throws(OptionError) in try OptionParser.parse(arguments: [word]) }
  }
  guard case .failure(let message) = outcome else {
    Issue.record("accepted")
    return
  }
  #expect(message.hasPrefix("unknown option: \(dashes)z"))
  #expect(elapsed < .seconds(2), "took \(elapsed)")
}

/// Found by the option-parser fuzzer: a `--bind` key holding a control
/// character came back raw inside the error's reason.
@Test func `control characters in a bad --bind key are escaped in the error`() {
  do throws(OptionError) {
    _ = try OptionParser.parse(arguments: [Array("--bind".utf8), Array("ctrl\u{0}\u{1B}[2J-a:x".utf8)])
    Issue.record("the value was accepted")
  } catch {
    #expect(
      error.message.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F },
      "\(error.message.debugDescription)")
    #expect(error.message.contains("unsupported key"))
  }
}

@Test func `a message stays one inert line whatever it quotes`() {
  let quoted = MessageText.oneLine("cannot open /tmp/a\nb\u{1B}]0;x\u{7}\u{9B}\u{7F} é")
  #expect(quoted == "cannot open /tmp/a\\nb\\u{1B}]0;x\\u{07}\\u{009B}\\u{7F} é")
  #expect(MessageText.oneLine([0x61, 0xFF, 0x0A]) == "a\u{FFFD}\\n")
}
