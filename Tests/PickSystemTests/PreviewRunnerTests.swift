import Glibc
import PickCore
import PickSystem
import Testing

/// The preview runner without a terminal: time is passed in, output is
/// polled the way the session polls it.
@Suite struct PreviewRunnerTests {
  private func runner(_ command: String) -> PreviewRunner {
    PreviewRunner(
      template: PreviewTemplate(Array(command.utf8)), shell: [Array("sh".utf8), Array("-c".utf8)],
      spec: PreviewWindowSpec(), tabstop: 8)
  }

  private func request(_ item: Int?) -> PreviewRunner.Request {
    PreviewRunner.Request(item: item, query: [], selection: [], columns: 30, lines: 5)
  }

  private func context(_ text: String?) -> PreviewTemplate.Context {
    PreviewTemplate.Context(current: text.map { (Array($0.utf8), 0) })
  }

  /// Reads until the command's output ends and it is reaped (at most 5 s).
  private func drain(_ runner: PreviewRunner, from start: Int) {
    var now = start
    for _ in 0..<500 {
      if runner.descriptor >= 0 {
        var poller = pollfd(fd: runner.descriptor, events: Int16(POLLIN), revents: 0)
        if poll(&poller, 1, 10) > 0 { runner.readAvailable() }
      } else {
        usleep(10_000)
      }
      now += 10
      runner.tick(now: now)
      if runner.descriptor < 0 && runner.timeout(now: now) == nil { return }
    }
  }

  private func shown(_ runner: PreviewRunner) -> [String] {
    runner.pane.text.lines.map { String(decoding: $0.flatMap(\.bytes), as: UTF8.self) }
  }

  @Test func `a request starts its command only after the debounce; a newer one replaces it`() {
    let runner = runner("echo item {}")
    runner.request(request(1), context: context("one"), now: 0)
    runner.tick(now: PickerTunables.previewDebounce - 1)
    #expect(runner.descriptor < 0)
    runner.request(request(2), context: context("two"), now: 10)
    runner.tick(now: 10 + PickerTunables.previewDebounce)
    #expect(runner.descriptor >= 0)
    drain(runner, from: 10 + PickerTunables.previewDebounce)
    #expect(shown(runner) == ["item two"])
    #expect(runner.pane.status == nil)
    runner.stop()
  }

  @Test func `the same request does not run the command again; a failure shows its status`() {
    let runner = runner("echo ran; exit 7")
    runner.request(request(1), context: context("x"), now: 0)
    runner.tick(now: 100)
    drain(runner, from: 100)
    #expect(shown(runner) == ["ran"])
    #expect(runner.pane.status == "[exit status 7]")
    runner.request(request(1), context: context("x"), now: 5000)
    runner.tick(now: 6000)
    #expect(runner.descriptor < 0)
    runner.stop()
  }

  @Test func `with no item the pane is emptied and nothing runs`() {
    let runner = runner("echo {}")
    runner.request(request(1), context: context("x"), now: 0)
    runner.tick(now: 100)
    drain(runner, from: 100)
    #expect(shown(runner) == ["x"])
    runner.request(request(nil), context: context(nil), now: 1000)
    runner.tick(now: 2000)
    #expect(runner.descriptor < 0)
    #expect(shown(runner).isEmpty)
    runner.stop()
  }

  @Test func `stop ends an endless command at once`() {
    let runner = runner("sleep 30")
    runner.request(request(1), context: context("x"), now: 0)
    runner.tick(now: 100)
    #expect(runner.descriptor >= 0)
    let start = ContinuousClock.now
    runner.stop()
    #expect(ContinuousClock.now - start < .seconds(2))
  }
}
