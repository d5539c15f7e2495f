import AnimMath
import AnimModel

/// How a built-in is used, which groups it in the documentation and the editor grammars.
package enum BuiltinKind: Sendable, CaseIterable {
  case function, shape, path, timing, color, transform, hidden
}

/// How calls to a built-in are checked (see `Checker.checkCall`).
package enum CallRule: Sendable {
  /// By its parameters alone.
  case signature
  /// `heart(w, h = w)`: the parameters, with the height defaulting to the width.
  case heart
  /// One of the four `spring(…)` forms, chosen by the labels given.
  case spring
  /// `randomPoint(in:)` or `randomPoint(on:)`, chosen by the label given (§15).
  case randomPoint
  /// `scale(s)` or `scale(sx, sy)`.
  case scale
  /// Generic over its argument types (min, max, random, choose, …).
  case generic
  /// Not written by users; the checker inserts it.
  case inserted
}

/// One built-in function or constructor, declared once: its spelling, its parameters and
/// their defaults, its result, the least stage its value has, how it evaluates, and its
/// documentation. The checker, the evaluator, the language server and the editor grammars
/// all read these.
package final class BuiltinSpec: Sendable {
  /// How it is written (`spring` for each of the four spring forms).
  package let name: String
  let builtin: Builtin
  let rule: CallRule
  /// Labels (nil: positional only), types and defaults, in order. Empty for `.generic`
  /// and `.scale`, whose arguments are checked by rules of their own.
  let parameters: [Parameter]
  /// The result type (for `.generic`: the arguments' type, decided by the checker).
  let result: AnimType
  /// The least stage of a call's value: `.perRun` for draws from the random stream,
  /// `.constant` for pure functions (whose stage is then their arguments').
  package let stage: Stage
  package let kind: BuiltinKind
  /// The parameters as the documentation writes them after the name (`w, h = w`).
  package let form: String
  package let doc: String
  /// Completion snippets, one per form: the form's label and the LSP snippet text. Nil:
  /// one snippet made from `form`.
  package let snippets: [BuiltinSnippet]?
  /// The value of a call, from its evaluated arguments.
  let evaluate: @Sendable (BuiltinArguments, inout EvaluationContext) -> Value
  /// For path constructors: the path, from evaluated arguments.
  let path: (@Sendable (BuiltinArguments) -> Path)?
  /// Whether `from:` may be left to the instance's position (§4): the first parameter is
  /// `from:` and the result a Path.
  var startsAtInstance: Bool { path != nil && parameters.first?.label == "from" }

  init(
    _ name: String, _ builtin: Builtin, rule: CallRule = .signature, _ parameters: [Parameter], result: AnimType,
    stage: Stage = .constant, kind: BuiltinKind, form: String, doc: String, snippets: [BuiltinSnippet]? = nil,
    evaluate: @escaping @Sendable (BuiltinArguments, inout EvaluationContext) -> Value
  ) {
    self.name = name
    self.builtin = builtin
    self.rule = rule
    self.parameters = parameters
    self.result = result
    self.stage = stage
    self.kind = kind
    self.form = form
    self.doc = doc
    self.snippets = snippets
    self.evaluate = evaluate
    self.path = nil
  }

  /// A path constructor: evaluation is its path.
  init(
    path name: String, _ builtin: Builtin, _ parameters: [Parameter], form: String, doc: String,
    snippets: [BuiltinSnippet]? = nil, build: @escaping @Sendable (BuiltinArguments) -> Path
  ) {
    self.name = name
    self.builtin = builtin
    self.rule = .signature
    self.parameters = parameters
    self.result = .path
    self.stage = .constant
    self.kind = .path
    self.form = form
    self.doc = doc
    self.snippets = snippets
    self.evaluate = { v, _ in .path(build(v)) }
    self.path = build
  }

  /// The documented call: name and parameters.
  package var signature: String { "\(name)(\(form))" }
}

/// A completion snippet: the form it stands for (`(damping:velocity:)`) and its text.
package struct BuiltinSnippet: Sendable {
  package let form: String
  package let text: String
  init(_ form: String, _ text: String) {
    self.form = form
    self.text = text
  }
}

/// One parameter of a built-in: label (nil when positional-only), type, default.
package struct Parameter: Sendable {
  package var label: String?
  package var type: AnimType
  package var defaultValue: Expr?

  init(_ label: String?, _ type: AnimType, default d: Expr? = nil) {
    self.label = label
    self.type = type
    self.defaultValue = d
  }
}
