/// What happens to the picker, as the session tells the controller: bytes
/// from the terminal, items, finished searches, signals, the passing of time.
/// The controller never reads a device or a clock: every input is one of these.
public enum PickerEvent {
  /// Bytes read from the terminal (keys, pastes, mouse reports, answers to queries).
  case terminalInput([UInt8])
  /// More items were read into the store.
  case itemsRead
  /// The input ended; `failure` says why no item came when a command failed
  /// (`PICK_DEFAULT_COMMAND`, `reload`), as fzf shows it.
  case inputEnded(failure: String?)
  /// The input could not all be read (the store is full under its limit, a
  /// read failed): `note` says so ("input truncated: …"). The items read so
  /// far stay and can be chosen; the note stays on the info line.
  case inputTruncated(note: String)
  /// A search the controller asked for is done.
  case searchFinished(SearchResult)
  /// The terminal's size or the frame's place on it changed (`TerminalGeometry`).
  case geometry(TerminalGeometry)
  /// A signal reached pick (through the self-pipe).
  case signal(PickerSignal)
  /// The preview command printed these bytes.
  case previewOutput([UInt8])
  /// The preview command ended; `failure` says how when it failed (`exit status 1`).
  case previewFinished(failure: String?)
  /// The preview command could not be run, and why.
  case previewFailed(String)
  /// The `--info-command` printed this (its first line is shown).
  case infoCommandOutput([UInt8])
  /// A transform command (`PickerEffect.runTransform`) printed this and ended.
  case transformOutput(id: Int, [UInt8])
  /// `reload` started: these are the new items (empty at first, filling as they stream in).
  case reloaded(ItemStore)
  /// `--tail`: the input's reader moved the items kept into this store; the
  /// items `gone` of the old one were dropped (`ItemStore.keepingTail`).
  case trimmed(ItemStore, gone: Range<Int>)
  /// `reload`'s command could not be started (or its placeholders expanded): nothing changes.
  case reloadFailed
  /// `--listen`: a request the server read and checked.
  case remote(RemoteRequest)
  /// Time passed with nothing else to report (the session's poll timed out).
  case tick
}

/// The signals the picker reacts to, named for what they mean to it.
public enum PickerSignal: Equatable, Sendable {
  /// SIGINT or SIGTERM: abort.
  case interrupt
  /// SIGHUP: the terminal went away.
  case hangUp
  /// SIGWINCH: the window changed size.
  case windowChanged
  /// SIGCONT: pick was stopped from outside and continued.
  case continued
  /// SIGTSTP: stop like a job.
  case terminalStop
}

/// Where the frame is: its size and the terminal row (1-based) of its first
/// row (the whole screen, or an inline `--height` area).
public struct TerminalGeometry: Equatable, Sendable {
  public var columns: Int
  public var rows: Int
  public var origin: Int

  public init(columns: Int, rows: Int, origin: Int = 1) {
    self.columns = columns
    self.rows = rows
    self.origin = origin
  }
}
