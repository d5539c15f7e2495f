/// Two checkers and their parts of the work, handed to two threads.
///
/// The checker kernel of unchecked concurrency: `Checker` is a class with mutable state,
/// so it is not `Sendable`, and this is the one place that says sending it is safe. It is,
/// because each checker goes to the one thread that uses it (`concurrentPerform`'s
/// iteration i takes `checkers[i]` and `parts[i]` only), and what they share (the tree,
/// the file, the declarations they copied) is only read while they run. That the results
/// equal one thread's is `ParallelCheckDifferentialTests`.
struct ParallelRuns<Part>: @unchecked Sendable {
  let checkers: [Checker]
  let parts: [Part]
}
