import Glibc

/// `execute(CMD)`: a command that uses the terminal itself (an editor, a
/// pager), run while pick waits with the terminal restored.
///
/// It runs as every child does (Docs/Design.md, Child processes: `sh -c`, default signals, its own
/// process group), except that its standard input, output and error are the
/// terminal. To read the terminal from its own process group it must be the
/// terminal's foreground group, the way a shell runs a job:
///
/// 1. start it in a new group;
/// 2. make that group the foreground (`tcsetpgrp`), then send it SIGCONT, in
///    case it read the terminal before it was the foreground and was stopped
///    by SIGTTIN;
/// 3. wait for it; Ctrl-C and Ctrl-Z typed meanwhile go to its group, not to
///    pick. If it stops anyway (Ctrl-Z in a shell it runs), it is given the
///    terminal again and continued: pick has no job control to offer;
/// 4. take the foreground back, with SIGTTOU blocked (pick is in a background
///    group at that moment, and would otherwise be stopped by the call).
///
/// The terminal descriptor is made blocking while the command runs (pick
/// reads it non-blocking, and the command shares that setting).
///
/// When pick is not the terminal's foreground group (no job control), the
/// command just runs in its own group with the terminal as its descriptors.
public enum ForegroundCommand {
  /// Runs `command` with `shell` on the terminal `terminal` and waits for it.
  public static func run(
    shell: [[UInt8]], command: [UInt8], terminal: Int32,
    environment: [(name: [UInt8], value: [UInt8])] = []
  ) throws(SystemError) -> ChildProcess.Termination {
    let isForeground = tcgetpgrp(terminal) == getpgrp()
    // The command shares the descriptor's open file, flags included: pick
    // reads it non-blocking, and a shell's `read` would fail at once.
    let flags = fcntl(terminal, F_GETFL)
    if flags >= 0 && flags & O_NONBLOCK != 0 { _ = fcntl(terminal, F_SETFL, flags & ~O_NONBLOCK) }
    defer {
      if flags >= 0 && flags & O_NONBLOCK != 0 { _ = fcntl(terminal, F_SETFL, flags) }
    }
    let child = try ChildProcess(
      shell: shell, command: command, environment: environment, input: .descriptor(terminal),
      output: .descriptor(terminal), errors: .descriptor(terminal))
    if isForeground {
      _ = tcsetpgrp(terminal, child.pid)
      _ = kill(-child.pid, SIGCONT)
    }
    defer {
      if isForeground { takeForeground(terminal) }
    }
    var status: Int32 = 0
    while true {
      let waited = waitpid(child.pid, &status, WUNTRACED)
      if waited < 0 {
        if errno == EINTR { continue }
        return .exited(0)
      }
      // Stopped (WIFSTOPPED): hand the terminal back to it and continue it.
      if status & 0xff == 0x7f {
        if isForeground { _ = tcsetpgrp(terminal, child.pid) }
        _ = kill(-child.pid, SIGCONT)
        continue
      }
      break
    }
    let signal = status & 0x7f
    return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
  }

  /// Makes pick's group the terminal's foreground again, SIGTTOU blocked meanwhile.
  private static func takeForeground(_ terminal: Int32) {
    var block = sigset_t()
    sigemptyset(&block)
    sigaddset(&block, SIGTTOU)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &block, &previous)
    _ = tcsetpgrp(terminal, getpgrp())
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }
}
