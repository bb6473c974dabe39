/// Where `--listen` serves: a TCP port on an IPv4 address, or a Unix socket.
///
/// The grammar is fzf 0.74's: `--listen` alone or `--listen=0` is a port the
/// system chooses on localhost, `--listen=PORT` that port on localhost,
/// `--listen=ADDR:PORT` (`ADDR` empty: localhost) that address, and a value
/// ending in `.sock` a Unix socket at that path. pick adds two spellings fzf
/// rejects: a value holding `/` is a socket path too (`--listen=/run/x`),
/// and `--listen=unix` asks pick to choose a socket path itself (in a
/// private directory, `PICK_SOCK` then names it).
///
/// Addresses are IPv4 numbers or `localhost`: pick links statically and
/// resolves no host names (there is no NSS in a static binary), so
/// `--listen=myhost:80` is refused at start instead of failing oddly.
public enum ListenAddress: Equatable, Sendable {
  /// A TCP port (0: the system chooses) on `host` (dotted IPv4, `127.0.0.1` for localhost).
  case tcp(host: String, port: Int)
  /// A Unix socket at this path, created 0600 and removed on exit.
  case socket(path: [UInt8])
  /// A Unix socket at a path pick chooses, in a directory only the user can enter.
  case privateSocket

  /// `--listen` with no value: a port the system chooses, on localhost.
  public static let localAnyPort = ListenAddress.tcp(host: "127.0.0.1", port: 0)

  /// Whether only this machine's processes can connect: a loopback address
  /// (127.0.0.0/8) or a Unix socket. Anything else needs `PICK_API_KEY`.
  public var isLocal: Bool {
    switch self {
    case .tcp(let host, _): return host.hasPrefix("127.")
    case .socket, .privateSocket: return true
    }
  }

  /// Parses a `--listen` value.
  public static func parse(_ value: [UInt8]) throws(InvalidValue) -> ListenAddress {
    let text = String(decoding: value, as: UTF8.self)
    if text == "unix" { return .privateSocket }
    if text.hasSuffix(".sock") || value.contains(UInt8(ascii: "/")) {
      guard !value.contains(0) else { throw InvalidValue("a socket path cannot hold a NUL byte") }
      // sockaddr_un holds 108 bytes with the terminating NUL.
      guard value.count <= 107 else { throw InvalidValue("a socket path is at most 107 bytes") }
      return .socket(path: value)
    }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count <= 2 else { throw InvalidValue("expected [ADDR:]PORT or a socket path ending in .sock") }
    let portText = parts.last.map(String.init) ?? ""
    guard let port = Int(portText), (0...65535).contains(port) else {
      throw InvalidValue("invalid port: \(portText) (0 to 65535)")
    }
    let hostText = parts.count == 2 ? String(parts[0]) : ""
    return .tcp(host: try host(hostText), port: port)
  }

  /// The dotted IPv4 address `text` names (`localhost` and empty: 127.0.0.1).
  static func host(_ text: String) throws(InvalidValue) -> String {
    if text.isEmpty || text == "localhost" { return "127.0.0.1" }
    let octets = text.split(separator: ".", omittingEmptySubsequences: false).compactMap { octet -> Int? in
      guard (1...3).contains(octet.count), octet.allSatisfy({ $0 >= "0" && $0 <= "9" }) else { return nil }
      return Int(octet).flatMap { $0 <= 255 ? $0 : nil }
    }
    guard octets.count == 4, text.split(separator: ".", omittingEmptySubsequences: false).count == 4 else {
      throw InvalidValue("invalid address: \(text) (an IPv4 address or localhost; pick resolves no host names)")
    }
    // Leading zeros dropped, so that `127.000.0.1` is seen as loopback and written as the system would.
    return octets.map(String.init).joined(separator: ".")
  }
}
