import Testing

@testable import PickCore

/// When the preview command runs and what the pane shows, with time passed in.
@Suite struct PreviewSchedulerTests {
  private func scheduler(_ command: String = "echo {}") -> PreviewScheduler {
    PreviewScheduler(template: PreviewTemplate(Array(command.utf8)), spec: PreviewWindowSpec(), tabstop: 8)
  }

  private func request(_ item: Int?) -> PreviewRequest {
    PreviewRequest(item: item, query: [], selection: [], columns: 30, lines: 5)
  }

  private func context(_ text: String) -> PreviewTemplate.Context {
    PreviewTemplate.Context(current: (Array(text.utf8), 0))
  }

  /// The items of the `.start` commands.
  private func started(_ commands: [PreviewScheduler.Command]) -> [Int?] {
    commands.compactMap { if case .start(let request, _) = $0 { request.item } else { nil } }
  }

  private func shown(_ scheduler: PreviewScheduler) -> [String] {
    scheduler.pane.text.lines.map { String(decoding: $0.flatMap(\.bytes), as: UTF8.self) }
  }

  /// A scheduler whose command for item 1 ran, printed `output` and ended well.
  private func shown(after output: String) -> PreviewScheduler {
    var s = scheduler()
    _ = s.request(request(1), context: context("x"), now: 0)
    _ = s.tick(now: 100)
    _ = s.output(Array(output.utf8)[...])
    s.finished(failure: nil)
    return s
  }

  @Test func `a request starts its command only after the debounce; a newer one replaces it`() {
    var s = scheduler()
    _ = s.request(request(1), context: context("one"), now: 0)
    #expect(s.tick(now: PickerTunables.previewDebounce - 1).isEmpty)
    _ = s.request(request(2), context: context("two"), now: 10)
    #expect(s.tick(now: PickerTunables.previewDebounce + 9).isEmpty)
    #expect(started(s.tick(now: PickerTunables.previewDebounce + 10)) == [2])
    #expect(s.timeout(now: 40) == PickerTunables.previewClearAfter - 0)
  }

  @Test func `the same request does not run the command again; a new one stops the running one`() {
    var s = scheduler()
    _ = s.request(request(1), context: context("x"), now: 0)
    #expect(started(s.tick(now: 100)) == [1])
    #expect(s.request(request(1), context: context("x"), now: 200).isEmpty)
    #expect(s.tick(now: 1000).isEmpty)
    let replaced = s.request(request(2), context: context("y"), now: 1000)
    #expect(replaced.count == 1)
    if case .stop? = replaced.first {} else { Issue.record("the running command is not stopped") }
  }

  @Test func `old output stays until the new command prints, then only the new output shows`() {
    var s = shown(after: "first\n")
    _ = s.request(request(2), context: context("y"), now: 200)
    _ = s.tick(now: 300)
    #expect(shown(s) == ["first"])  // not flashed empty
    _ = s.output(Array("second\n".utf8)[...])
    #expect(shown(s) == ["second"])
  }

  @Test func `a silent command clears the old output after a while, and a failure shows its status`() {
    var s = shown(after: "first\n")
    _ = s.request(request(2), context: context("y"), now: 200)
    _ = s.tick(now: 300)
    _ = s.tick(now: 300 + PickerTunables.previewClearAfter)
    #expect(shown(s).isEmpty)
    s.finished(failure: "exit status 7")
    #expect(s.pane.status == "[exit status 7]")
  }

  @Test func `with no item the pane is emptied and nothing runs`() {
    var s = shown(after: "x\n")
    #expect(s.request(request(nil), context: context(""), now: 1000).isEmpty)
    #expect(s.tick(now: 2000).isEmpty)
    #expect(shown(s).isEmpty)
  }

  @Test func `output past the pane's bound stops the command`() {
    var s = scheduler()
    _ = s.request(request(1), context: context("x"), now: 0)
    _ = s.tick(now: 100)
    let line = Array("line\n".utf8)
    var stopped = false
    for _ in 0..<20_000 where !stopped {
      stopped = s.output(line[...]).contains { if case .stop = $0 { true } else { false } }
    }
    #expect(stopped)
    #expect(s.pane.text.isTruncated)
    #expect(!s.isRunning)
  }

  @Test func `a command that cannot run says why in the pane`() {
    var s = scheduler()
    _ = s.request(request(1), context: context("x"), now: 0)
    _ = s.tick(now: 100)
    s.failed("cannot run")
    #expect(s.pane.status == "[cannot run]")
    #expect(!s.isRunning)
  }

  @Test func `hiding stops the command, showing runs it again, and scrolling stays in the output`() {
    var s = shown(after: (1...20).map { "\($0)\n" }.joined())
    #expect(s.perform(.previewPageDown, pageLines: 5).handled)
    #expect(s.pane.scroll == 5)
    _ = s.perform(.previewBottom, pageLines: 5)
    #expect(s.pane.scroll == 15)
    let hidden = s.perform(.togglePreview, pageLines: 5)
    #expect(hidden.handled && !s.pane.isVisible)
    _ = s.perform(.togglePreview, pageLines: 5)
    #expect(s.isNew(request(1)))  // shown again: the command runs again
    #expect(!s.perform(.up, pageLines: 5).handled)
  }
}
