import Glibc
import PickTestSupport
import Testing

@testable import pick_bench

@Test func `abort defaults to the robustness issue's case`() throws {
  let expected = BenchCommand.AbortOptions(items: 10_000_000, runs: 5, atMilliseconds: 100, pick: nil)
  #expect(try BenchCommand.parse(["abort"]) == .abort(expected))
  #expect(
    try BenchCommand.parse(["abort", "--items", "1M", "--runs", "3", "--at", "250", "--pick", "/p"])
      == .abort(.init(items: 1_000_000, runs: 3, atMilliseconds: 250, pick: "/p")))
}

@Test(arguments: [["abort", "--at", "0"], ["abort", "--keys", "x"], ["abort", "--at", "soon"]])
func `bad abort arguments are usage errors`(arguments: [String]) {
  #expect(throws: BenchError.self) { try BenchCommand.parse(arguments) }
}

@Test func `a producer ends by SIGPIPE when its reader goes, and by itself when it is done`() throws {
  let endless = try Producer("seq", arguments: ["inf"])
  endless.closeReadEnd()
  var deadline = MeasuredCommand.now() + 10
  while endless.reap() == nil && MeasuredCommand.now() < deadline { usleep(1000) }
  #expect(endless.termination == .signaled(SIGPIPE))

  let short = try Producer("seq", arguments: ["3"])
  var buffer = [UInt8](repeating: 0, count: 64)
  var text: [UInt8] = []
  while true {
    let count = read(short.readEnd, &buffer, buffer.count)
    if count <= 0 { break }
    text += buffer[..<count]
  }
  #expect(text == Array("1\n2\n3\n".utf8))
  deadline = MeasuredCommand.now() + 10
  while short.reap() == nil && MeasuredCommand.now() < deadline { usleep(1000) }
  #expect(short.termination == .exited(0))
}

/// The measurement itself, on the debug pick next to the tests: bounds are
/// generous (debug build, busy machine); the release target is 200 ms.
@Test func `an abort run times pick's exit and its producer's end`() throws {
  let pick = try Tool.pick(at: nil)
  let run = try AbortBenchmark.session(pick, items: 10_000_000, atMilliseconds: 100)
  #expect(run.failure == nil)
  #expect(run.drawnBeforeCtrlC)
  #expect(run.termination == .exited(130))
  #expect(run.producerTermination == .signaled(SIGPIPE))
  let exit = try #require(run.exitMilliseconds)
  let producer = try #require(run.producerMilliseconds)
  #expect(exit < 2000)
  #expect(producer >= exit && producer < 2000)
}

@Test func `the abort report tallies outcomes and gives medians`() {
  let tools = [
    Tool(name: "pick", executable: "/p", filterArguments: { _ in [] }),
    Tool(name: "fzf", executable: nil, filterArguments: { _ in [] }),
  ]
  let run = { (exit: Double, producer: ProcessTermination) in
    AbortRun(
      exitMilliseconds: exit, termination: .exited(130), producerMilliseconds: exit + 1,
      producerTermination: producer, drawnBeforeCtrlC: true)
  }
  let report = AbortReport(
    tools: tools, options: .init(items: 1000, runs: 3, atMilliseconds: 100, pick: nil),
    runs: [[run(10, .signaled(SIGPIPE)), run(30, .exited(0)), run(20, .signaled(SIGPIPE))], []])
  let markdown = report.markdown
  #expect(markdown.contains("| pick | 20.0 | 30.0 | 21.0 | 31.0 | 3× 130 | 2× SIGPIPE, 1× exit 0 | 3/3 |"))
  #expect(markdown.contains("| fzf | n/a | n/a | n/a | n/a | n/a | n/a | n/a |"))
}
