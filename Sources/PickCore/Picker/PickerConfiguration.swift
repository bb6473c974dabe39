/// The options that shape the interactive picker, taken from `Options` once.
public struct PickerConfiguration: Sendable {
  public typealias Layout = Options.Layout

  public var isMulti = false
  /// `--multi=MAX`; nil without a cap.
  public var cap: Int? = nil
  public var layout: Layout = .reverse
  /// `--cycle`: moving past either end wraps around.
  public var cycles = false
  public var prompt: [UInt8] = Array("> ".utf8)
  /// `--header TEXT`: the select-all row's title in multi mode, a header line in single mode.
  public var header: [UInt8]? = nil
  public var headerLines = 0
  public var outputOrder: OutputOrder = .input
  public var reversesInput = false
  public var usesColor = true
  /// `--color`, `--no-bold`: the style of every part of the screen.
  public var theme = Theme.standard
  public var tabstop = 8

  public init() {}

  public init(options: Options) {
    isMulti = options.multi != nil
    if let multi = options.multi, multi != .max { cap = multi }
    reversesInput = options.tac
    headerLines = options.headerLines
    layout = options.layout
    cycles = options.cycle
    prompt = options.prompt
    header = options.header
    outputOrder = options.outputOrder == .selection ? .selection : .input
    usesColor = options.usesColor
    theme = options.colors.theme(bold: options.bold)
    tabstop = options.tabstop
  }

  /// Whether the Up key moves towards the best match (it does when the best match is drawn on top).
  var upMovesToBetter: Bool { layout != .default }
}
