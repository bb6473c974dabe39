/// What makes an item "the same item" when the items are replaced
/// (`reload`): its whole text, or with `--id-nth` the text of those fields.
///
/// Within one input an item is its arrival number. A reload reads a new
/// input, so the selection and the cursor are carried over by text. A
/// process list or `kubectl get pods` changes columns such as CPU time or
/// age between reloads; `--id-nth 2` (the PID) keeps a selected process
/// selected while its other columns change. The key is the fields' text as
/// `--accept-nth` gives it (joined, the last delimiter dropped), as fzf
/// 0.74's tracking key.
public struct ItemIdentity: Sendable {
  /// The identity fields; nil: the whole text.
  private let fields: FieldSelection?

  public init(idNth: [FieldRange]?, delimiter: [UInt8]?) {
    fields = idNth.map { FieldSelection($0, splitter: FieldSplitter(delimiter: delimiter)) }
  }

  /// Whether the key is the whole text (no `--id-nth`).
  public var isWholeText: Bool { fields == nil }

  /// The key of `item` (its bytes).
  public func key(of item: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    guard let fields else { return Array(item) }
    var tokens: [Range<Int>] = []
    var key: [UInt8] = []
    fields.acceptedText(of: item, tokens: &tokens, into: &key)
    return key
  }
}
