import AnimMath
import AnimModel

/// The language's vocabulary, read from the one declaration of each word: built-ins
/// (`BuiltinSpec`), properties (`PropertySpec`), named colours and timing curves
/// (`NamedValues`) and the syntax's words (`Word`). Everything here is derived once; the
/// checker, the language server and the grammar generator read these lists.
package enum Vocabulary {
  /// Every built-in, in `Builtin`'s order, the inserted ones included.
  package static let builtins: [BuiltinSpec] = Builtin.allCases.map(\.spec)

  /// The built-ins users write, one entry per spelling (the four spring forms are one),
  /// in `Builtin`'s order.
  package static let functionNames: [String] = {
    var seen: Set<String> = []
    return builtins.filter { $0.kind != .hidden && seen.insert($0.name).inserted }.map(\.name)
  }()

  /// The built-ins as documented: grouped by kind, and in `Builtin`'s order within a kind.
  package static let documentedBuiltins: [BuiltinSpec] = BuiltinKind.allCases.flatMap { kind in
    builtins.filter { $0.kind == kind && kind != .hidden }
  }

  package static let properties: [PropertySpec] = Property.allCases.map(\.spec)

  /// Statements that set a node's style or place outside §6.1's properties.
  package static let placementWords = ["anchor", "z", "contentsRect"]
  /// Scene settings (§3).
  package static let sceneSettings = ["size", "background", "fps", "duration", "seed"]
  /// The members a node's name has (§3, §14): `NODE.position`, its coordinates, and where
  /// it is drawn in the scene.
  package static let nodeMembers = ["position", "x", "y", "scenePosition"]
  /// The members `trigger` has in a spawn block (§8, §15).
  package static let triggerMembers = ["position", "time", "velocity"]
  /// The members of `instance offset` (§3.2).
  package static let offsetChannels = ["red", "green", "blue", "alpha"]

  /// Colour names to colours, and timing names to curves, for lookups by spelling.
  package static let colors: [String: Color] = Dictionary(
    NamedValues.colors.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
  package static let timings: [String: TimingFunction] = Dictionary(
    NamedValues.timings.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })

  /// The built-ins checked against fixed parameters, by spelling (`heart` too: its rule
  /// starts from these parameters).
  static let fixedSignatures: [String: Signature] = Dictionary(
    builtins.filter { $0.rule == .signature || $0.rule == .heart }.map {
      ($0.name, Signature(builtin: $0.builtin, parameters: $0.parameters, result: $0.result))
    }, uniquingKeysWith: { a, _ in a })

  /// The spellings whose calls follow `rule`.
  package static func names(following rule: CallRule) -> [String] {
    var seen: Set<String> = []
    return builtins.filter { $0.rule == rule && seen.insert($0.name).inserted }.map(\.name)
  }
}

extension CallRule: Equatable {}
