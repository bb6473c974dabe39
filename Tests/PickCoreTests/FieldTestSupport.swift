@testable import PickCore

/// Runs `body` over the bytes of `text`, as the matcher sees an item.
func withItem<R>(_ text: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
  text.withUnsafeBufferPointer(body)
}

/// `-d` as a test table spells it: `nil` is AWK style.
func splitter(_ delimiter: String?) -> FieldSplitter {
  FieldSplitter(delimiter: delimiter.map { Array($0.utf8) })
}

/// A field list that the table knows is valid.
func ranges(_ list: String) -> [FieldRange] {
  FieldRange.parseList(list) ?? []
}

/// The bytes of `ranges` in `text`, as strings, so failures read well.
func slices(_ ranges: [Range<Int>], of text: [UInt8]) -> [String] {
  ranges.map { String(decoding: text[$0], as: UTF8.self) }
}
