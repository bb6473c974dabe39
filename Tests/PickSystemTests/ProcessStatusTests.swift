import Glibc
import Testing

@testable import PickSystem

extension TerminalTests {
  @Suite struct ProcessStatusTests {
    @Test func `the stat fields of this process are its parent, group and session`() throws {
      let status = try #require(ProcessStatus(getpid()))
      #expect(status.parent == getppid())
      #expect(status.group == getpgrp())
      #expect(status.session == getsid(0))
    }

    @Test func `a process that does not exist has no status`() {
      #expect(ProcessStatus(-5) == nil)
    }
  }
}
