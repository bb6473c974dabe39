import PickTestSupport

/// Queries for file paths, as people type them to open a file.
extension QueryStrategy {
  func pathProposal(for line: LineAnatomy, using rng: inout SeededGenerator) -> Proposal? {
    let stem = line.stem
    switch self {
    case .basenamePrefix:
      // The start of the file name: `rout` for `router.go`.
      guard stem.count >= 3 else { return nil }
      let typed = line.prefix(of: line.basename, rng.within(3...6))
      return Proposal(query: String(decoding: typed, as: UTF8.self), reading: .basenamePrefix(typed))

    case .directoryThenFile, .directorySlashFile:
      // A few letters of a directory, then of the file: `srcfoo`, `src/foo`.
      guard stem.count >= 2, !line.directories.isEmpty else { return nil }
      let directory = line.prefix(of: rng.element(of: line.directories), rng.within(2...3))
      let file = line.prefix(of: stem, rng.within(2...4))
      guard directory.count >= 2, directory.allSatisfy(LineAnatomy.isAlphanumeric) else { return nil }
      let separator: [UInt8] = self == .directorySlashFile ? Array("/".utf8) : []
      return Proposal(
        query: String(decoding: directory + separator + file, as: UTF8.self),
        reading: .directoryAndBasename(directory: directory, file: file))

    case .nameWithExtension:
      // The whole file name: `router.go`.
      guard line.stemEnd < line.text.count, stem.count >= 1 else { return nil }
      let name = Array(line.text[line.basename])
      return Proposal(query: String(decoding: name, as: UTF8.self), reading: .basename(name))

    case .pathTwoWords:
      // A fragment of a directory word and one of a file-name word, in
      // either order: `net dev`, `auth sess`.
      let directoryWords = line.words.filter { $0.upperBound <= line.basenameStart && $0.count >= 2 }
      let fileWords = line.words.filter { stem.contains($0.lowerBound) && $0.count >= 2 }
      guard !directoryWords.isEmpty, !fileWords.isEmpty else { return nil }
      let a = line.prefix(of: rng.element(of: directoryWords), rng.within(3...5))
      let b = line.prefix(of: rng.element(of: fileWords), rng.within(3...5))
      guard a != b else { return nil }
      let fragments = rng.chance(0.6) ? [a, b] : [b, a]
      return Proposal(
        query: fragments.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " "),
        reading: .wordPrefixes(fragments))

    case .acronym:
      // Initials of two or three directories, then the start of the name:
      // `scbut` for `src/components/Button/Button.tsx`.
      guard line.directories.count >= 2, stem.count >= 2 else { return nil }
      let chosen = rng.sample(rng.within(2...min(3, line.directories.count)), of: Array(line.directories.indices))
        .sorted()
      let initials = chosen.compactMap { line.initial(of: line.directories[$0]) }
      guard initials.count == chosen.count else { return nil }
      let file = line.prefix(of: stem, rng.within(2...4))
      return Proposal(
        query: String(decoding: initials + file, as: UTF8.self),
        reading: .initialsAndBasename(initials: initials, file: file))

    default:
      return nil
    }
  }
}
