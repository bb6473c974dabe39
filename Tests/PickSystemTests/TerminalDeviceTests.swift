import CPick
import Dispatch
import Glibc
import PickSystem
import PickTestSupport
import Synchronization
import Testing

extension TerminalTests {
  @Suite struct TerminalDeviceTests {
    @Test func `size is what the terminal was set to`() throws {
      let pty = try PseudoTerminalPair()
      let device = try TerminalDevice(path: pty.slavePath)
      #expect(cpick_set_window_size(pty.master, 37, 123) == 0)
      #expect(device.size() == (rows: 37, columns: 123))
    }

    @Test func `size is at least one by one`() throws {
      let pty = try PseudoTerminalPair()
      let device = try TerminalDevice(path: pty.slavePath)
      #expect(cpick_set_window_size(pty.master, 0, 0) == 0)
      #expect(device.size() == (rows: 1, columns: 1))
    }

    @Test func `opening something that is not a terminal fails`() {
      #expect(throws: TerminalError.self) { try TerminalDevice(path: "/dev/null") }
      #expect(throws: TerminalError.self) { try TerminalDevice(path: "/nonexistent/tty") }
    }

    @Test func `the descriptor is close-on-exec and non-blocking`() throws {
      let pty = try PseudoTerminalPair()
      let device = try TerminalDevice(path: pty.slavePath)
      #expect(fcntl(device.fileDescriptor, F_GETFD) & FD_CLOEXEC != 0)
      #expect(fcntl(device.fileDescriptor, F_GETFL) & O_NONBLOCK != 0)
    }

    @Test func `read returns zero when nothing was typed, then the keys`() throws {
      let pty = try PseudoTerminalPair()
      let device = try TerminalDevice(path: pty.slavePath)
      try RawMode(device).apply()
      var buffer = [UInt8](repeating: 0, count: 16)
      #expect(try buffer.withUnsafeMutableBytes { try device.read(into: $0) } == 0)
      pty.type([0x1B, 0x5B, 0x41])
      usleep(20_000)
      let n = try buffer.withUnsafeMutableBytes { try device.read(into: $0) }
      #expect(Array(buffer[..<n]) == [0x1B, 0x5B, 0x41])
    }

    @Test func `read reports a hang-up when the terminal goes away`() throws {
      var master: Int32 = -1
      var slave: Int32 = -1
      #expect(openpty(&master, &slave, nil, nil, nil) == 0)
      let device = try TerminalDevice(path: try #require(terminalPath(slave)))
      close(slave)
      close(master)
      var buffer = [UInt8](repeating: 0, count: 16)
      #expect(throws: TerminalError.hungUp) {
        _ = try buffer.withUnsafeMutableBytes { try device.read(into: $0) }
      }
      #expect(throws: TerminalError.hungUp) { try device.write(Array("x".utf8)) }
    }

    @Test func `a 1 MB write completes while the terminal drains slowly`() throws {
      let pty = try PseudoTerminalPair()
      let device = try TerminalDevice(path: pty.slavePath)
      try RawMode(device).apply()  // no output processing: bytes arrive as written
      let total = 1 << 20
      let frame = (0..<total).map { UInt8(truncatingIfNeeded: $0 % 251) }
      let received = Mutex<[UInt8]>([])
      let done = DispatchSemaphore(value: 0)
      let master = pty.master
      DispatchQueue.global().async {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var got: [UInt8] = []
        while got.count < total {
          var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
          guard poll(&entry, 1, 10_000) > 0 else { break }
          let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
          if n <= 0 { break }
          got += buffer[..<n]
          if got.count % (64 << 10) < 4096 { usleep(1000) }  // a slow terminal
        }
        received.withLock { $0 = got }
        done.signal()
      }
      try device.write(frame)
      #expect(done.wait(timeout: .now() + 30) == .success)
      received.withLock { #expect($0 == frame) }
    }
  }
}
