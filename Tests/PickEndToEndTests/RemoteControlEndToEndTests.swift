// --listen, end to end: the built pick on a pty, controlled over HTTP by the
// test's own client (HTTPTestClient.swift). Each security rule has a case.

import Foundation
import PickTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite(.serialized) struct RemoteControlEndToEndTests {
  private func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "pick-listen-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// The value a preview of `echo NAME=$NAME` shows, once it is on screen.
  private func shown(_ name: String, on picker: Picker) throws -> String {
    // The value ends at the first blank: wait until one follows it.
    let screen = try picker.waitFor { screen in
      guard let range = screen.screenText.range(of: "\(name)=") else { return false }
      return screen.screenText[range.upperBound...].dropFirst().contains(" ")
    }
    let text = screen.screenText
    guard let range = text.range(of: "\(name)=") else { throw HarnessFailure("no \(name) on screen") }
    return String(text[range.upperBound...].prefix { !$0.isWhitespace && $0 != "│" })
  }

  /// pick with `--listen` (a port it chooses) and a preview that shows `PICK_PORT`.
  private func pickOnPort(
    _ arguments: [String], items: String, environment: [String: String] = [:]
  ) throws -> (Picker, ListenTarget) {
    let picker = try Picker(
      arguments + ["--preview", "echo PICK_PORT=$PICK_PORT", "--preview-window", "down,3"], items: items,
      environment: environment)
    guard let port = Int(try shown("PICK_PORT", on: picker)) else { throw HarnessFailure("no port") }
    return (picker, .port(port))
  }

  @Test func `a POST changes the query and the selection, the screen shows it, and GET returns the state`()
    throws
  {
    let (picker, target) = try pickOnPort(["-m", "--listen"], items: "apple\nbanana\ncherry\napricot\n")
    #expect(try post(target, "change-query(ap)+select-all").status == 200)
    let screen = try picker.waitFor("2/4")
    #expect(screen.screenText.contains("[x] All"))
    #expect(screen.row(0).hasPrefix("> ap"))
    let state = try get(target)
    #expect(state.status == 200)
    #expect(state.head.contains("Content-Type: application/json"))
    let json = try JSONSerialization.jsonObject(with: Data(state.body.utf8)) as? [String: Any]
    #expect(json?["query"] as? String == "ap")
    #expect(json?["matchCount"] as? Int == 2)
    #expect(json?["totalCount"] as? Int == 4)
    #expect(json?["selectAll"] as? String == "all")
    let selected = (json?["selected"] as? [[String: Any]])?.compactMap { $0["text"] as? String }
    #expect(selected?.sorted() == ["apple", "apricot"])
    #expect((json?["current"] as? [String: Any])?["positions"] as? [Int] == [0, 1])
    // A bad action list is refused with the parser's message, and changes nothing.
    let refused = try post(target, "change-query(x)+no-such-action")
    #expect(refused.status == 400)
    #expect(refused.body == "unknown action: no-such-action\n")
    #expect(try post(target, "clear-query+accept").status == 200)
    try picker.expectExit(status: 0, stdout: "apple\napricot\n")
  }

  @Test func `GET takes limit and offset, and a hidden selection is counted`() throws {
    let (picker, target) = try pickOnPort(["-m", "--listen"], items: (1...30).map(String.init).joined(separator: "\n"))
    #expect(try post(target, "select+change-query(2)").status == 200)
    let state = try get(target, "/?limit=2&offset=1")
    let json = try JSONSerialization.jsonObject(with: Data(state.body.utf8)) as? [String: Any]
    let matches = (json?["matches"] as? [[String: Any]])?.compactMap { $0["index"] as? Int }
    #expect(json?["matchCount"] as? Int == 12)
    #expect(matches?.count == 2)
    #expect(json?["hiddenCount"] as? Int == 1)
    #expect(json?["selectedCount"] as? Int == 1)
    #expect(json?["selectAll"] as? String == "none")
    picker.send("\u{1B}")
    try picker.expectExit(status: 130, stdout: "")
  }

  @Test func `a Unix socket is made 0600 and removed when pick accepts, aborts or is killed`() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/pick.sock"
    for ending in ["accept", "SIGTERM", "SIGQUIT"] {
      let picker = try Picker(["--listen=\(path)"], items: "one\ntwo\n")
      try picker.waitFor("2/2")
      var info = stat()
      #expect(lstat(path, &info) == 0)
      #expect(info.st_mode & S_IFMT == S_IFSOCK)
      #expect(info.st_mode & 0o777 == 0o600, "mode \(String(info.st_mode & 0o777, radix: 8))")
      let answer = try get(.socket(path))
      #expect(answer.status == 200)
      switch ending {
      case "accept":
        #expect(try post(.socket(path), "down+accept").status == 200)
        try picker.expectExit(status: 0, stdout: "two\n")
      case "SIGTERM":
        picker.pty.signal(SIGTERM)
        try picker.expectExit(status: 130, stdout: "")
      default:
        // A signal pick does not handle: the crash handler removes the socket.
        picker.pty.signal(SIGQUIT)
        #expect(picker.pty.wait(timeout: 5) != nil)
      }
      #expect(!FileManager.default.fileExists(atPath: path), "after \(ending)")
    }
  }

  @Test func `--listen=unix makes a socket in a private directory, given in PICK_SOCK and removed at exit`()
    throws
  {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let picker = try Picker(
      ["--listen=unix", "--preview", "echo PICK_SOCK=$PICK_SOCK", "--preview-window", "down,3"],
      items: "one\n", columns: 200, environment: ["TMPDIR": directory])
    let path = try shown("PICK_SOCK", on: picker)
    #expect(path.hasPrefix(directory + "/pick-"))
    let parent = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    var info = stat()
    #expect(stat(parent, &info) == 0 && info.st_mode & 0o777 == 0o700)
    #expect(try post(.socket(path), "accept").status == 200)
    try picker.expectExit(status: 0, stdout: "one\n")
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(!FileManager.default.fileExists(atPath: parent))
  }

  @Test func `a file that is not a socket is never replaced`() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/notes.sock"
    try "keep me\n".write(toFile: path, atomically: false, encoding: .utf8)
    let picker = try Picker(["--listen=\(path)"], items: "one\n")
    guard let result = picker.pty.wait(timeout: 5) else { throw HarnessFailure("pick did not exit") }
    #expect(result.status == 2)
    #expect(String(decoding: result.stderr, as: UTF8.self).contains("exists and is not a socket"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me\n")
  }

  @Test func `an address other than localhost is refused at start without PICK_API_KEY`() throws {
    let result = try runPick(["--listen=0.0.0.0:0"], stdin: Array("one\n".utf8))
    #expect(result.status == 2)
    #expect(
      String(decoding: result.stderr, as: UTF8.self)
        == "pick: --listen=0.0.0.0:0: PICK_API_KEY is required to listen on an address other than localhost\n")
  }

  @Test func `with PICK_API_KEY a missing or wrong key gets 401 and the right one works`() throws {
    let (picker, target) = try pickOnPort(["--listen"], items: "one\ntwo\n", environment: ["PICK_API_KEY": "s3cret"])
    for key in [nil, "", "s3cre", "s3cret!", "S3CRET"] {
      let answers = [try get(target, key: key), try post(target, "change-query(two)", key: key)]
      for answer in answers {
        #expect(answer.status == 401, "key \(key ?? "none")")
        #expect(answer.body == "invalid api key\n")
      }
    }
    #expect(picker.screen().row(0).hasPrefix("> "))
    #expect(try post(target, "change-query(two)", key: "s3cret").status == 200)
    try picker.waitFor("1/2")
    #expect(try get(target, key: "s3cret").body.contains(#""query":"two""#))
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "two\n")
  }

  @Test func `over a remote address commands run only with --listen-unsafe`() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for (option, runs) in [("--listen", false), ("--listen-unsafe", true)] {
      let marker = directory + "/ran-\(runs)"
      let (picker, target) = try pickOnPort(
        ["\(option)=0.0.0.0:0"], items: "one\n", environment: ["PICK_API_KEY": "k"])
      #expect(try post(target, "execute-silent(touch \(marker))+change-query(x)", key: "k").status == 200)
      try picker.waitFor("0/1")
      picker.send("\u{1B}")
      try picker.expectExit(status: 130, stdout: "")
      #expect(FileManager.default.fileExists(atPath: marker) == runs, "\(option)")
    }
  }

  @Test func `oversized requests are refused with 413, 414 and 431`() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/pick.sock"
    let picker = try Picker(["--listen=\(path)"], items: "one\n")
    try picker.waitFor("1/1")
    let body = String(repeating: "up+", count: 400_000) + "up"
    let tooLarge = try post(.socket(path), body)
    #expect(tooLarge.status == 413)
    let longLine = try exchange(
      Array("GET /?\(String(repeating: "a", count: 9000)) HTTP/1.1\r\n\r\n".utf8), with: .socket(path))
    #expect(longLine.status == 414)
    let header = "x-filler: \(String(repeating: "b", count: 4000))\r\n"
    let manyHeaders = try exchange(
      Array("GET / HTTP/1.1\r\n\(String(repeating: header, count: 5))\r\n".utf8), with: .socket(path))
    #expect(manyHeaders.status == 431)
    let noLength = try exchange(Array("POST / HTTP/1.1\r\n\r\nup".utf8), with: .socket(path))
    #expect(noLength.status == 400)
    #expect(noLength.body == "content-length header missing\n")
    // The picker went on answering keys all along.
    picker.send("\r")
    try picker.expectExit(status: 0, stdout: "one\n")
  }

  @Test func `a client that never finishes its request does not block the picker or other clients`() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/pick.sock"
    let picker = try Picker(["--listen=\(path)"], items: "one\ntwo\n")
    try picker.waitFor("2/2")
    // Half a request, left open.
    let slow = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(slow) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
    }
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(slow, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    _ = "POST / HTTP/1.1\r\nContent-Le".withCString { send(slow, $0, 27, Int32(MSG_NOSIGNAL)) }
    picker.send("two")
    try picker.waitFor("1/2")
    #expect(try post(.socket(path), "accept").status == 200)
    try picker.expectExit(status: 0, stdout: "two\n")
  }
}
