import Glibc
import Testing

@testable import pick_bench

@Test func `output is drained and counted, a last line without newline included`() throws {
  let result = try MeasuredCommand(executable: "printf", arguments: ["one\\ntwo\\nthree"]).run()
  #expect(result.lines == 3)
  #expect(result.bytes == 13)
  #expect(result.termination == .exited(0))
  #expect(result.seconds > 0)
  #expect(result.peakKiB > 0)
}

@Test func `standard input is the given file`() throws {
  let file = try TemporaryFile(contents: Array("a\nbb\nccc\n".utf8))
  defer { file.remove() }
  let result = try MeasuredCommand(executable: "cat", arguments: [], input: file.path).run()
  #expect(result.lines == 3)
  #expect(result.bytes == 9)
}

@Test func `exit status and the start of standard error are reported`() throws {
  let result = try MeasuredCommand(executable: "sh", arguments: ["-c", "echo oops >&2; echo more >&2; exit 3"]).run()
  #expect(result.termination == .exited(3))
  #expect(result.text == "oops")
  #expect(ToolSamples(results: [result]).failure == "exit status 3: oops")
}

@Test func `captured output keeps the bytes, standard error included`() throws {
  let result = try MeasuredCommand(executable: "sh", arguments: ["-c", "echo out; echo err >&2"], output: .captured)
    .run()
  #expect(result.text == "out\nerr\n")
}

@Test func `our own past peak memory is not charged to the child`() throws {
  // With posix_spawn (vfork), Linux would report at least this 512 MiB peak of
  // ours as the child's ru_maxrss, long after we freed it.
  do {
    var ballast = [UInt8](repeating: 1, count: 512 << 20)
    ballast[ballast.count - 1] = 2
    #expect(ballast.last == 2)
  }
  let result = try MeasuredCommand(executable: "true", arguments: []).run()
  // A forked child is still charged this process's resident pages at the
  // moment of the fork, and tests running in parallel in this process hold
  // some (once 128 MiB on a busy CI machine): the bound only has to stay
  // well below the freed 512 MiB.
  #expect(result.peakKiB < 384 << 10)
}

@Test func `a missing program is an error, not a hang`() {
  #expect(throws: BenchError.self) { try MeasuredCommand(executable: "no-such-program-here", arguments: []).run() }
}
