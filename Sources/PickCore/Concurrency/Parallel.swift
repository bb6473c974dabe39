import Glibc
import Synchronization

/// Runs numbered tasks on a few threads that pull the next task number from
/// an atomic counter, so uneven tasks (a chunk of long items, a chunk where
/// everything matches) balance themselves. The caller's thread is one of the
/// workers. Plain pthreads: a round trip costs ~50 µs, nothing next to
/// matching a large input, and small inputs run on the calling thread alone.
public enum Parallel {
  /// The number of processors online (at least 1).
  public static var processorCount: Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }

  /// Calls `body(task, worker)` once for each task in `0..<tasks`, on up to
  /// `workers` threads; `worker` is in `0..<workers` and no two concurrent calls share it.
  public static func run(tasks: Int, workers: Int, _ body: @escaping (Int, Int) -> Void) {
    let workers = max(1, min(workers, tasks))
    if workers == 1 {
      for task in 0..<tasks { body(task, 0) }
      return
    }
    let job = Job(tasks: tasks, body: body)
    var threads: [pthread_t] = []
    for worker in 1..<workers {
      let context = Unmanaged.passRetained(WorkerContext(job: job, worker: worker)).toOpaque()
      var thread = pthread_t()
      let status = pthread_create(
        &thread, nil,
        { raw in
          guard let raw else { return nil }
          let context = Unmanaged<WorkerContext>.fromOpaque(raw).takeRetainedValue()
          context.job.work(as: context.worker)
          return nil
        }, context)
      if status == 0 {
        threads.append(thread)
      } else {
        // No thread: the remaining workers (at least this one) take its share.
        Unmanaged<WorkerContext>.fromOpaque(context).release()
      }
    }
    job.work(as: 0)
    for thread in threads { pthread_join(thread, nil) }
  }

  private final class Job: @unchecked Sendable {
    let next = Atomic<Int>(0)
    let tasks: Int
    let body: (Int, Int) -> Void

    init(tasks: Int, body: @escaping (Int, Int) -> Void) {
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

  private final class WorkerContext: @unchecked Sendable {
    let job: Job
    let worker: Int
    init(job: Job, worker: Int) {
      self.job = job
      self.worker = worker
    }
  }
}
