/// `--walker=[file][,dir][,follow][,hidden]`: what the file walker lists and
/// how it walks, when standard input is a terminal (fzf 0.74's option).
///
/// The value is a comma-separated list of words, each turning one thing on;
/// what is not named is off. Case is ignored and empty words are skipped, as
/// fzf does; at least one of `file` and `dir` must be named.
public struct WalkerOptions: Equatable, Sendable {
  /// `file`: list everything that is not a directory (files, symbolic links
  /// to files, dangling links, devices, sockets).
  public var listsFiles: Bool
  /// `dir`: list directories, each with a trailing `/`.
  public var listsDirectories: Bool
  /// `follow`: walk into symbolic links to directories (each directory once).
  public var followsLinks: Bool
  /// `hidden`: walk into (and list) directories whose names start with `.`.
  /// Hidden files are listed either way, as in fzf.
  public var walksHidden: Bool

  /// fzf's default: `file,follow,hidden`.
  public init(
    listsFiles: Bool = true, listsDirectories: Bool = false, followsLinks: Bool = true,
    walksHidden: Bool = true
  ) {
    self.listsFiles = listsFiles
    self.listsDirectories = listsDirectories
    self.followsLinks = followsLinks
    self.walksHidden = walksHidden
  }

  /// Parses the value of `--walker`.
  public static func parse(_ bytes: [UInt8]) throws(InvalidValue) -> WalkerOptions {
    var options = WalkerOptions(
      listsFiles: false, listsDirectories: false, followsLinks: false, walksHidden: false)
    for word in String(decoding: bytes, as: UTF8.self).lowercased().split(separator: ",") {
      switch word {
      case "file": options.listsFiles = true
      case "dir": options.listsDirectories = true
      case "follow": options.followsLinks = true
      case "hidden": options.walksHidden = true
      default:
        throw InvalidValue("'\(word)' is not one of file, dir, follow, hidden")
      }
    }
    guard options.listsFiles || options.listsDirectories else {
      throw InvalidValue("name at least one of file and dir")
    }
    return options
  }
}
