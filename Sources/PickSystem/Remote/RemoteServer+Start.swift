import Glibc
import PickCore

extension RemoteServer {
  /// `PICK_API_KEY`, empty when unset.
  public static func apiKey() -> [UInt8] {
    ProcessEnvironment.value("PICK_API_KEY") ?? []
  }

  /// Why `--listen` cannot be served as asked, checked before anything is
  /// read or drawn: a non-local address needs `PICK_API_KEY` (fzf's rule).
  public static func refusal(of options: Options, apiKey: [UInt8]) -> UsageFailure? {
    guard let address = options.listen, !address.isLocal, apiKey.isEmpty else { return nil }
    guard case .tcp(let host, let port) = address else { return nil }
    return UsageFailure(
      "--listen=\(host):\(port): PICK_API_KEY is required to listen on an address other than localhost")
  }

  /// Starts the server `--listen` asks for (nil without it), and exports
  /// where it listens to the commands pick runs: `PICK_PORT` (TCP) or
  /// `PICK_SOCK` (a Unix socket). Call on the main thread before the
  /// session starts: every child's environment is copied from pick's own
  /// (`ChildProcess`), so this is the one place that sets them.
  public static func start(for options: Options, apiKey: [UInt8]) throws -> RemoteServer? {
    guard let address = options.listen else { return nil }
    let server = try RemoteServer(address: address, apiKey: apiKey, unsafe: options.listenUnsafe)
    if let port = server.port { setenv("PICK_PORT", String(port), 1) }
    if let path = server.socketPath {
      let cPath = path.map { CChar(bitPattern: $0) } + [0]
      cPath.withUnsafeBufferPointer { buffer in
        if let base = buffer.baseAddress { _ = setenv("PICK_SOCK", base, 1) }
      }
    }
    return server
  }
}
