import Glibc
import PickCore

/// The `bg-transform-*` commands: each runs with no terminal beside the
/// loop, which polls their output (`descriptors`) with everything else, so
/// the picker keeps answering keys; what a command printed is reported
/// whole once it closes its output. `bg-cancel` ends them all and drops
/// what they printed; so does the end of the picker.
final class BackgroundCommands {
  private struct Running {
    var id: Int
    var child: ChildProcess
    var output: [UInt8] = []
    /// Its `{f}` files, removed once it is done.
    var files: [[UInt8]]
  }

  /// The most of a command's output kept (fzf keeps it all; a header or a
  /// list of actions is never this long).
  static let outputLimit = 1 << 20

  private let shell: [[UInt8]]
  private var running: [Running] = []
  /// Commands that closed their output but may not have exited: reaped without waiting.
  private var closing: [ChildProcess] = []

  init(shell: [[UInt8]]) {
    self.shell = shell
  }

  deinit { cancelAll() }

  /// The output descriptors to poll.
  var descriptors: [Int32] { running.map(\.child.outputDescriptor) }

  /// Starts `template` for `context`; when it cannot run, its (empty)
  /// output is reported at once, so that the controller forgets it.
  func start(id: Int, _ template: PreviewTemplate, context: PreviewTemplate.Context) -> PickerEvent? {
    var files: [[UInt8]] = []
    let expansion = template.expand(context) {
      guard let path = PreviewRunner.temporaryFile($0) else { return nil }
      files.append(path)
      return path
    }
    guard expansion.problem == nil,
      let child = try? ChildProcess(
        shell: shell, command: expansion.command, input: .null, output: .pipe, errors: .null)
    else {
      PreviewRunner.remove(files)
      return .transformOutput(id: id, [])
    }
    running.append(Running(id: id, child: child, files: files))
    return nil
  }

  /// Reads what the ready descriptors hold; the output of each command
  /// that closed its output (or passed `outputLimit`).
  func read(_ ready: Set<Int32>) -> [PickerEvent] {
    var events: [PickerEvent] = []
    var block = [UInt8](repeating: 0, count: 16 << 10)
    var index = 0
    while index < running.count {
      let fd = running[index].child.outputDescriptor
      guard ready.contains(fd) else {
        index += 1
        continue
      }
      let n = block.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n > 0 { running[index].output += block[0..<n] }
      let done = n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)
      if done || running[index].output.count >= Self.outputLimit {
        let finished = running.remove(at: index)
        events.append(.transformOutput(id: finished.id, Array(finished.output.prefix(Self.outputLimit))))
        finish(finished)
      } else {
        index += 1
      }
    }
    closing.removeAll { $0.poll() != nil }
    return events
  }

  /// `bg-cancel`, and the end: every command's group is killed; nothing is reported.
  func cancelAll() {
    for command in running {
      command.child.kill()
      finish(command)
    }
    running = []
    for child in closing {
      child.kill()
      child.wait()
    }
    closing = []
  }

  /// A command whose output is no longer read: its pipe closed (it gets
  /// SIGPIPE if it still writes), its files removed, reaped when it exits.
  private func finish(_ command: Running) {
    command.child.closeOutput()
    PreviewRunner.remove(command.files)
    if command.child.poll() == nil { closing.append(command.child) }
  }
}
