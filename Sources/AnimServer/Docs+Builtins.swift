import AnimCheck
import AnimIR
import AnimModel
import Foundation

/// A built-in function, constructor or timing, with its documentation (spec §2–§5, §11).
/// `snippets` are LSP snippet texts for completion, one per form (springs have four),
/// each with the form's parameters as written after the name (`(x1, y1, x2, y2)`): the
/// completion label is the bare name, which is what a client inserts while the user
/// is still choosing, and the form only describes it.
struct BuiltinDoc {
  let name: String
  let signature: String
  let doc: String
  let snippets: [(form: String, text: String)]
  let kind: Kind

  enum Kind { case function, shape, path, timing, color, transform }
}

/// Built-in names, documented where each is declared (`BuiltinSpec`, `NamedValues`).
/// Hover shows `signature` and `doc`; completion inserts the snippets, labelled arguments
/// written out.
enum BuiltinDocs {
  static let all: [BuiltinDoc] = functions + shapes + paths + timings + colors + transforms

  static let byName: [String: BuiltinDoc] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })

  /// The documented built-ins of `kind`, one per spelling: the forms of one spelling (the
  /// four springs) share an entry whose signature lists them all.
  private static func docs(_ kind: BuiltinKind, as docKind: BuiltinDoc.Kind) -> [BuiltinDoc] {
    var order: [String] = []
    var forms: [String: [BuiltinSpec]] = [:]
    for spec in Vocabulary.documentedBuiltins where spec.kind == kind {
      if forms[spec.name] == nil { order.append(spec.name) }
      forms[spec.name, default: []].append(spec)
    }
    return order.compactMap { name in
      guard let specs = forms[name], let first = specs.first else { return nil }
      let snippets = specs.flatMap { spec in
        spec.snippets.map { $0.map { (form: $0.form, text: $0.text) } }
          ?? [(form: "(\(spec.form))", text: "\(spec.name)(\(placeholders(spec.form)))")]
      }
      return BuiltinDoc(
        name: name, signature: specs.map(\.signature).joined(separator: " · "), doc: first.doc, snippets: snippets,
        kind: docKind)
    }
  }

  /// `a, b = 1, c: 2` → `${1:a}, ${2:b}, c: ${3:2}`: positional parameters as named
  /// placeholders, labelled ones keep their label.
  static func placeholders(_ params: String) -> String {
    var n = 0
    return params.split(separator: ",").map { raw -> String in
      n += 1
      let p = raw.trimmingCharacters(in: .whitespaces)
      if let colon = p.firstIndex(of: ":") {
        return "\(p[..<colon]): ${\(n)}"
      }
      let name = p.split(separator: "=").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? p
      return "${\(n):\(name)}"
    }.joined(separator: ", ")
  }

  static let functions = docs(.function, as: .function)
  static let shapes = docs(.shape, as: .shape)
  static let paths = docs(.path, as: .path)
  /// The named curves, then the timing constructors.
  static let timings =
    NamedValues.timings.map {
      BuiltinDoc(name: $0.name, signature: $0.name, doc: $0.doc, snippets: [], kind: .timing)
    } + docs(.timing, as: .timing)
  static let colors = docs(.color, as: .color)
  static let transforms = docs(.transform, as: .transform)

  /// UIKit's named colours (§1), with their hex.
  static let colorNames: [(String, String)] = NamedValues.colors.map { ($0.name, $0.doc) }

  /// Names a declaration may not take (§1): built-ins, timing names and colour names.
  static let reservedNames: Set<String> = Set(all.map(\.name)).union(colorNames.map(\.0))
}
