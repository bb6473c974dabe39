// Fuzzes OptionParser with the real option table, and ShellWords, which
// splits PICK_DEFAULT_OPTS (Sources/PickCore/CommandLine).
//
// Input layout: one flag byte, then either (bit 0 clear) the command line's
// words separated by NUL bytes, or (bit 0 set) the text of
// PICK_DEFAULT_OPTS.
//
// Invariants: parsing never traps and fails only with a one-line usage
// error; the same words given on the command line, in PICK_DEFAULT_OPTS or
// in the options file (quoted for the shell-word splitter) give the same
// options, or the same error with its source named; quoting any words and
// splitting them gives the words back; parsed values are in their ranges.
@testable import PickCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOptionParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let flags = input.byte()
  let rest = input.rest()
  let words: [[UInt8]]
  if flags & 1 == 0 {
    words =
      rest.isEmpty ? [] : rest.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
  } else {
    let direct = parse { () throws(OptionError) in
      try OptionParser.parse(arguments: [], defaultOpts: rest)
    }
    do throws(OptionError) {
      words = try ShellWords.split(rest)
    } catch {
      require(
        direct == .failure("in PICK_DEFAULT_OPTS: \(error.message)"), "split error not reported")
      return 0
    }
    let viaWords = parse { () throws(OptionError) in try OptionParser.parse(arguments: words) }
    require(
      direct == viaWords.from("PICK_DEFAULT_OPTS"), "PICK_DEFAULT_OPTS differs from its words")
  }
  let quoted = ShellQuoting.quote(words)
  let split = Result<[[UInt8]], OptionError> { () throws(OptionError) in
    try ShellWords.split(quoted)
  }
  require(split == .success(words), "quoting \(words.map(escaped)) does not split back")

  let outcome = parse { () throws(OptionError) in try OptionParser.parse(arguments: words) }
  let fromDefaults = parse { () throws(OptionError) in
    try OptionParser.parse(arguments: [], defaultOpts: quoted)
  }
  let fromFile = parse { () throws(OptionError) in
    try OptionParser.parse(arguments: [], defaultOptsFile: (path: "f", contents: quoted))
  }
  let shown = words.map(escaped).joined(separator: " ")
  require(fromDefaults == outcome.from("PICK_DEFAULT_OPTS"), "PICK_DEFAULT_OPTS differs: \(shown)")
  require(fromFile == outcome.from("PICK_DEFAULT_OPTS_FILE (f)"), "the file differs: \(shown)")
  switch outcome {
  case .failure(let message):
    require(!message.isEmpty, "an empty error for \(shown)")
    require(
      message.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F },
      "a control character in the error \(message.debugDescription)")
  case .success(let options):
    require(options.tabstop >= 1, "tabstop \(options.tabstop)")
    require(options.headerLines >= 0, "header lines \(options.headerLines)")
    require((options.multi ?? 1) >= 1, "multi \(options.multi ?? 0)")
    require(options.delimiter.map { !$0.isEmpty } ?? true, "an empty delimiter")
    let ranges = options.nth + (options.withNth?.allRanges ?? []) + (options.acceptNth?.allRanges ?? [])
    require(ranges.allSatisfy { $0.begin != 0 && $0.end != 0 }, "field index 0 from \(shown)")
    if let height = options.height {
      require(height.value >= 0 && (!height.isPercent || height.value <= 100), "height \(height)")
    }
  }
  return 0
}

/// What a parse gave: the options, or the error's message.
enum Outcome: Equatable {
  case success(Options)
  case failure(String)

  /// The outcome had the words come from `source`: errors name it.
  func from(_ source: String) -> Outcome {
    if case .failure(let message) = self { return .failure("in \(source): \(message)") }
    return self
  }
}

func parse(_ body: () throws(OptionError) -> Options) -> Outcome {
  do throws(OptionError) {
    return .success(try body())
  } catch {
    return .failure(error.message)
  }
}

/// Writes words so that `ShellWords.split` reads them back: each in single
/// quotes, a quote inside as `'\''`, as a shell user would.
enum ShellQuoting {
  static func quote(_ words: [[UInt8]]) -> [UInt8] {
    var text: [UInt8] = []
    for word in words {
      if !text.isEmpty { text.append(0x20) }
      text.append(0x27)
      for byte in word {
        if byte == 0x27 { text += [0x27, 0x5C, 0x27, 0x27] } else { text.append(byte) }
      }
      text.append(0x27)
    }
    return text
  }
}
