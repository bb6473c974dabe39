import Testing

@testable import PickCore

/// What the outer pick hands tmux (Docs/Popup.md). That the script keeps
/// every byte when a shell runs it is checked by PopupScriptTests.
@Suite struct PopupCommandTests {
  private func bytes(_ words: [String]) -> [[UInt8]] { words.map { Array($0.utf8) } }

  private func inner(_ words: [String]) throws -> [String] {
    let arguments = bytes(words)
    let options = try OptionParser.parse(arguments: arguments)
    let spec = try #require(options.popup)
    return PopupCommand.innerArguments(arguments, options: options, spec: spec).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  @Test func `the user's arguments go through between fzf's additions`() throws {
    #expect(
      try inner(["--tmux", "-m", "--prompt=> "])
        == ["--bind=ctrl-z:ignore", "--tmux", "-m", "--prompt=> ", "--border=rounded", "--no-popup", "--no-height"])
  }

  @Test func `a border of the user's or tmux's own replaces the rounded one`() throws {
    #expect(try inner(["--popup", "--border=sharp"]).contains("--border=rounded") == false)
    #expect(try inner(["--popup", "--border=line"]).contains("--border=rounded"))
    let native = try inner(["--tmux=border-native"])
    #expect(!native.contains("--border=rounded"))
    #expect(native.contains("--margin=0,1"))
    #expect(!(try inner(["--tmux=border-native", "--margin=2"])).contains("--margin=0,1"))
  }

  @Test func `a trailing double dash stays last`() throws {
    #expect(try inner(["--tmux", "--"]).suffix(3) == ["--no-popup", "--no-height", "--"])
  }

  @Test func `odd bytes in an argument reach the inner pick unchanged`() throws {
    let odd: [UInt8] = [0x27, 0xFF, 0x0A, 0x22, 0x24, 0x60, 0x5C, 0x3B]
    let arguments = [Array("--tmux".utf8), Array("--query".utf8), odd]
    let options = try OptionParser.parse(arguments: arguments)
    let result = PopupCommand.innerArguments(arguments, options: options, spec: .standard)
    #expect(result.contains(odd))
  }

  @Test func `tmux places and sizes the popup as fzf asks it to`() throws {
    let paths = PopupCommand.Paths(directory: Array("/tmp/pick-popup-x".utf8))
    func tmux(_ value: String) throws -> [String] {
      PopupCommand.tmuxArguments(spec: try PopupSpec.parse(Array(value.utf8)), paths: paths).map {
        String(decoding: $0, as: UTF8.self)
      }
    }
    #expect(
      try tmux("center")
        == ["tmux", "display-popup", "-E", "-B", "-xC", "-yC", "-w50%", "-h50%", "/bin/sh", "/tmp/pick-popup-x/run"])
    #expect(try tmux("bottom,40%").contains("-y9999"))
    #expect(try tmux("top,10").suffix(4) == ["-w100%", "-h10", "/bin/sh", "/tmp/pick-popup-x/run"])
    #expect(try tmux("left,30%").contains("-x0"))
    #expect(try tmux("right,30%,border-native").starts(with: ["tmux", "display-popup", "-E", "-xR", "-yC"]))
  }

  @Test func `the script quotes every word and writes the status after pick`() {
    let paths = PopupCommand.Paths(directory: Array("/tmp/d'x".utf8))
    let script = String(
      decoding: PopupCommand.script(
        pick: Array("/opt/pick".utf8), arguments: [Array("it's".utf8)],
        environment: [Array("A=1".utf8), Array("NOEQUALS".utf8)],
        directory: Array("/home/u".utf8), paths: paths, readsInput: true), as: UTF8.self)
    let lines = script.split(separator: "\n").map(String.init)
    #expect(lines.first == "echo $$ > '/tmp/d'\\''x/pid'")
    #expect(
      lines.contains(
        "(exec /usr/bin/env -i -- 'A=1' '/opt/pick' 'it'\\''s' < '/tmp/d'\\''x/in' > '/tmp/d'\\''x/out' 2> '/tmp/d'\\''x/err')"
      ))
    #expect(lines.last == "echo $? > '/tmp/d'\\''x/status'")
  }
}
