import Glibc
import PickCore
import PickSystem
import Testing

/// The preview runner's processes, without a terminal: output is polled the
/// way the session polls it. (When to run what is `PreviewSchedulerTests`'.)
@Suite struct PreviewRunnerTests {
  private func runner(_ command: String) -> PreviewRunner {
    PreviewRunner(template: PreviewTemplate(Array(command.utf8)), shell: [Array("sh".utf8), Array("-c".utf8)])
  }

  private let request = PreviewRequest(item: 0, query: [], selection: [], columns: 30, lines: 5)

  private func context(_ text: String?) -> PreviewTemplate.Context {
    PreviewTemplate.Context(current: text.map { (Array($0.utf8), 0) })
  }

  /// What the runner reports until the command has ended (at most 5 s).
  private func events(_ runner: PreviewRunner) -> (output: String, finished: String??) {
    var output: [UInt8] = []
    for _ in 0..<500 {
      var event: PickerEvent? = nil
      if runner.descriptor >= 0 {
        var poller = pollfd(fd: runner.descriptor, events: Int16(POLLIN), revents: 0)
        if poll(&poller, 1, 10) > 0 { event = runner.read() }
      } else {
        usleep(10_000)
        event = runner.reap()
      }
      switch event {
      case .previewOutput(let bytes)?: output += bytes
      case .previewFinished(let failure)?: return (String(decoding: output, as: UTF8.self), .some(failure))
      default: break
      }
    }
    return (String(decoding: output, as: UTF8.self), nil)
  }

  @Test func `the command runs with the pane's size and its placeholders, and its end is reported`() {
    let runner = runner("echo item {} $PICK_PREVIEW_LINES $COLUMNS")
    #expect(runner.start(request, context: context("two")) == nil)
    let result = events(runner)
    #expect(result.output == "item two 5 30\n")
    #expect(result.finished == .some(nil))
    runner.stopAll()
  }

  @Test func `a failure is reported with its status`() {
    let runner = runner("echo ran; exit 7")
    #expect(runner.start(request, context: context("x")) == nil)
    let result = events(runner)
    #expect(result.output == "ran\n")
    #expect(result.finished == .some("exit status 7"))
    runner.stopAll()
  }

  @Test func `a command that cannot take its placeholders does not run`() {
    let runner = runner("echo {}")
    let problem = runner.start(request, context: context("a\u{0}b"))
    #expect(problem != nil)
    #expect(runner.descriptor < 0)
  }

  @Test func `stop ends an endless command at once, and a stopped command reports nothing`() {
    let runner = runner("sleep 30")
    #expect(runner.start(request, context: context("x")) == nil)
    #expect(runner.descriptor >= 0)
    let start = ContinuousClock.now
    runner.stop()
    #expect(runner.descriptor < 0)
    #expect(runner.reap() == nil || true)
    runner.stopAll()
    #expect(ContinuousClock.now - start < .seconds(2))
  }
}
