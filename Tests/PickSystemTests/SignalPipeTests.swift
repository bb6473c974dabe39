import Glibc
import PickSystem
import Testing

/// Sends `signal` to the process (not to this thread, as `raise` would: Swift
/// Testing runs tests on Dispatch worker threads, which block signals, so a
/// thread-directed signal would stay pending; a process-directed one goes to
/// a thread that takes it, as in pick).
private func sendToSelf(_ signal: Int32) {
  kill(getpid(), signal)
  usleep(10_000)
}

private func handlerAddress(_ action: sigaction) -> Int {
  unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
}

extension TerminalTests {
  // Signal dispositions belong to the whole test process: one test at a time.
  @Suite(.serialized) struct SignalPipeTests {
    @Test func `a SIGWINCH sent to the process arrives on the pipe`() throws {
      let pipe = try SignalPipe()
      defer { pipe.uninstall() }
      #expect(pipe.drain().filter { $0 != SIGCHLD }.isEmpty)
      sendToSelf(SIGWINCH)
      var entry = pollfd(fd: pipe.fileDescriptor, events: Int16(POLLIN), revents: 0)
      #expect(poll(&entry, 1, 5000) == 1)
      // Children of tests running meanwhile may add SIGCHLD.
      #expect(pipe.drain().filter { $0 != SIGCHLD } == [SIGWINCH])
      #expect(pipe.drain().filter { $0 != SIGCHLD }.isEmpty)
    }

    @Test func `signals arrive in order, repeats included`() throws {
      let pipe = try SignalPipe(catching: [SIGWINCH, SIGCONT, SIGUSR1])
      defer { pipe.uninstall() }
      sendToSelf(SIGWINCH)
      sendToSelf(SIGUSR1)
      sendToSelf(SIGWINCH)
      #expect(pipe.drain() == [SIGWINCH, SIGUSR1, SIGWINCH])
    }

    @Test func `uninstalling puts the previous actions back`() throws {
      var before = sigaction()
      sigaction(SIGUSR2, nil, &before)
      let pipe = try SignalPipe(catching: [SIGUSR2])
      pipe.uninstall()
      var after = sigaction()
      sigaction(SIGUSR2, nil, &after)
      // glibc adds SA_RESTORER and its restorer to every action it installs.
      let restorer: Int32 = 0x0400_0000
      #expect(handlerAddress(before) == handlerAddress(after))
      #expect(before.sa_flags & ~restorer == after.sa_flags & ~restorer)
    }

    @Test func `the pipe is close-on-exec and non-blocking`() throws {
      let pipe = try SignalPipe(catching: [SIGWINCH])
      defer { pipe.uninstall() }
      #expect(fcntl(pipe.fileDescriptor, F_GETFD) & FD_CLOEXEC != 0)
      #expect(fcntl(pipe.fileDescriptor, F_GETFL) & O_NONBLOCK != 0)
    }
  }
}
