import AnimIR
import AnimModel
import AnimSource
import AnimSyntax
import AnimThreads

/// Checking a large file's top-level values on two cores, when the scene is not lowered
/// (see `CheckSchedule.inOrder`).
///
/// Two checkers each take half of the values still unchecked and check them "aside":
/// neither writes a declaration (both read the same table, in which every value still
/// unchecked is marked `.elsewhere`), and a value that uses such a value is left for the
/// serial pass, its diagnostics and uses dropped. Checking a value writes nothing but
/// returns what it found (`CheckedValue`), so the same checking serves both paths.
/// The values checked aside are then settled in order, and the serial pass resolves
/// what was left, as one checker would. Slots may come out in another order than one
/// checker's (only the IR, not made then, shows them); diagnostics are the same once
/// sorted by source, as `analyze` sorts them.
extension Checker {
  func resolveGlobals() {
    let pending = order.filter { declarations.read($0, { $0.state }) == .unchecked }
    if tree.nodeCount >= schedule.minimumNodes, pending.count >= schedule.minimumValues {
      let half = pending.count / 2
      for symbol in pending { declarations.update(symbol) { $0.state = .elsewhere } }
      let other = Checker(continuing: self)
      // Each checker writes only itself; the table and the tree are only read (see above).
      ForkJoin.run({ self.checkAside(pending[..<half]) }, { other.checkAside(pending[half...]) })
      adoptUses(of: other)
      loweringFacts.adopt(other.loweringFacts)
      // `other` shared the table and the constants only to read them; once it lets go,
      // settling writes them in place rather than copying them first on the serial path.
      other.declarations = DeclarationTable()
      other.folder.release()
      settleAside(of: self)
      settleAside(of: other)
      diagnostics += other.diagnostics
      // Those left for the serial pass are unchecked again.
      for symbol in pending where declarations.read(symbol, { $0.state }) == .elsewhere {
        declarations.update(symbol) { $0.state = .unchecked }
      }
    }
    // The values left unchecked, in order; every other one is done and returns at once.
    for symbol in order { resolve(symbol) }
  }

  /// Checks `symbols` without writing their declarations; see `AsideValues`.
  func checkAside(_ symbols: ArraySlice<Symbol>) {
    aside.values.reserveCapacity(symbols.count)
    for symbol in symbols {
      guard let d = declarations[symbol] else { continue }
      let mark = diagnostics.count
      aside.unresolved = false
      declarations.recordUses()
      let value = checkGlobal(d)
      // A value left for the serial pass leaves nothing behind: not its diagnostics, and
      // not its uses, which one checker would not have made if the chain it starts is cut.
      declarations.endRecording(keeping: !aside.unresolved)
      guard !aside.unresolved else {
        diagnostics.removeSubrange(mark...)
        continue
      }
      var checked = AsideValues.Checked(
        symbol: symbol, facts: ValueFacts(value.typed), value: value.value, shapeDefaults: value.shapeDefaults)
      if let constant = value.constant {
        checked.constant = aside.constants.count
        aside.constants.append(constant)
      }
      aside.values.append(checked)
    }
  }

  /// Records what `checker` checked aside, in its order.
  func settleAside(of checker: Checker) {
    let checked = checker.aside
    checker.aside = AsideValues()
    for value in checked.values {
      settle(value.symbol, value.facts, value.value, value.constant.map { checked.constants[$0] } ?? .number(.nan))
      if !value.shapeDefaults.isEmpty { declarations.update(value.symbol) { $0.shapeDefaults = value.shapeDefaults } }
    }
  }
}

/// What a checker found while checking values aside.
struct AsideValues {
  /// A value checked aside, waiting to be settled.
  struct Checked {
    let symbol: Symbol
    let facts: ValueFacts
    let value: CheckedExpr
    let shapeDefaults: [CheckedStatement]
    /// Its index in `constants`, when folded (most values are not, and a `Value` is large).
    var constant: Int? = nil
  }

  /// Set when the value being checked used one marked `.elsewhere`.
  var unresolved = false
  /// The values checked, in order, and the constant values of those folded.
  var values: [Checked] = []
  var constants: [Value] = []
}
