/// fzf 0.74's events: what `--bind` can name besides keys and mouse events.
/// They are not typed; the picker raises them (`PickerController+Events`)
/// and runs their actions as it runs a key's.
///
/// - `start`: once, before the first frame.
/// - `load`: the input is complete (at start or after a `reload`) and the
///   matches cover all of it.
/// - `change`: the query changed (after the actions of the key that changed it).
/// - `focus`: the item under the cursor changed (a move, new matches).
/// - `result`: a search for the query on screen finished; `result-final`
///   the same, only once the input is complete.
/// - `one`, `zero`: a finished search over the complete input left one
///   match, or none.
/// - `multi`: the selection changed (after a key's actions).
/// - `resize`: the terminal changed size.
/// - `backward-eof`: a backward deletion on an empty query.
/// - `click-header`, `click-footer`: a left click on the header or footer.
/// - `every(N)`: every N seconds (at least 0.01).
public enum BindingEvent: Hashable, Sendable {
  case start, load, change, focus, result, resultFinal, one, zero, multi, resize, backwardEOF
  case clickHeader, clickFooter
  /// `every(N)`, N in milliseconds.
  case every(milliseconds: Int)

  /// The events that take no argument, by fzf's name.
  static let named: [String: BindingEvent] = {
    let all: [BindingEvent] = [
      .start, .load, .change, .focus, .result, .resultFinal, .one, .zero, .multi, .resize, .backwardEOF,
      .clickHeader, .clickFooter,
    ]
    return Dictionary(uniqueKeysWithValues: all.map { ($0.tableKey, $0) })
  }()

  /// fzf's events that pick does not raise, with why (binding one is an error that says so).
  static let refused: [String: String] = [
    "jump": "pick has no jump action", "jump-cancel": "pick has no jump action",
  ]

  /// The name the binding table holds the event's actions under. No key is
  /// spelled so (`every:` is not a key name), so the two never meet.
  public var tableKey: String {
    switch self {
    case .start: return "start"
    case .load: return "load"
    case .change: return "change"
    case .focus: return "focus"
    case .result: return "result"
    case .resultFinal: return "result-final"
    case .one: return "one"
    case .zero: return "zero"
    case .multi: return "multi"
    case .resize: return "resize"
    case .backwardEOF: return "backward-eof"
    case .clickHeader: return "click-header"
    case .clickFooter: return "click-footer"
    case .every(let milliseconds): return "every:\(milliseconds)"
    }
  }

  /// The event a binding table key names, if it names one.
  init?(tableKey: String) {
    if let event = Self.named[tableKey] {
      self = event
    } else if tableKey.hasPrefix("every:"), let milliseconds = Int(tableKey.dropFirst(6)) {
      self = .every(milliseconds: milliseconds)
    } else {
      return nil
    }
  }

  /// The event `spelling` (any case) names: nil when it names none; an
  /// error when it names one pick refuses or an `every(N)` without a valid N.
  static func parse(_ spelling: String) throws(InvalidValue) -> BindingEvent? {
    let lower = spelling.lowercased()
    if let event = named[lower] { return event }
    if let why = refused[lower] { throw InvalidValue("unsupported event: \(spelling) (\(why))") }
    guard lower.hasPrefix("every("), lower.hasSuffix(")") else { return nil }
    // fzf's parseEveryEvent: seconds, a positive number, at least 0.01.
    let argument = lower.dropFirst(6).dropLast().trimmingSpaces
    guard let seconds = Double(argument), seconds.isFinite, seconds > 0 else {
      throw InvalidValue("every() requires a positive number of seconds")
    }
    let milliseconds = (max(seconds, 0.01) * 1000).rounded()
    guard milliseconds <= Double(Int32.max) else { throw InvalidValue("every() interval is too large") }
    return .every(milliseconds: Int(milliseconds))
  }
}

extension Substring {
  /// The text without leading and trailing spaces.
  fileprivate var trimmingSpaces: Substring {
    var slice = self
    while slice.first == " " { slice = slice.dropFirst() }
    while slice.last == " " { slice = slice.dropLast() }
    return slice
  }
}
