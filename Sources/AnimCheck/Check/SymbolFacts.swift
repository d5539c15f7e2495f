import AnimSyntax

/// What the checker's hottest paths ask about a name — is it a built-in's reserved name,
/// is it an animatable property, which built-in does a call name — answered by symbol
/// id. Asking by spelling hashed or compared a `String` for every declaration, `let`,
/// `animate` and call in the file.
struct SymbolFacts {
  /// Indexed by symbol id; symbols the table did not hold when these were made (none,
  /// as the tree is complete) fall back to the spelling.
  private var reserved: [Bool]
  private var properties: [Property?]
  /// The built-ins with fixed signatures, by the symbol of their name.
  private var signatures: [Signature?]

  init(_ symbols: SymbolTable) {
    let count = symbols.names.count
    reserved = [Bool](repeating: false, count: count)
    properties = [Property?](repeating: nil, count: count)
    signatures = [Signature?](repeating: nil, count: count)
    for name in BuiltinNames.reservedNames {
      if let s = symbols.lookup(name) { reserved[Int(s.id)] = true }
    }
    for p in Property.allCases {
      if let s = symbols.lookup(p.rawValue) { properties[Int(s.id)] = p }
    }
    for (name, signature) in Signature.fixed {
      if let s = symbols.lookup(name) { signatures[Int(s.id)] = signature }
    }
  }

  /// Whether `name` (the spelling of `symbol`) may not be declared (a built-in's name).
  func isReserved(_ symbol: Symbol, _ name: @autoclosure () -> String) -> Bool {
    let i = Int(symbol.id)
    guard i >= 0 && i < reserved.count else { return BuiltinNames.isReserved(name()) }
    return reserved[i]
  }

  /// The property `name` (the spelling of `symbol`) names, if any.
  func property(_ symbol: Symbol, _ name: @autoclosure () -> String) -> Property? {
    let i = Int(symbol.id)
    guard i >= 0 && i < properties.count else { return Property(rawValue: name()) }
    return properties[i]
  }

  /// The fixed signature of the built-in `name` (the spelling of `symbol`) calls, if any.
  func signature(_ symbol: Symbol?, _ name: @autoclosure () -> String) -> Signature? {
    guard let i = symbol.map({ Int($0.id) }), i >= 0 && i < signatures.count else { return Signature.fixed[name()] }
    return signatures[i]
  }
}
