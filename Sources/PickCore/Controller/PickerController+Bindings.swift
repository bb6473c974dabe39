/// The actions that change the picker beyond its state: the bindings
/// (`trigger`, `unbind`, `rebind`, `toggle-bind`), the options
/// (`change-multi`, `show-header`, the `change-*` of
/// `PickerController+Transform.swift`), the list (`exclude`), what is
/// printed (`print`, `print-query`), and `become`.
extension PickerController {
  /// Runs one of these actions; nil for any other.
  mutating func performBindingAction(_ action: PickerAction, trigger: Trigger) -> [PickerEffect]? {
    switch action {
    case .become(let command): return become(command)
    case .print(let text): printQueue.append(text)
    case .printQuery: return end(.queryPrinted)
    case .bell: return [.bell]
    case .transform(let target, let command, let isBackground):
      return startTransform(target, command: command, isBackground: isBackground, trigger: trigger)
    case .cancelBackground: return cancelBackgroundTransforms()
    case .change(let target, let value): change(target, to: value)
    case .changeMulti(let limit): changeMulti(limit)
    case .unbind(let keys): keymap.unbind(keys)
    case .rebind(let keys): keymap.rebind(keys, from: boundKeymap)
    case .toggleBind(let keys): keymap.toggleBinding(keys, from: boundKeymap)
    case .exclude, .excludeMulti: exclude(selected: action == .excludeMulti)
    case .replaceQuery:
      // As fzf: the text shown for the item (its `--with-nth` fields).
      guard let item = state.currentItem else { return [] }
      let text = shownFields.map { Self.shownText(of: item, in: store, fields: $0) } ?? Array(store.item(item))
      _ = state.apply(.changeQuery(text))
    case .showHeader, .hideHeader, .toggleHeader:
      isHeaderHidden = action == .toggleHeader ? !isHeaderHidden : action == .hideHeader
      reconfigure()
    default: return nil
    }
    return []
  }

  /// `become(CMD)`: the picker ends and the session replaces pick with CMD
  /// (nothing happens when CMD names the item and nothing matches, as fzf).
  private mutating func become(_ command: String) -> [PickerEffect] {
    let template = PreviewTemplate(Array(command.utf8))
    if template.needsItem && state.currentItem == nil { return [] }
    let context = commandContext(for: template)
    return [.become(template, context)] + end(.become)
  }

  /// `trigger(KEYS)` in `actions` replaced by what each key is bound to now,
  /// in order; a key's own `trigger` of itself is skipped, as fzf does.
  func expandingTriggers(_ actions: [PickerAction], excluding: Set<String> = []) -> [PickerAction] {
    actions.flatMap { action -> [PickerAction] in
      guard case .trigger(let keys) = action else { return [action] }
      return keys.filter { !excluding.contains($0) }.flatMap { key in
        expandingTriggers(keymap.bindings[key] ?? [], excluding: excluding.union([key]))
      }
    }
  }

  /// `change-multi` (nil: no limit) and `change-multi(N)` (0: single
  /// selection). As fzf, the selection is cleared when the limit changes;
  /// the keys follow the mode (Tab toggles in multi mode only), and keys
  /// unbound so far stay unbound.
  private mutating func changeMulti(_ limit: Int?) {
    let multi: Int? = limit == 0 ? nil : (limit ?? .max)
    guard multi != options.multi else { return }
    options.multi = multi
    state.selection = Selection(cap: multi == .max ? nil : multi)
    let unbound = boundKeymap.bindings.keys.filter { keymap.bindings[$0] == nil }
    boundKeymap = Keymap(isMulti: multi != nil, history: history != nil, custom: options.bindings)
    keymap = boundKeymap
    keymap.unbind(Array(unbound))
    reconfigure()
  }

  /// `exclude`: the item under the cursor leaves the list (and the
  /// selection) until a reload; `exclude-multi`: the selected items do, or
  /// that item when none is selected. The list is searched again without them.
  private mutating func exclude(selected: Bool) {
    var items: [Int] = []
    if selected && state.selection.count > 0 {
      items = state.selection.ordered(.input, reversed: false)
      state.selection.clear()
    } else if let item = state.currentItem {
      items = [item]
      state.selection.deselect(item)
    }
    guard !items.isEmpty else { return }
    excludedItems.formUnion(items)
    state.exclusions += 1
  }
}
