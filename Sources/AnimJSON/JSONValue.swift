/// A JSON value. Objects keep their keys in insertion order, because the formats we
/// write (LSP messages, frame dumps, diagnostics) are read by people and by golden tests.
package enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }

  /// The value for `key` when this is an object.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  package var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  package var doubleValue: Double? {
    if case .number(let n) = self { return n }
    return nil
  }

  /// The value as an integer when it is a whole number that fits.
  package var intValue: Int? {
    guard case .number(let n) = self, n.rounded() == n, abs(n) < 9.0e15 else { return nil }
    return Int(n)
  }

  package var boolValue: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  package var arrayValue: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }
}
