#if canImport(Glibc)
  import Glibc
#endif

extension ProgramLaunch {
  /// Starts the program with fork and execve, for measuring it: its
  /// `ru_maxrss` is its own (see the top of ProgramLaunch.swift). Unlike
  /// `spawn()`, the child keeps our signal mask and dispositions but
  /// SIGPIPE's, which it resets to the default so that a reader going away
  /// ends it as under a shell. It exits with 126 if it cannot open its
  /// terminal and 127 if it cannot run the program.
  ///
  /// - Parameter justBeforeFork: called once everything is prepared, right
  ///   before `fork`: where a benchmark starts its clock.
  public func forkAndExec(justBeforeFork: () -> Void = {}) throws -> pid_t {
    precondition(stdin != nil || terminalPath != nil, "stdin needs a descriptor or a terminal")
    // Everything the child touches is ready before fork: between fork and
    // exec it may only make async-signal-safe calls, and may not allocate.
    let (argv, envp) = (argumentVector(), environmentVector())
    let terminal = terminalPath.map { cString(Array($0.utf8)) }
    let directory = workingDirectory.map { cString(Array($0.utf8)) }
    defer { for pointer in argv + envp + [terminal, directory] { free(pointer) } }
    let newGroup: Bool
    if case .newProcessGroup = session { newGroup = true } else { newGroup = false }
    let (input, output, errors) = (stdin ?? -1, stdout, stderr)
    let program = cString(Array(path.utf8))
    defer { free(program) }

    justBeforeFork()
    let child = fork()
    if child == 0 {
      if newGroup { setpgid(0, 0) }
      if let terminal {
        setsid()
        let fd = open(terminal, O_RDWR)
        if fd < 0 { _exit(126) }
        if input < 0 { dup2(fd, 0) }
        if fd > 2 { close(fd) }
      }
      signal(SIGPIPE, SIG_DFL)
      if input >= 0 { dup2(input, 0) }
      dup2(output, 1)
      dup2(errors, 2)
      if let directory, chdir(directory) != 0 { _exit(127) }
      execve(program, argv, envp)
      _exit(127)
    }
    guard child > 0 else { throw HarnessFailure.errno("fork") }
    return child
  }
}
