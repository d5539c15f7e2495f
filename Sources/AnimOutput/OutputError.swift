/// Why an output could not be written, as one line for people: `cannot write `out.gif`:
/// No space left on device`. Callers print it after `animc: error: ` and exit 2.
package struct OutputError: Error, Equatable, Sendable, CustomStringConvertible {
  package var message: String

  package init(message: String) { self.message = message }

  /// `cannot write `path`: reason`, the reason being the system's text for `error`, and
  /// `what` (when given) the step that failed.
  init(path: String, _ error: SystemError, while what: String? = nil) {
    let reason = describe(error)
    self.init(path: path, reason: what.map { "\(reason) (\($0))" } ?? reason)
  }

  init(path: String, reason: String) {
    message = "cannot write " + (path == "-" ? "standard output" : "`\(path)`") + ": " + reason
  }

  package var description: String { message }
}

/// How an output is written.
package struct OutputOptions: Sendable {
  /// The command's input files: an output that is one of them is refused before anything
  /// is written. `-` (standard input) is skipped.
  package var inputs: [String]
  /// Write in place over a file that has other hard links (`--force`), keeping the links;
  /// without it such a target is refused, since replacing it would break them.
  package var force: Bool

  package init(inputs: [String] = [], force: Bool = false) {
    self.inputs = inputs
    self.force = force
  }
}
