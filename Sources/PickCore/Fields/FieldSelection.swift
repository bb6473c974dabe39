/// The fields named by `--nth`, `--with-nth` or `--accept-nth`, applied to an
/// item exactly as fzf 0.74 applies them (each checked with `fzf --filter`).
///
/// Every range expression selects a run of consecutive fields (see
/// `FieldRange.tokenSpan`); since a field keeps the separator that ends it,
/// that run is one contiguous slice of the text. The three options then
/// differ only in what they make of the slices:
///
/// - `--nth` (`chunks`): each expression is its own chunk, and a query term
///   must match inside one chunk: `ab cd` with `--nth 1,2` does not match
///   `bc`, with `--nth 1..2` it does. With a literal delimiter the last chunk
///   (only the last, and only one occurrence) loses its trailing delimiter, so
///   that `$` can anchor there: `a,b,c` with `-d, --nth 1` matches `a$`, not
///   `a,$`; with `--nth 1,2` the first chunk is still `a,`. AWK-style chunks
///   keep their trailing blanks (fzf's `$` skips trailing white space anyway).
///   A lone expression covering every field (`..`, `1..`) means no `--nth`:
///   the whole text, leading blanks included.
/// - `--with-nth` (`shownText`): the slices concatenated in order, then
///   trailing Unicode white space trimmed; a trailing literal delimiter stays.
///   `a,b,c` with `-d, --with-nth 3,1` shows `ca,`; `a b c` with
///   `--with-nth 1` shows `a`. `--nth` then indexes this text, split again.
/// - `--accept-nth` (`acceptedText`): the slices concatenated, then one
///   trailing delimiter removed (AWK style: all trailing Unicode white space).
///   `a,b,c` with `-d, --accept-nth 3,1` prints `ca`; `  a  b\tc  ` with
///   `--accept-nth 2,1` prints `b\ta`. It indexes the original item, never the
///   `--with-nth` text.
///
/// Out-of-range and reversed expressions select nothing; nothing at all prints
/// an empty line.
public struct FieldSelection: Equatable, Sendable {
  public let ranges: [FieldRange]
  public let splitter: FieldSplitter
  /// A `--with-nth`/`--accept-nth` template (FieldTemplate.swift), which
  /// replaces `ranges` for the shown and accepted text.
  public let template: FieldTemplate?

  public init(_ ranges: [FieldRange], splitter: FieldSplitter) {
    self.ranges = ranges
    self.splitter = splitter
    template = nil
  }

  public init(_ spec: FieldSpec, splitter: FieldSplitter) {
    self.splitter = splitter
    switch spec {
    case .ranges(let ranges):
      self.ranges = ranges
      template = nil
    case .template(let template):
      ranges = []
      self.template = template
    }
  }

  /// Whether `--nth` with these ranges searches the whole text, so a matcher
  /// can skip splitting: no ranges, or one that covers every field.
  public var searchesWholeText: Bool {
    ranges.isEmpty || (ranges.count == 1 && ranges[0].coversAllFields)
  }

  /// The `--nth` chunks of `text`, as byte ranges into it, into `chunks`
  /// (cleared first). One chunk per expression, in the order given; an empty
  /// selection is an empty range. `tokens` is scratch space to reuse.
  public func chunks(
    of text: UnsafeBufferPointer<UInt8>, tokens: inout [Range<Int>],
    into chunks: inout [Range<Int>]
  ) {
    chunks.removeAll(keepingCapacity: true)
    if searchesWholeText {
      chunks.append(0..<text.count)
      return
    }
    splitter.tokenize(text, into: &tokens)
    for range in ranges {
      let span = range.tokenSpan(count: tokens.count)
      if let first = span.indices.first, let last = span.indices.last {
        chunks.append(tokens[first].lowerBound..<tokens[last].upperBound)
      } else {
        let position = span.anchor < tokens.count ? tokens[span.anchor].lowerBound : 0
        chunks.append(position..<position)
      }
    }
    if let delimiter = splitter.delimiter, let last = chunks.last {
      chunks[chunks.count - 1] = last.lowerBound..<endRemovingSuffix(delimiter, of: last, in: text)
    }
  }

  /// Appends the `--with-nth` text of `text` (what is shown and searched) to `out`.
  public func shownText(
    of text: UnsafeBufferPointer<UInt8>, tokens: inout [Range<Int>], into out: inout [UInt8], index: Int = -1
  ) {
    let start = out.count
    if let template {
      appendTemplate(template, of: text, index: index, tokens: &tokens, to: &out)
    } else {
      appendSelectedFields(of: text, ranges: ranges, tokens: &tokens, to: &out)
    }
    let end = out.withUnsafeBufferPointer { joined in
      FieldBytes.endTrimmingWhitespace(of: start..<joined.count, in: joined)
    }
    out.removeSubrange(end...)
  }

  /// Appends the `--accept-nth` output of `text` (the original item) to `out`.
  public func acceptedText(
    of text: UnsafeBufferPointer<UInt8>, tokens: inout [Range<Int>], into out: inout [UInt8], index: Int = -1
  ) {
    if let template {
      appendTemplate(template, of: text, index: index, tokens: &tokens, to: &out)
      return
    }
    appendStrippedFields(of: text, ranges: ranges, tokens: &tokens, to: &out)
  }

  /// Appends the text of a `{N}` placeholder: the slices concatenated, then
  /// one trailing literal delimiter removed, white space kept (the template
  /// trims it unless the placeholder has the `s` flag), as fzf's placeholders.
  public func placeholderText(
    of text: UnsafeBufferPointer<UInt8>, tokens: inout [Range<Int>], into out: inout [UInt8]
  ) {
    let start = out.count
    appendSelectedFields(of: text, ranges: ranges, tokens: &tokens, to: &out)
    guard let delimiter = splitter.delimiter else { return }
    let end = out.withUnsafeBufferPointer { endRemovingSuffix(delimiter, of: start..<$0.count, in: $0) }
    out.removeSubrange(end...)
  }

  /// Fills in a template: its text as written, each placeholder's fields
  /// stripped of one trailing delimiter (AWK style: trailing white space), `{n}` the index.
  private func appendTemplate(
    _ template: FieldTemplate, of text: UnsafeBufferPointer<UInt8>, index: Int, tokens: inout [Range<Int>],
    to out: inout [UInt8]
  ) {
    for part in template.parts {
      switch part {
      case .text(let literal): out += literal
      case .index: if index >= 0 { out += Array(String(index).utf8) }
      case .fields(let ranges): appendStrippedFields(of: text, ranges: ranges, tokens: &tokens, to: &out)
      }
    }
  }

  /// Appends the fields `ranges` select, then removes one trailing literal
  /// delimiter (AWK style: all trailing white space): `--accept-nth`'s text,
  /// and a template placeholder's.
  private func appendStrippedFields(
    of text: UnsafeBufferPointer<UInt8>, ranges: [FieldRange], tokens: inout [Range<Int>], to out: inout [UInt8]
  ) {
    let start = out.count
    appendSelectedFields(of: text, ranges: ranges, tokens: &tokens, to: &out)
    let end = out.withUnsafeBufferPointer { joined in
      if let delimiter = splitter.delimiter {
        return endRemovingSuffix(delimiter, of: start..<joined.count, in: joined)
      }
      return FieldBytes.endTrimmingWhitespace(of: start..<joined.count, in: joined)
    }
    out.removeSubrange(end...)
  }

  /// Concatenates the fields `ranges` select, each with its trailing separator.
  private func appendSelectedFields(
    of text: UnsafeBufferPointer<UInt8>, ranges: [FieldRange], tokens: inout [Range<Int>], to out: inout [UInt8]
  ) {
    splitter.tokenize(text, into: &tokens)
    for range in ranges {
      let span = range.tokenSpan(count: tokens.count)
      guard let first = span.indices.first, let last = span.indices.last else { continue }
      let slice = tokens[first].lowerBound..<tokens[last].upperBound
      out.append(contentsOf: UnsafeBufferPointer(rebasing: text[slice]))
    }
  }

  /// The end of `range` once one trailing `suffix` is removed (Go's `strings.TrimSuffix`).
  private func endRemovingSuffix(
    _ suffix: [UInt8], of range: Range<Int>, in text: UnsafeBufferPointer<UInt8>
  ) -> Int {
    guard !suffix.isEmpty, range.count >= suffix.count else { return range.upperBound }
    let start = range.upperBound - suffix.count
    for (offset, byte) in suffix.enumerated() where text[start + offset] != byte {
      return range.upperBound
    }
    return start
  }
}
