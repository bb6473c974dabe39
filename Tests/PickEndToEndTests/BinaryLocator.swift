import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the `pick` binary under test lives.
///
/// In order: the `PICK_BINARY` environment variable (an absolute path; point
/// it at a wrapper around fzf to check the expectations against fzf), then
/// `.build/debug/pick` in the package that holds this source file, then a
/// `pick` next to the test bundle. Tests run the binary by absolute path:
/// Debian ships an unrelated `/usr/bin/pick`.
func pickBinaryPath() -> String {
  if let fromEnvironment = getenv("PICK_BINARY").map({ String(cString: $0) }),
    !fromEnvironment.isEmpty
  {
    return fromEnvironment
  }
  // #filePath is …/Tests/PickEndToEndTests/BinaryLocator.swift.
  let packageRoot = parentDirectory(parentDirectory(parentDirectory(#filePath)))
  let candidates = [
    packageRoot + "/.build/debug/pick",
    parentDirectory(CommandLine.arguments.first ?? ".") + "/pick",
  ]
  for candidate in candidates where access(candidate, X_OK) == 0 {
    return candidate
  }
  return candidates[0]
}

/// The directory part of `path` ("." when it has none).
func parentDirectory(_ path: String) -> String {
  var bytes = Array(path.utf8)
  while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
  guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
  if slash == 0 { return "/" }
  return String(decoding: bytes[..<slash], as: UTF8.self)
}

/// Whether `PICK_BINARY` runs fzf itself (set `PICK_REFERENCE_IS_FZF=1`): a
/// way to check that the expectations taken from fzf still hold for fzf.
var referenceIsFzf: Bool { getenv("PICK_REFERENCE_IS_FZF") != nil }

/// fzf 0.74.5, which some tests compare pick with: the path in
/// `PICK_REFERENCE_FZF`, else the first `fzf` on PATH whose `--version` says
/// 0.74.5; nil when there is none (those tests skip and say so). Debian's
/// `apt-get install fzf` is an older fzf; 0.74.5 is one static binary from
/// fzf's GitHub releases.
func referenceFzfPath() -> String? {
  if let path = getenv("PICK_REFERENCE_FZF").map({ String(cString: $0) }), !path.isEmpty {
    return access(path, X_OK) == 0 ? path : nil
  }
  let searchPath = getenv("PATH").map { String(cString: $0) } ?? ""
  for directory in searchPath.split(separator: ":") {
    let candidate = "\(directory)/fzf"
    guard access(candidate, X_OK) == 0,
      let result = try? runProgram(candidate, arguments: [Array("--version".utf8)], timeout: 10),
      String(decoding: result.stdout, as: UTF8.self).hasPrefix("0.74.5")
    else { continue }
    return candidate
  }
  return nil
}

/// Runs `body`; when the reference is fzf and `fzfDiffers`, its failures are
/// known issues (and it must fail: the difference is real).
func checkAllowingFzfDifference(
  _ fzfDiffers: Bool, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void
) rethrows {
  if referenceIsFzf && fzfDiffers {
    withKnownIssue(
      "fzf differs here on purpose (Docs/fzf-compatibility.md)", sourceLocation: sourceLocation, body)
  } else {
    try body()
  }
}
