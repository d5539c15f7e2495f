import AnimIR
import AnimModel
import AnimSource

/// Why a run stopped (§9, §10): a value that is not finite, reported at its expression,
/// or more live instances than any run may hold.
package struct SimulationError: Error, Sendable {
  /// E0901: a value that is not finite; E0902: the live-instance limit; E0903: a run
  /// setting out of range; E0904: too many events or spawns between two frames; E0905: an
  /// image whose data cannot be read (§12.3).
  package var code: String
  package var message: String
  /// Where to point; nil for a setting given on the command line.
  package var range: SourceRange?

  package init(code: String, message: String, range: SourceRange?) {
    self.code = code
    self.message = message
    self.range = range
  }

  init(_ e: EvaluationError) {
    self.init(code: "E0901", message: e.message, range: e.range)
  }

  /// The error as a diagnostic, for `DiagnosticRenderer` (at the file's start when it
  /// has no range).
  package var diagnostic: Diagnostic {
    .error(code, message, at: range ?? .at(0))
  }
}

/// §10: more than this many live instances in total stops the run.
package let liveInstanceLimit = 1_000_000

/// More than this many events, or spawns, between two frames stops the run. Everything
/// made between two frames is held until the frame, so this bounds a frame's memory and
/// time; a checked scene (`every` ≥ 1 ms, `speed` ≤ 1000, `fps` ≥ 1) has one trigger
/// fire at most this often, but a scene built without the checker need not.
package let frameEventLimit = 1_000_000
