import CPick
import Glibc

/// `become(CMD)`: pick replaces itself with CMD (`execvp` of `sh -c CMD`,
/// or `--with-shell`'s words), as fzf does with `execve`. The caller has
/// restored the terminal, stopped every child and printed nothing; CMD then
/// keeps pick's process (its id, its place in the shell's job, so the exit
/// status is CMD's), its standard output and error, and gets the terminal as
/// its standard input, since pick's may be the list's pipe. SIGPIPE is put
/// back to its default (pick ignores it) and no signal is blocked; a signal
/// pick catches is reset by `exec` itself, one ignored when pick started
/// stays ignored, as a shell leaves it.
enum Become {
  /// Replaces pick with `command`; returns only when that failed: why.
  static func exec(shell: [[UInt8]], command: [UInt8], terminal: [UInt8]) -> String {
    let path = String(decoding: terminal, as: UTF8.self)
    let fd = open(path, O_RDONLY | O_NOCTTY)
    if fd >= 0 {
      _ = dup2(fd, 0)
      if fd != 0 { close(fd) }
    }
    var previous = sigaction()
    _ = cpick_signal_default(SIGPIPE, &previous)
    var none = sigset_t()
    sigemptyset(&none)
    _ = sigprocmask(SIG_SETMASK, &none, nil)
    let words = shell + [command]
    var arguments: [UnsafeMutablePointer<CChar>?] = words.map { word in
      let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: word.count + 1)
      for (index, byte) in word.enumerated() { pointer[index] = CChar(bitPattern: byte) }
      pointer[word.count] = 0
      return pointer
    }
    arguments.append(nil)
    defer { for pointer in arguments { pointer?.deallocate() } }
    guard let program = arguments[0] else { return "no shell to run the command with" }
    execvp(program, &arguments)
    return "cannot run \(String(decoding: words[0], as: UTF8.self)): \(String(cString: strerror(errno)))"
  }
}
