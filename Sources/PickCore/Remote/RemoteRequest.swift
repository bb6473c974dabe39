/// What a `--listen` request asks of the picker, once the server has read
/// and checked it: the event loop hands it to the controller as
/// `PickerEvent.remote`.
public enum RemoteRequest: Equatable, Sendable {
  /// POST: run these actions, as if a key bound to them had been pressed.
  case actions([PickerAction])
  /// GET: the state as JSON (`RemoteStatus`), for the connection `ticket`;
  /// the answer goes back as `PickerEffect.answerRemote`.
  case status(ticket: Int, limit: Int, offset: Int)
}

/// The server's decisions about one parsed request, without I/O: the key,
/// the actions, the parameters. The server thread calls it; its tests need
/// no socket.
public struct RemoteExchange: Sendable {
  /// `PICK_API_KEY`: when not empty, every request must carry it in `x-api-key`.
  public var apiKey: [UInt8]
  /// Whether a request may run commands (`execute`, `reload`, `preview`,
  /// `become`, `transform`, ...): over a local address always; over a
  /// remote one only with `--listen-unsafe` (fzf's rule).
  public var allowsCommands: Bool

  public init(apiKey: [UInt8], allowsCommands: Bool) {
    self.apiKey = apiKey
    self.allowsCommands = allowsCommands
  }

  /// What to do with a request.
  public enum Outcome: Equatable, Sendable {
    /// Answer at once with these bytes (a refusal).
    case answer([UInt8])
    /// Hand these actions to the picker, then answer `HTTPResponse.accepted`.
    case actions([PickerAction])
    /// Ask the picker for its state (`limit` matches from `offset`).
    case status(limit: Int, offset: Int)
  }

  /// Decides what `request` gets: fzf's order (the request is read whole,
  /// then the key is checked, then the actions are parsed).
  public func outcome(of request: HTTPRequestParser.Request) -> Outcome {
    if !apiKey.isEmpty && !Self.keysMatch(request.apiKey ?? [], apiKey) {
      return .answer(HTTPResponse.failure(.init(.unauthorized, "invalid api key")))
    }
    switch request.method {
    case .get(let parameters):
      let (limit, offset) = Self.window(parameters)
      return .status(limit: limit, offset: offset)
    case .post:
      var body = request.body[...]
      while let first = body.first, first == 0x0D || first == 0x0A { body = body.dropFirst() }
      while let last = body.last, last == 0x0D || last == 0x0A { body = body.dropLast() }
      let actions: [PickerAction]
      do {
        actions = try BindingParser.actionList(Array(body))
      } catch {
        return .answer(HTTPResponse.failure(.init(.badRequest, error.reason)))
      }
      guard !actions.isEmpty else {
        return .answer(HTTPResponse.failure(.init(.badRequest, "no action specified")))
      }
      return .actions(allowsCommands ? actions : actions.filter { !Self.runsCommand($0) })
    }
  }

  /// Whether two keys are equal, in a time that depends only on their
  /// lengths: a client cannot learn a key byte by byte from how long a
  /// wrong guess takes.
  public static func keysMatch(_ given: [UInt8], _ key: [UInt8]) -> Bool {
    var difference = given.count == key.count ? 0 : 1
    for index in 0..<max(given.count, key.count) {
      let a = index < given.count ? given[index] : 0
      let b = index < key.count ? key[index] : 0
      difference |= Int(a ^ b)
    }
    return difference == 0
  }

  /// Whether `action` runs a command: by name, so that actions added later
  /// under fzf's names are covered too (fzf's `processExecution`).
  public static func runsCommand(_ action: PickerAction) -> Bool {
    let name = action.name
    return ["execute", "reload", "transform", "bg-transform"].contains { name.hasPrefix($0) }
      || ["become", "preview", "change-preview", "refresh-preview"].contains(name)
  }

  /// fzf's GET parameters: `limit` (default 100) and `offset` (default 0);
  /// a value that is not a number is ignored.
  static func window(_ parameters: [UInt8]) -> (limit: Int, offset: Int) {
    var limit = 100
    var offset = 0
    for pair in parameters.split(separator: UInt8(ascii: "&")) {
      let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, let value = Int(String(decoding: parts[1], as: UTF8.self)) else { continue }
      switch String(decoding: parts[0], as: UTF8.self) {
      case "limit": limit = value
      case "offset": offset = value
      default: break
      }
    }
    return (limit, offset)
  }
}
