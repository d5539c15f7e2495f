import AnimMath
import AnimModel

/// The evaluated arguments of a built-in call, in parameter order (defaults filled in),
/// indexed from 0. A view of the evaluation context's argument stack (`Builtins.call`
/// pushes them there and pops them after the call), so a call allocates nothing once the
/// stack has grown to the deepest call's size.
package struct BuiltinArguments: RandomAccessCollection, Sendable {
  private let values: ArraySlice<Value>

  init(_ values: ArraySlice<Value>) { self.values = values }
  init(_ values: [Value]) { self.values = values[...] }

  package var startIndex: Int { 0 }
  package var endIndex: Int { values.count }
  package subscript(i: Int) -> Value { values[values.startIndex + i] }

  /// The first `k` arguments (all of them when there are fewer).
  func first(_ k: Int) -> BuiltinArguments { BuiltinArguments(values.prefix(k)) }

  /// Argument `i` as a Number; NaN when missing or not a Number.
  func n(_ i: Int) -> Double { i < count ? self[i].number : .nan }
  /// Argument `i` as a Point; the origin when missing.
  func p(_ i: Int) -> Point { i < count ? self[i].point : .zero }
}
