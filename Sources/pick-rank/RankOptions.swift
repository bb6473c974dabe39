/// pick-rank's command line, parsed once into typed values.
struct RankOptions: Sendable {
  var pick: String?
  /// nil: the first `fzf` on PATH.
  var fzf: String?
  var seed: UInt64 = 1
  var cases = 2200
  var listsPerKind = 3
  var showLosses = 0
  var listOnlyDirectory: String?
  var isHelp = false

  static let usage = """
    usage: pick-rank [options]

    Compares how often pick and fzf put the intended line first, on generated
    file lists and shell histories with queries people really type.
    See Docs/Ranking.md.

      --pick PATH          pick binary (default: pick beside this tool)
      --fzf PATH           fzf binary, 0.74 expected (default: fzf on PATH)
      --seed N             seed for lists and queries (default: 1)
      --cases N            number of cases, split among strategies (default: 2200)
      --lists N            lists of each kind (default: 3)
      --show-losses K      print K cases where fzf ranked the target higher
      --list-only DIR      write the lists and cases to DIR and stop
      -h, --help           show this help
    """

  enum ParseError: Error, CustomStringConvertible {
    case unknownOption(String)
    case missingValue(String)
    case invalidNumber(String, String)

    var description: String {
      switch self {
      case .unknownOption(let option): return "unknown option \(option)"
      case .missingValue(let option): return "\(option) needs a value"
      case .invalidNumber(let option, let value): return "\(option): '\(value)' is not a valid number"
      }
    }
  }

  init(arguments: [String]) throws(ParseError) {
    var remaining = arguments[...]
    func value(_ option: String) throws(ParseError) -> String {
      guard let value = remaining.popFirst() else { throw .missingValue(option) }
      return value
    }
    func count(_ option: String, minimum: Int) throws(ParseError) -> Int {
      let text = try value(option)
      guard let number = Int(text), number >= minimum else { throw .invalidNumber(option, text) }
      return number
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--pick": pick = try value(argument)
      case "--fzf": fzf = try value(argument)
      case "--seed":
        let text = try value(argument)
        guard let number = UInt64(text) else { throw .invalidNumber(argument, text) }
        seed = number
      case "--cases": cases = try count(argument, minimum: 1)
      case "--lists": listsPerKind = try count(argument, minimum: 1)
      case "--show-losses": showLosses = try count(argument, minimum: 0)
      case "--list-only": listOnlyDirectory = try value(argument)
      case "-h", "--help": isHelp = true
      default: throw .unknownOption(argument)
      }
    }
  }
}
