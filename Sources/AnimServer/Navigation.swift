import AnimJSON
import AnimSource
import AnimSyntax

/// `definition`, `references`, `prepareRename` and `rename` for declared names, resolved
/// syntactically by `SymbolIndex` (block `let`s first, then the file's declarations).
extension LanguageServer {
  func definition(_ params: JSONValue) throws -> JSONValue {
    let (s, decl) = try declarationAtCursor(params)
    guard let decl else { return .null }
    return LSP.location(s.uri, s.index.declarations[decl].nameRange, in: s.file, encoding)
  }

  func references(_ params: JSONValue) throws -> JSONValue {
    let (s, decl) = try declarationAtCursor(params)
    guard let decl else { return .array([]) }
    let include = params["context"]?["includeDeclaration"]?.boolValue ?? true
    return .array(
      s.index.occurrences(of: decl, in: s.tree, includeDeclaration: include).map {
        LSP.location(s.uri, $0, in: s.file, encoding)
      })
  }

  func prepareRename(_ params: JSONValue) throws -> JSONValue {
    let (s, decl) = try declarationAtCursor(params)
    let d = try renameable(decl, s, params)
    return .object([
      ("range", LSP.range(rangeUnderCursor(s, params, fallback: d.nameRange), in: s.file, encoding)),
      ("placeholder", .string(d.name)),
    ])
  }

  func rename(_ params: JSONValue) throws -> JSONValue {
    let (s, decl) = try declarationAtCursor(params)
    let d = try renameable(decl, s, params)
    let newName = try params.string("newName")
    try validate(newName: newName, for: d, s)
    let edits = s.index.occurrences(of: decl ?? -1, in: s.tree).map {
      LSP.textEdit($0, newName, in: s.file, encoding)
    }
    return .object([("changes", .object([(s.uri, .array(edits))]))])
  }

  // MARK: Helpers

  private func declarationAtCursor(_ params: JSONValue) throws -> (Snapshot, Int?) {
    let uri = try params.documentURI()
    let position = try params.position()
    let s = try documents.snapshot(uri)
    let cursor = s.cursor(position, encoding)
    guard let name = s.nameNode(at: cursor) else { return (s, nil) }
    return (s, s.index.declaration(forName: name))
  }

  /// The declaration to rename, or an error saying why the word under the cursor is not
  /// one (a built-in, a language word, or nothing at all).
  private func renameable(_ decl: Int?, _ s: Snapshot, _ params: JSONValue) throws -> Declaration {
    if let decl { return s.index.declarations[decl] }
    let cursor = s.cursor(try params.position(), encoding)
    let word = cursor.word
    if word.isEmpty { throw ResponseError.failed("there is no name here to rename") }
    if let w = Symbol.word(named: word), w.isReserved || w.isClauseWord {
      throw ResponseError.failed("`\(word)` is a word of the language and cannot be renamed")
    }
    if BuiltinDocs.reservedNames.contains(word) {
      throw ResponseError.failed("`\(word)` is built in and cannot be renamed")
    }
    if WordDocs.properties[word] != nil {
      throw ResponseError.failed("`\(word)` is a property and cannot be renamed")
    }
    throw ResponseError.failed("`\(word)` is not declared in this file")
  }

  private func rangeUnderCursor(_ s: Snapshot, _ params: JSONValue, fallback: SourceRange) -> SourceRange {
    guard let position = try? params.position() else { return fallback }
    let cursor = s.cursor(position, encoding)
    return cursor.word.isEmpty ? fallback : cursor.wordRange
  }

  /// §1: a name is an identifier that is not reserved, not a clause word, not a built-in,
  /// timing or colour name, and unique; a block `let` may not reuse a file-level name.
  func validate(newName: String, for decl: Declaration, _ s: Snapshot) throws {
    guard let first = newName.utf8.first, !(first >= 0x30 && first <= 0x39),
      newName.utf8.allSatisfy(Cursor.isIdentifierByte)
    else {
      throw ResponseError.failed("`\(newName)` is not a name: use letters, digits and `_`, not starting with a digit")
    }
    if newName == decl.name { return }
    if let w = Symbol.word(named: newName), w.isReserved || w.isClauseWord {
      throw ResponseError.failed("`\(newName)` is a reserved word or a clause word and cannot be a name")
    }
    if BuiltinDocs.reservedNames.contains(newName) {
      throw ResponseError.failed("`\(newName)` is a built-in name and cannot be a declared name")
    }
    let clash = s.index.declarations.first { other in
      guard other.name == newName else { return false }
      // File-level names clash with everything; block lets with their block's and the file's.
      return other.scope == nil || decl.scope == nil || other.scope == decl.scope
    }
    if let clash {
      throw ResponseError.failed("`\(newName)` is already declared (\(clash.kind.keyword) `\(clash.name)`)")
    }
  }
}

extension Symbol {
  /// The language word spelled `name`, if it is one.
  static func word(named name: String) -> Word? { Word.allCases.first { $0.spelling == name } }
}
