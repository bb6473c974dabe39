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

/// Runs `body`; when the reference is fzf and `fzfDiffers`, its failures are
/// known issues (and it must fail: the difference is real).
func checkAllowingFzfDifference(
  _ fzfDiffers: Bool, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void
) rethrows {
  if referenceIsFzf && fzfDiffers {
    withKnownIssue(
      "fzf differs here on purpose (DECISIONS.md)", sourceLocation: sourceLocation, body)
  } else {
    try body()
  }
}
