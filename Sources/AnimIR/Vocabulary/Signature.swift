import AnimModel

/// The signature of a built-in with fixed parameter types (§11), from its `BuiltinSpec`.
/// Generic ones (min, max, random, choose, …) are checked in `ExpressionChecker+Calls.swift`.
package struct Signature {
  package var builtin: Builtin
  package var parameters: [Parameter]
  package var result: AnimType

  package static let fixed: [String: Signature] = Vocabulary.fixedSignatures

  /// The four spring forms (§5), chosen by the labels given.
  package static func spring(labels: Set<String>) -> Signature {
    let spec = TimingBuiltins.spring(labels: labels)
    return Signature(builtin: spec.builtin, parameters: spec.parameters, result: spec.result)
  }
}
