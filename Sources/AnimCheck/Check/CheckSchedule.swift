import AnimIR
import AnimModel

/// When a check uses a second thread: the size from which checking a file's templates on
/// two cores pays for itself. Only the templates: checking the top-level values on two
/// cores gained 6–14 %, under the 15 % a second thread must earn (issue 28), and the
/// lowering's split gained nothing measurable.
///
/// The schedule changes only where the work runs, never what it reports: the parallel
/// path must give exactly the serial path's diagnostics, which
/// `ParallelCheckDifferentialTests` checks on every corpus file and thousands of
/// mutants under `alwaysParallel`. The sizes are data rather than constants so that
/// those tests can take the parallel path on small files.
struct CheckSchedule: Sendable {
  /// Fewer syntax nodes than this: one thread.
  var minimumNodes: Int

  /// What `animc check` uses: below this size a second thread costs more than it saves.
  static let automatic = CheckSchedule(minimumNodes: 50_000)
  /// Never a second thread.
  static let serial = CheckSchedule(minimumNodes: .max)
  /// A second thread whenever there are two templates to split (for differential tests).
  static let alwaysParallel = CheckSchedule(minimumNodes: 0)
}
