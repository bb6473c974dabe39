/// A GitHub-flavoured Markdown table; numeric columns are right-aligned.
struct MarkdownTable {
  let headers: [String]
  /// Which columns hold numbers.
  let numeric: Set<Int>
  var rows: [[String]] = []

  var markdown: String {
    let rule = headers.indices.map { numeric.contains($0) ? "--:" : "---" }
    return ([headers, rule] + rows).map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n")
  }

  /// `text` as code in a cell: pipes escaped, backticks doubled around it
  /// when the text has one.
  static func code(_ text: String) -> String {
    let escaped = text.replacingPipes()
    return text.contains("`") ? "`` " + escaped + " ``" : "`" + escaped + "`"
  }
}

extension String {
  fileprivate func replacingPipes() -> String {
    var result = ""
    for character in self { result += character == "|" ? "\\|" : String(character) }
    return result
  }
}
