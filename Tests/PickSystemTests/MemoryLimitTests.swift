import Testing

@testable import PickSystem

@Suite struct MemoryLimitTests {
  @Test func `the sizes in /proc/self/status are read in KiB`() {
    let status = Array("Name:\tpick\nVmPeak:\t  20000 kB\nVmSize:\t   18432 kB\nVmData:\t1904 kB\n".utf8)
    #expect(MemoryLimit.kibibytes("VmSize:", in: status) == 18432)
    #expect(MemoryLimit.kibibytes("VmData:", in: status) == 1904)
    #expect(MemoryLimit.kibibytes("VmSwap:", in: status) == nil)
  }
}
