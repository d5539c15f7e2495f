import AnimIR
import AnimModel

/// When a check uses a second thread: the sizes from which checking a file's top-level
/// values and its templates on two cores pays for itself.
///
/// The schedule changes only where the work runs, never what it reports: the parallel
/// path must give exactly the serial path's diagnostics, which
/// `ParallelCheckDifferentialTests` checks on every corpus file and thousands of
/// mutants under `alwaysParallel`. The sizes are data rather than constants so that
/// those tests can take the parallel path on small files.
struct CheckSchedule: Sendable {
  /// Fewer syntax nodes than this: one thread.
  var minimumNodes: Int
  /// Fewer top-level values still unchecked than this: the values on one thread.
  var minimumValues: Int

  /// What `animc check` uses: below these sizes a second thread costs more than it saves.
  static let automatic = CheckSchedule(minimumNodes: 50_000, minimumValues: 2_000)
  /// For a check whose scene is lowered: templates on two threads, values on one. Values
  /// checked aside settle in another order, so the globals' slots (and the order a run
  /// evaluates them in, and so its random draws) would differ from one checker's.
  static let inOrder = CheckSchedule(minimumNodes: 50_000, minimumValues: .max)
  /// Never a second thread.
  static let serial = CheckSchedule(minimumNodes: .max, minimumValues: .max)
  /// A second thread whenever there are two things to split (for differential tests).
  static let alwaysParallel = CheckSchedule(minimumNodes: 0, minimumValues: 2)
}
