import AnimIR
import AnimModel

/// Two workers (checkers, or lowerings of a scene's templates) and their parts of the
/// work, handed to two threads.
///
/// The checker kernel of unchecked concurrency: a worker is a class with mutable state,
/// so it is not `Sendable`, and this is the one place that says sending it is safe. It is,
/// because each worker goes to the one thread that uses it (`concurrentPerform`'s
/// iteration i takes `workers[i]` and `parts[i]` only), and what they share (the tree,
/// the file, the declarations they copied, the facts lowering reads) is only read while
/// they run. That the results equal one thread's is `ParallelCheckDifferentialTests`
/// and `LoweringTests`.
struct ParallelRuns<Worker: AnyObject, Part>: @unchecked Sendable {
  let workers: [Worker]
  let parts: [Part]
}
