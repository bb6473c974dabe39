/// A status line's code and reason phrase.
public struct HTTPStatus: Equatable, Sendable {
  public var code: Int
  public var reason: String

  public static let ok = HTTPStatus(code: 200, reason: "OK")
  public static let badRequest = HTTPStatus(code: 400, reason: "Bad Request")
  public static let unauthorized = HTTPStatus(code: 401, reason: "Unauthorized")
  public static let requestTimeout = HTTPStatus(code: 408, reason: "Request Timeout")
  public static let contentTooLarge = HTTPStatus(code: 413, reason: "Content Too Large")
  public static let uriTooLong = HTTPStatus(code: 414, reason: "URI Too Long")
  public static let headerFieldsTooLarge = HTTPStatus(code: 431, reason: "Request Header Fields Too Large")
  public static let unavailable = HTTPStatus(code: 503, reason: "Service Unavailable")
}

/// The bytes of `--listen`'s answers, shaped as fzf's server writes them:
/// a status line, `Content-Length` when there is a body, and the body
/// followed by a newline. The connection is closed after each answer.
public enum HTTPResponse {
  /// A POST's actions were taken: fzf's bare `200 OK` with no body.
  public static let accepted = Array("HTTP/1.1 200 OK\r\n\r\n".utf8)

  /// A POST's actions could not be queued (the picker is not taking them):
  /// fzf's bare `503`.
  public static let busy = Array("HTTP/1.1 503 Service Unavailable\r\n\r\n".utf8)

  /// A GET that the picker did not answer in time: fzf's `{"error":"timeout"}`.
  public static let timedOut = answer(.unavailable, body: Array(#"{"error":"timeout"}"#.utf8), isJSON: true)

  /// A refusal: the status and the message (a line of text).
  public static func failure(_ failure: HTTPRequestParser.Failure) -> [UInt8] {
    answer(failure.status, body: Array(failure.message.utf8), isJSON: false)
  }

  /// The state, for a GET.
  public static func json(_ body: [UInt8]) -> [UInt8] {
    answer(.ok, body: body, isJSON: true)
  }

  static func answer(_ status: HTTPStatus, body: [UInt8], isJSON: Bool) -> [UInt8] {
    var head = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
    if isJSON { head += "Content-Type: application/json\r\n" }
    head += "Content-Length: \(body.count + 1)\r\n\r\n"
    return Array(head.utf8) + body + [0x0A]
  }
}
