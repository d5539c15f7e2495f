import AnimIR
import AnimMath
import AnimModel
import AnimSyntax

/// The names the language predefines, by spelling: colours, timing curves, functions
/// (§1, §5, §11), read from the vocabulary's declarations.
enum BuiltinNames {
  static let colors: [String: Color] = Vocabulary.colors

  static let timings: [String: TimingFunction] = Vocabulary.timings

  static let functionSet: Set<String> = Set(functions)

  static let functions: [String] = Vocabulary.functionNames

  static let properties: [String] = Property.allCases.map(\.rawValue)

  /// The properties `animate` takes: all but the fixed ones (`doubleSided`).
  static let animatableProperties: [String] = Property.allCases.filter(\.spec.isAnimatable).map(\.rawValue)

  /// Everything a name may be checked against for "did you mean" fixes.
  static var all: [String] { Array(colors.keys) + Array(timings.keys) + functions }

  /// Declared names may not take these (§1).
  static func isReserved(_ name: String) -> Bool { reservedNames.contains(name) }

  /// One set, so checking a declaration's name hashes it once.
  static let reservedNames: Set<String> =
    Set(colors.keys).union(timings.keys).union(functionSet).union(Word.clauseWordSpellings)

  static func describe(_ name: String) -> String {
    if colors[name] != nil { return "colour" }
    if timings[name] != nil { return "timing curve" }
    if functionSet.contains(name) { return "function" }
    return "clause word"
  }
}
