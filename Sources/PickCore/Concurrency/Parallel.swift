import CPick
import Glibc
import Synchronization

/// Runs numbered tasks on a few threads that pull the next task number from
/// an atomic counter, so uneven tasks (a chunk of long items, a chunk where
/// everything matches) balance themselves. The caller's thread is one of the
/// workers. Plain pthreads (`WorkerThread`), each started on another
/// processor than the caller's so it does not wait behind the caller: a
/// round trip costs 50-100 µs, nothing next to matching a large input, and
/// small inputs run on the calling thread alone.
public enum Parallel {
  /// The number of processors pick may run on (at least 1), read once:
  /// those of its affinity set (`taskset -c 0 pick` gets one worker), else
  /// the processors online.
  public static let processorCount: Int = {
    let allowed = Int(cpick_allowed_processors())
    return max(1, allowed > 0 ? allowed : Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }()

  /// Calls `body(task, worker)` once for each task in `0..<tasks`, on up to
  /// `workers` threads; `worker` is in `0..<workers` and no two concurrent
  /// calls share it. `body` runs on several threads at once, hence `@Sendable`:
  /// what it writes, each call writes to memory no other call touches.
  public static func run(tasks: Int, workers: Int, _ body: @escaping @Sendable (Int, Int) -> Void) {
    let workers = max(1, min(workers, tasks))
    if workers == 1 {
      for task in 0..<tasks { body(task, 0) }
      return
    }
    let job = Job(tasks: tasks, body: body)
    var threads: [WorkerThread] = []
    threads.reserveCapacity(workers - 1)
    for worker in 1..<workers {
      // A thread that cannot start is no error here: the remaining workers
      // (at least the caller's thread) take its share.
      if let thread = try? WorkerThread({ job.work(as: worker) }) { threads.append(thread) }
    }
    job.work(as: 0)
    for thread in threads { thread.join() }
  }

  private final class Job: Sendable {
    let next = Atomic<Int>(0)
    let tasks: Int
    let body: @Sendable (Int, Int) -> Void

    init(tasks: Int, body: @escaping @Sendable (Int, Int) -> Void) {
      self.tasks = tasks
      self.body = body
    }

    func work(as worker: Int) {
      while true {
        let task = next.add(1, ordering: .relaxed).oldValue
        if task >= tasks { return }
        body(task, worker)
      }
    }
  }
}
