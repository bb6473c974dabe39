import Testing

@testable import PickCore

@Test(arguments: [
  ("conf", "config.go", true), ("conf", "xyz", false), ("cafe", "café", true),
  ("CAFE", "CAFÉ", true), ("写真", "資料/写真.png", true), ("写真", "資料/音楽.png", false),
  ("zq", "日本語のファイル", false), ("k", "\u{212A}elvin", true), ("ж", "Жук", true),
  ("é", "É", true), ("conf", "ｃｏｎｆ", true),
])
func `the byte filter accepts exactly the items whose characters occur in order`(query: String, item: String, mayMatch: Bool) {
  let compiled = CompiledQuery(QueryParser().parse(Array(query.utf8)), scheme: .default)
  let bytes = Array(item.utf8)
  let filterSays = bytes.withUnsafeBufferPointer { compiled.filters[0][0].mayMatch($0) }
  let matches = bytes.withUnsafeBufferPointer { ItemMatcher(compiled).match($0) } != nil
  #expect(filterSays == mayMatch)
  #expect(!matches || filterSays)
  // Fuzzy terms: the filter is exact, so it agrees with the matcher.
  #expect(filterSays == matches)
}

