import CPick
import Glibc
import Synchronization
import Testing

@testable import PickCore

@Suite struct WorkerThreadTests {
  @Test func `join waits until the closure has run`() throws {
    let done = Atomic<Bool>(false)
    let thread = try WorkerThread {
      usleep(20_000)
      done.store(true, ordering: .relaxed)
    }
    thread.join()
    let hasRun = done.load(ordering: .relaxed)
    #expect(hasRun)
  }

  /// It starts narrowed to the other processors (`cpick_thread_start`) and
  /// must widen back before its closure runs, or it could never share the
  /// creator's processor again.
  @Test func `the closure runs free to use every processor its creator may`() throws {
    let creators = cpick_allowed_processors()
    let seen = Atomic<Int32>(-1)
    let thread = try WorkerThread { seen.store(cpick_allowed_processors(), ordering: .relaxed) }
    thread.join()
    let threads = seen.load(ordering: .relaxed)
    #expect(creators > 0)
    #expect(threads == creators)
  }

  @Test func `joining twice returns at once the second time`() throws {
    let runs = Atomic<Int>(0)
    let thread = try WorkerThread { runs.add(1, ordering: .relaxed) }
    thread.join()
    thread.join()
    let runCount = runs.load(ordering: .relaxed)
    #expect(runCount == 1)
  }
}

@Suite struct ParallelTests {
  @Test(arguments: [(0, 4), (1, 4), (5, 1), (100, 2), (1000, 8)])
  func `every task runs exactly once, on a worker in range`(tasks: Int, workers: Int) {
    let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: max(tasks, 1))
    counts.initialize(repeating: 0)
    defer { counts.deallocate() }
    let box = UnsafeSendable(counts)
    let badWorker = Atomic<Bool>(false)
    // Each task writes only its own slot.
    Parallel.run(tasks: tasks, workers: workers) { task, worker in
      if worker < 0 || worker >= workers { badWorker.store(true, ordering: .relaxed) }
      box.value[task] += 1
    }
    #expect(Array(counts.prefix(tasks)) == Array(repeating: 1, count: tasks))
    let sawBadWorker = badWorker.load(ordering: .relaxed)
    #expect(!sawBadWorker)
  }

  @Test func `no two concurrent calls share a worker number`() {
    let workers = 4
    let busy = (0..<workers).map { _ in Counter() }
    let shared = Atomic<Bool>(false)
    Parallel.run(tasks: 64, workers: workers) { _, worker in
      if busy[worker].value.add(1, ordering: .relaxed).newValue != 1 {
        shared.store(true, ordering: .relaxed)
      }
      usleep(200)
      busy[worker].value.subtract(1, ordering: .relaxed)
    }
    let wasShared = shared.load(ordering: .relaxed)
    #expect(!wasShared)
  }
}

private final class Counter: Sendable {
  let value = Atomic<Int>(0)
}
