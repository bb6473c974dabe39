import PickTestSupport

/// find(1)-like paths from a virtual source tree.
///
/// The tree is walked depth first as it is generated: each directory holds a
/// few files (a long-tailed count, mean about six) and some subdirectories
/// (many near the root, about one deeper down, none below depth nine), so the
/// output has find's shape: runs of siblings sharing a long prefix, a few huge
/// subtrees, mostly short names. Each directory has a language (C, Python,
/// Swift, ...) that its files' extensions and special names follow and that it
/// usually hands down to its subdirectories.
///
/// Component names come from a `NameSource`, so the `unicode` corpus is the
/// same tree with other names.
struct PathCorpus {
  /// Makes one directory name or file stem.
  typealias NameSource = (inout SeededGenerator) -> [UInt8]

  private var random: SeededGenerator
  private let name: NameSource
  private var output: [UInt8] = []
  private var remaining: Int

  private static let languages = Vocabulary.languages.map { language in
    (extensions: language.extensions.map { Array($0.utf8) }, files: language.specialFiles.map { Array($0.utf8) })
  }
  private static let commonExtensions = Vocabulary.commonExtensions.map { Array($0.utf8) }
  private static let commonFiles = Vocabulary.commonFiles.map { Array($0.utf8) }
  private static let roots = Vocabulary.roots.map { Array($0.utf8) }

  /// `count` newline-terminated paths.
  static func generate(count: Int, seed: UInt64, name: @escaping NameSource) -> [UInt8] {
    var corpus = PathCorpus(random: SeededGenerator(seed: seed), name: name, remaining: count)
    corpus.output.reserveCapacity(count * 64)
    while corpus.remaining > 0 {
      var prefix = corpus.random.skewedElement(of: roots)
      prefix.append(UInt8(ascii: "/"))
      prefix += corpus.name(&corpus.random)
      prefix.append(UInt8(ascii: "/"))
      let language = corpus.random.below(languages.count)
      corpus.walk(prefix: prefix, depth: 1, language: language)
    }
    return corpus.output
  }

  private mutating func walk(prefix: [UInt8], depth: Int, language: Int) {
    let files = 1 + random.count(mean: 5)
    for _ in 0..<files {
      guard remaining > 0 else { return }
      output += prefix
      output += fileName(language: language)
      output.append(UInt8(ascii: "\n"))
      remaining -= 1
    }
    let directories = depth >= 9 ? 0 : random.count(mean: depth < 3 ? 2.6 : 1.0)
    for _ in 0..<directories {
      guard remaining > 0 else { return }
      var child = prefix
      child += name(&random)
      child.append(UInt8(ascii: "/"))
      let childLanguage = random.chance(0.9) ? language : random.below(Self.languages.count)
      walk(prefix: child, depth: depth + 1, language: childLanguage)
    }
  }

  private mutating func fileName(language: Int) -> [UInt8] {
    let roll = random.unit()
    if roll < 0.06 { return random.element(of: Self.languages[language].files) }
    if roll < 0.09 { return random.element(of: Self.commonFiles) }
    var file = name(&random)
    if roll < 0.11 { return file }  // no extension: scripts, binaries
    file.append(UInt8(ascii: "."))
    file +=
      random.chance(0.75)
      ? random.skewedElement(of: Self.languages[language].extensions)
      : random.skewedElement(of: Self.commonExtensions)
    return file
  }
}
