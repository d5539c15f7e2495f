import AnimModel
import AnimSource

extension IRForm {
  /// A node's or spawn's §16 blocks: `live` bindings, `on drag` bindings and `on release`.
  @usableFromInline package struct Interaction<V: IRValue>: Sendable {
    /// `live PROP EXPR`: bound for the instance's whole life.
    @usableFromInline package var live: [Binding<V>] = []
    /// `on drag { PROP EXPR … }`: bound while a press on the instance lasts.
    @usableFromInline package var onDrag: [Binding<V>] = []
    /// `on release [if COND] { … } [else { … }]`; nil without one.
    @usableFromInline package var release: Release<V>? = nil
    /// Whether the instance receives presses: it has `on drag` or `on release` (§16).
    @usableFromInline package var handlesDrags = false

    @inlinable package init() {}
  }

  /// `PROP EXPR` in `on drag`, or `live PROP EXPR`.
  @usableFromInline package struct Binding<V: IRValue>: Sendable {
    @usableFromInline package var property: Property
    @usableFromInline package var value: V
    @usableFromInline package var range: SourceRange
    @inlinable package init(property: Property, value: V, range: SourceRange) {
      self.property = property
      self.value = value
      self.range = range
    }
  }

  /// What `on release` does: `then` when `condition` holds (or has none), else `otherwise`.
  @usableFromInline package struct Release<V: IRValue>: Sendable {
    @usableFromInline package var condition: V?
    @usableFromInline package var then: ReleaseBranch<V>
    @usableFromInline package var otherwise: ReleaseBranch<V>
    @inlinable package init(condition: V?, then: ReleaseBranch<V>, otherwise: ReleaseBranch<V>) {
      self.condition = condition
      self.then = then
      self.otherwise = otherwise
    }
  }

  /// One branch of `on release`: a spawn block's statements (times counted from the
  /// release) and the emitters it fires, by index, in source order.
  @usableFromInline package struct ReleaseBranch<V: IRValue>: Sendable {
    @usableFromInline package var body: [BlockStatement<V>] = []
    @usableFromInline package var localCount = 0
    @usableFromInline package var emits: [Int] = []
    @inlinable package init() {}
  }
}

package typealias Interaction = IRForm.Interaction<Expr>
package typealias Binding = IRForm.Binding<Expr>

extension IRForm.Interaction {
  @inlinable package func map<W>(_ f: (V) -> W) -> IRForm.Interaction<W> {
    var i = IRForm.Interaction<W>()
    i.live = live.map { $0.map(f) }
    i.onDrag = onDrag.map { $0.map(f) }
    i.release = release.map {
      IRForm.Release(condition: $0.condition.map(f), then: $0.then.map(f), otherwise: $0.otherwise.map(f))
    }
    i.handlesDrags = handlesDrags
    return i
  }
}

extension IRForm.Binding {
  @inlinable package func map<W>(_ f: (V) -> W) -> IRForm.Binding<W> {
    IRForm.Binding<W>(property: property, value: f(value), range: range)
  }
}

extension IRForm.ReleaseBranch {
  @inlinable package func map<W>(_ f: (V) -> W) -> IRForm.ReleaseBranch<W> {
    var b = IRForm.ReleaseBranch<W>()
    b.body = body.map { $0.map(f) }
    b.localCount = localCount
    b.emits = emits
    return b
  }
}
