/// `change-*`, `transform-*`, `bg-transform-*` and `transform(CMD)`: the
/// picker's text (header, footer, labels, ghost, pointer, prompt, query)
/// changed from a binding, given as text or printed by a command.
///
/// A command runs as an effect, so the controller stays pure: it asks the
/// session to run it (`PickerEffect.runTransform`, with an id) and the
/// session reports what it printed (`PickerEvent.transformOutput`). Until
/// then a `transform-*` holds back the actions after it, as fzf runs it
/// synchronously; a `bg-transform-*` does not, and its value is applied
/// when it comes. `bg-cancel` drops the background ones still running.
extension PickerController {
  /// A transform command that has not answered yet.
  struct PendingTransform {
    /// What its output sets; nil for `transform(CMD)`, whose output is actions.
    var target: ChangeTarget?
    var isBackground: Bool
    /// The key that ran it, for a bare `put` among the actions it prints.
    var keyName: String?
  }

  /// Starts a transform command; a foreground one blocks the actions after it.
  mutating func startTransform(
    _ target: ChangeTarget?, command: String, isBackground: Bool, trigger: Trigger
  ) -> [PickerEffect] {
    let template = PreviewTemplate(Array(command.utf8))
    lastTransformID += 1
    let id = lastTransformID
    transforms[id] = PendingTransform(target: target, isBackground: isBackground, keyName: trigger.keyName)
    if !isBackground { blocker = .transform(id) }
    return [.runTransform(id: id, template, commandContext(for: template), isBackground: isBackground)]
  }

  /// A transform command printed `output` and ended: its value, or the
  /// actions it printed, run before anything that waited for it.
  mutating func transformPrinted(id: Int, _ output: [UInt8], now: Int) -> [PickerEffect] {
    guard let pending = transforms.removeValue(forKey: id) else { return [] }
    if case .transform(id) = blocker { blocker = nil }
    let actions: [PickerAction]
    if let target = pending.target {
      actions = [Self.changeAction(target, target.value(from: output))]
    } else {
      // fzf trims the line ends around the actions, and ignores output it cannot parse.
      var text = output[...]
      while let last = text.last, last == 0x0A || last == 0x0D { text = text.dropLast() }
      while let first = text.first, first == 0x0A || first == 0x0D { text = text.dropFirst() }
      actions = (try? BindingParser.actionList(Array(text), key: pending.keyName)) ?? []
    }
    queue.insert(.actions(actions, Trigger(keyName: pending.keyName)), at: 0)
    return resume(now: now)
  }

  /// `bg-cancel`: the background commands' output is no longer wanted.
  mutating func cancelBackgroundTransforms() -> [PickerEffect] {
    transforms = transforms.filter { !$0.value.isBackground }
    return [.cancelBackground]
  }

  /// The action that sets `target` to `value`.
  static func changeAction(_ target: ChangeTarget, _ value: [UInt8]) -> PickerAction {
    switch target {
    case .query: return .changeQuery(value)
    case .prompt: return .changePrompt(value)
    case .search: return .search(value)
    default: return .change(target, value)
    }
  }

  /// `change-NAME(TEXT)` for what lives in the options (`PickerConfiguration`
  /// is made again from them): the header, the footer, the ghost text, the
  /// pointer and the labels. An empty header or footer removes it; a pointer
  /// wider than two columns is ignored, as in fzf.
  mutating func change(_ target: ChangeTarget, to value: [UInt8]) {
    switch target {
    case .query, .prompt, .search:
      _ = state.apply(Self.changeAction(target, value))
      return
    case .header: options.header = value.isEmpty ? nil : value
    case .footer: options.footer = value.isEmpty ? nil : value
    case .ghost: options.ghost = value
    case .pointer:
      do throws(InvalidValue) { try options.itemMarks.setPointer(value) } catch { return }
    case .borderLabel: options.decoration.label.text = value
    case .listLabel: options.sections.listLabel.text = value
    case .previewLabel: options.sections.previewLabel.text = value
    case .inputLabel: options.sections.inputLabel.text = value
    case .headerLabel: options.sections.headerLabel.text = value
    case .footerLabel: options.sections.footerLabel.text = value
    }
    reconfigure()
  }

  /// The configuration made again from the options as they are now (the
  /// header hidden by `hide-header`).
  mutating func reconfigure() {
    var shown = options
    if isHeaderHidden {
      shown.header = nil
      shown.headerLines = 0
    }
    state.configuration = PickerConfiguration(options: shown)
  }
}
