/// An item's bytes as the grapheme clusters `DisplayLine` draws, each with
/// its columns, source bytes and highlighting (see `DisplayLine` for the
/// placeholders).
///
/// Printable characters collect into runs; a run is split into clusters by
/// the standard library's grapheme breaking (a `String`'s `Character`s), with
/// a one-scalar-per-cluster shortcut for printable ASCII runs. Controls,
/// invalid bytes, bidi controls, separators and tabs end a run and are
/// clusters of their own, as in the item, where they break clusters too.
struct DisplayClusters {
  enum Kind {
    case text
    /// Drawn as `columns` spaces.
    case tab
    /// A run that starts with a mark: drawn on U+25CC ◌.
    case dottedCircle
  }

  struct Cluster {
    /// Its scalars in `scalars`.
    var scalars: Range<Int>
    /// The item bytes it stands for.
    var bytes: Range<Int>
    var columns: Int
    var kind: Kind
    var isMatch = false
    /// The item style run its first byte is in (see `DisplaySegment.run`).
    var run = 0
  }

  static let dottedCircle: Unicode.Scalar = "\u{25CC}"

  let tabstop: Int
  /// `--ambidouble`: how wide East Asian ambiguous characters are.
  let ambiguous: AmbiguousWidth
  /// The column the decoded text starts at, as far as tabs are concerned
  /// (a frozen field's part of a row starts after the part before it).
  let tabOrigin: Int
  /// The scalars to draw, placeholders already in place.
  private(set) var scalars: [Unicode.Scalar] = []
  /// The item offset of each scalar in `scalars`.
  private var offsets: [Int] = []
  private(set) var all: [Cluster] = []
  /// The column where each cluster starts, and the total at the end.
  private(set) var startColumns: [Int] = [0]
  /// Where the current run starts in `scalars`.
  private var runStart = 0
  private var runIsASCII = true

  init(tabstop: Int, ambiguous: AmbiguousWidth = .narrow, tabOrigin: Int = 0) {
    self.tabstop = tabstop
    self.ambiguous = ambiguous
    self.tabOrigin = max(tabOrigin, 0)
  }

  /// The placeholder drawn for a scalar that must not reach the terminal.
  static func placeholder(for value: UInt32) -> UInt32? {
    switch value {
    case 0x00...0x1F: 0x2400 + value
    case 0x7F: 0x2421
    case 0x80...0x9F: 0xFFFD
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: 0x21C6
    case 0x2028, 0x2029: 0x2424
    default: nil
    }
  }

  /// Decodes `item[0..<end]` into clusters.
  mutating func decode(_ item: UnsafeBufferPointer<UInt8>, end: Int) {
    guard let base = item.baseAddress else { return }
    var offset = 0
    while offset < end {
      let byte = base[offset]
      if byte >= 0x20 && byte < 0x7F {
        scalars.append(Unicode.Scalar(byte))
        offsets.append(offset)
        offset += 1
        continue
      }
      if byte < 0x80 {
        endRun(at: offset)
        if byte == 0x09 {
          let column = startColumns[startColumns.count - 1] + tabOrigin % tabstop
          add(Unicode.Scalar(byte), bytes: offset..<offset + 1, columns: tabstop - column % tabstop, kind: .tab)
        } else {
          let placeholder = Self.placeholder(for: UInt32(byte))!
          add(scalar(placeholder), bytes: offset..<offset + 1, columns: placeholderColumns(placeholder), kind: .text)
        }
        offset += 1
        continue
      }
      let length = UTF8Decoding.validSequenceLength(base + offset, available: end - offset)
      guard length > 0 else {
        endRun(at: offset)
        add("\u{FFFD}", bytes: offset..<offset + 1, columns: placeholderColumns(0xFFFD), kind: .text)
        offset += 1
        continue
      }
      let value = UTF8Decoding.scalarValue(base + offset, length: length)
      if let placeholder = Self.placeholder(for: value) {
        endRun(at: offset)
        add(scalar(placeholder), bytes: offset..<offset + length, columns: placeholderColumns(placeholder), kind: .text)
      } else {
        scalars.append(scalar(value))
        offsets.append(offset)
        runIsASCII = false
      }
      offset += length
    }
    endRun(at: end)
  }

  /// Drops the last cluster.
  mutating func removeLast() {
    guard !all.isEmpty else { return }
    all.removeLast()
    startColumns.removeLast()
  }

  /// Highlights each cluster that holds a byte offset of `matches` (ascending).
  mutating func markMatches(_ matches: [Int]) {
    var next = 0
    for index in all.indices {
      let bytes = all[index].bytes
      while next < matches.count && matches[next] < bytes.lowerBound { next += 1 }
      all[index].isMatch = next < matches.count && matches[next] < bytes.upperBound
    }
  }

  /// Gives each cluster its style run: how many of `breaks` (ascending item
  /// offsets where the item's own style changes) come at or before its first byte.
  mutating func markRuns(_ breaks: [Int]) {
    guard !breaks.isEmpty else { return }
    var next = 0
    for index in all.indices {
      let start = all[index].bytes.lowerBound
      while next < breaks.count && breaks[next] <= start { next += 1 }
      all[index].run = next
    }
  }

  /// Appends the text of cluster `index` to `builder`.
  func append(_ index: Int, to builder: inout DisplaySegmentBuilder) {
    let cluster = all[index]
    switch cluster.kind {
    case .text:
      builder.append(
        scalars: scalars[cluster.scalars], columns: cluster.columns, isMatch: cluster.isMatch, run: cluster.run)
    case .tab:
      builder.append(
        String(repeating: " ", count: cluster.columns), columns: cluster.columns, isMatch: cluster.isMatch,
        run: cluster.run)
    case .dottedCircle:
      builder.append(
        scalars: CollectionOfOne(Self.dottedCircle) + scalars[cluster.scalars], columns: cluster.columns,
        isMatch: cluster.isMatch, run: cluster.run)
    }
  }

  // MARK: Private

  private func scalar(_ value: UInt32) -> Unicode.Scalar {
    Unicode.Scalar(value) ?? "\u{FFFD}"
  }

  /// Columns of a placeholder: one, but U+FFFD is East Asian ambiguous and
  /// takes two under `--ambidouble` (the control pictures, ⇆ and ␤ are neutral).
  private func placeholderColumns(_ value: UInt32) -> Int {
    DisplayWidth.columns(of: scalar(value), ambiguous: ambiguous)
  }

  /// A cluster of one scalar that is not part of a run.
  private mutating func add(_ scalar: Unicode.Scalar, bytes: Range<Int>, columns: Int, kind: Kind) {
    scalars.append(scalar)
    offsets.append(bytes.lowerBound)
    runStart = scalars.count
    append(Cluster(scalars: scalars.count - 1..<scalars.count, bytes: bytes, columns: columns, kind: kind))
  }

  private mutating func append(_ cluster: Cluster) {
    all.append(cluster)
    startColumns.append(startColumns[startColumns.count - 1] + cluster.columns)
  }

  /// Splits the run of printable scalars before byte `end` into clusters.
  private mutating func endRun(at end: Int) {
    defer {
      runStart = scalars.count
      runIsASCII = true
    }
    let runEnd = scalars.count
    guard runStart < runEnd else { return }
    func byteEnd(_ scalarEnd: Int) -> Int { scalarEnd < runEnd ? offsets[scalarEnd] : end }
    if runIsASCII {
      for index in runStart..<runEnd {
        append(Cluster(scalars: index..<index + 1, bytes: offsets[index]..<byteEnd(index + 1), columns: 1, kind: .text))
      }
      return
    }
    // A dotted circle in front takes any marks the run starts with, which
    // would otherwise join the cell drawn before the run.
    var text = String.UnicodeScalarView()
    text.append(Self.dottedCircle)
    text.append(contentsOf: scalars[runStart..<runEnd])
    var next = runStart
    var isFirst = true
    for character in String(text) {
      var count = character.unicodeScalars.count
      var kind = Kind.text
      if isFirst {
        isFirst = false
        if count == 1 { continue }
        kind = .dottedCircle
        count -= 1
      }
      let range = next..<next + count
      let columns =
        kind == .dottedCircle
        ? DisplayWidth.columns(of: character, ambiguous: ambiguous)
        : DisplayWidth.columns(ofCluster: scalars[range], ambiguous: ambiguous)
      append(Cluster(scalars: range, bytes: offsets[next]..<byteEnd(next + count), columns: columns, kind: kind))
      next += count
    }
  }
}
