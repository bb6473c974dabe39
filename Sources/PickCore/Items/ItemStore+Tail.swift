/// `--tail=N`: an endless stream (a log followed with `tail -f`) keeps only
/// its last N items, in memory bounded by them.
///
/// The store never frees or moves what it holds (readers take no lock), so
/// dropping items means a new store: once the items that fell out of the
/// window take as many bytes as the last N (and at least 4 MiB), the
/// reading thread copies the header lines, the last N items and the item
/// still arriving into a fresh store and hands it to the controller, which
/// moves the selection and the cursor down by the number dropped
/// (`PickerController.trimmed`). The old store goes when the last search
/// reading it ends. Memory therefore stays within about three times the
/// last N items' bytes, or 12 MiB (two stores while the copy is made), and
/// each copy moves no more bytes than were read since the one before:
/// linear in the input, as reading is. The picker shows only the last N
/// items meanwhile (`PickerController.searchedRange`).
extension ItemStore {
  /// Bytes the items out of `--tail=keep`'s window must reach before a copy.
  public static let trimmedBytesAtLeast = 4 << 20

  /// Whether the items out of `--tail=keep`'s window take enough bytes to copy the rest.
  public func needsTrim(header: Int, keep: Int, atLeast minimum: Int = trimmedBytesAtLeast) -> Bool {
    let header = min(header, count)
    guard count - header > keep else { return false }
    let first = count - keep
    let dropped = items(header..<first).count
    return dropped >= max(items(first..<count).count, minimum)
  }

  /// A store with the first `header` items, the last `keep` of the others
  /// and the bytes of the item still arriving; the items dropped are
  /// `header ..< header + dropped` of this one. Called by the writer.
  /// Under `--ansi` the items kept lose their colours (the copy holds the
  /// text already stripped of its escape sequences).
  public func keepingTail(header: Int, keep: Int) throws(Failure) -> (store: ItemStore, dropped: Int) {
    let header = min(header, count)
    let first = max(count - keep, header)
    let kept = try ItemStore(
      separator: separator, byteLimit: byteLimit, itemLimit: itemLimit,
      interpretsANSI: ansiFilter != nil || stripsItems,
      keepsColors: !stripsItems)
    try kept.append(UnsafeRawBufferPointer(items(0..<header)))
    try kept.append(UnsafeRawBufferPointer(items(first..<count)))
    try kept.append(UnsafeRawBufferPointer(pendingBytes))
    return (kept, first - header)
  }
}
