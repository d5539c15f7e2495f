import AnimIR
import AnimModel
import AnimSyntax

/// What the checker's hottest paths ask about a name — is it a built-in's reserved name,
/// is it an animatable property, which built-in does a call name, which colour or timing
/// curve does a bare name stand for — answered by symbol id. Asking by spelling hashed
/// or compared a `String` for every declaration, `let`, `animate`, call and `timing
/// easeIn` in the file.
///
/// Each answer is a small value per symbol (a large file has tens of thousands): the
/// signatures and values themselves are kept once, in lists the symbols index.
struct SymbolFacts {
  /// Indexed by symbol id; symbols the table did not hold when these were made (none,
  /// as the tree is complete) fall back to the spelling.
  private var reserved: [Bool]
  private var properties: [Property?]
  /// The built-ins with fixed signatures: an index into `signatureList`, or -1.
  private var signatures: [Int16]
  private var signatureList: [Signature] = []
  /// How a call to each name is checked.
  private var callForms: [CallForm]
  /// The built-in colours and timing curves: an index into `namedValueList`, or -1.
  private var namedValues: [Int16]
  private var namedValueList: [BuiltinValue] = []

  init(_ symbols: SymbolTable) {
    let count = symbols.names.count
    reserved = Self.filled(false, count)
    properties = Self.filled(nil, count)
    signatures = Self.filled(-1, count)
    namedValues = Self.filled(-1, count)
    callForms = Self.filled(.signature, count)
    for form in CallForm.allCases {
      for name in form.names {
        if let s = symbols.lookup(name) { callForms[Int(s.id)] = form }
      }
    }
    for name in BuiltinNames.reservedNames {
      if let s = symbols.lookup(name) { reserved[Int(s.id)] = true }
    }
    for p in Property.allCases {
      if let s = symbols.lookup(p.rawValue) { properties[Int(s.id)] = p }
    }
    for (name, signature) in Signature.fixed {
      guard let s = symbols.lookup(name) else { continue }
      signatures[Int(s.id)] = Int16(signatureList.count)
      signatureList.append(signature)
    }
    for (name, value) in Self.namedValues {
      guard let s = symbols.lookup(name) else { continue }
      namedValues[Int(s.id)] = Int16(namedValueList.count)
      namedValueList.append(value)
    }
  }

  /// `count` copies of `value`, written in one plain loop (`Array(repeating:count:)`
  /// goes through generic code per element, on the checker's serial path).
  private static func filled<T>(_ value: T, _ count: Int) -> [T] {
    [T](unsafeUninitializedCapacity: count) { buffer, initialized in
      buffer.initialize(repeating: value)
      initialized = count
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
    let k = Int(signatures[i])
    return k >= 0 ? signatureList[k] : nil
  }

  /// The built-in colour or timing curve `name` (the spelling of `symbol`) stands for, if any.
  func namedValue(_ symbol: Symbol, _ name: @autoclosure () -> String) -> BuiltinValue? {
    let i = Int(symbol.id)
    guard i >= 0 && i < namedValues.count else { return Self.namedValue(name()) }
    let k = Int(namedValues[i])
    return k >= 0 ? namedValueList[k] : nil
  }

  /// The built-in a call to `name` (the spelling of `symbol`) calls, by how it is
  /// checked; a spring's form follows its argument labels (§5).
  func builtin(called symbol: Symbol?, _ name: String, labels: () -> Set<String>) -> Builtin? {
    switch callForm(symbol, name) {
    case .spring: return Signature.spring(labels: labels()).builtin
    case .randomPoint: return Signature.randomPoint(labels: labels()).builtin
    case .heart: return .heart
    case .scale: return .scale
    case .generic:
      switch name {
      case "random": return .random
      case "randomInt": return .randomInt
      case "choose": return .choose
      default: return Builtin(rawValue: name)
      }
    case .signature: return signature(symbol, name)?.builtin
    }
  }

  /// How a call to `name` (the spelling of `symbol`) is checked.
  func callForm(_ symbol: Symbol?, _ name: @autoclosure () -> String) -> CallForm {
    guard let i = symbol.map({ Int($0.id) }), i >= 0 && i < callForms.count else { return CallForm(name()) }
    return callForms[i]
  }

  /// The built-in colours, then the timing curves (a colour's name wins).
  private static let namedValues: [(String, BuiltinValue)] =
    BuiltinNames.colors.map { ($0.key, BuiltinValue(type: .color, value: .color($0.value))) }
    + BuiltinNames.timings.filter { BuiltinNames.colors[$0.key] == nil }.map {
      ($0.key, BuiltinValue(type: .timing, value: .timing($0.value)))
    }

  private static func namedValue(_ name: String) -> BuiltinValue? {
    if let c = BuiltinNames.colors[name] { return BuiltinValue(type: .color, value: .color(c)) }
    if let t = BuiltinNames.timings[name] { return BuiltinValue(type: .timing, value: .timing(t)) }
    return nil
  }
}

/// The built-ins whose calls are not checked by their fixed signature alone, by how they
/// are (see `Checker.checkCall`); every other name is `.signature`.
enum CallForm: CaseIterable {
  case signature, spring, randomPoint, heart, scale, generic

  /// The spellings checked this way, from each built-in's `CallRule`.
  var names: [String] { Self.namesByForm[self] ?? [] }

  private static let namesByForm: [CallForm: [String]] = [
    .spring: Vocabulary.names(following: .spring), .randomPoint: Vocabulary.names(following: .randomPoint),
    .heart: Vocabulary.names(following: .heart),
    .scale: Vocabulary.names(following: .scale), .generic: Vocabulary.names(following: .generic),
  ]

  init(_ name: String) {
    self = Self.allCases.first { $0.names.contains(name) } ?? .signature
  }
}

/// A built-in colour or timing curve, by name.
struct BuiltinValue {
  let type: AnimType
  let value: Value
}
