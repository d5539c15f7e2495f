import AnimIR
import AnimMath
import AnimModel

extension SpawnPlan {
  /// A value evaluated once, a program to run or an expression to interpret at every spawn.
  enum Operand {
    case constant(Value)
    case compiled(SpawnProgram)
    case perSpawn(Expr)

    @inline(__always)
    func value(_ ctx: inout EvaluationContext) throws(EvaluationError) -> Value {
      switch self {
      case .constant(let v): return v
      case .compiled(let program): return try program.value(&ctx)
      case .perSpawn(let e): return try Evaluator.evaluate(e, &ctx)
      }
    }

    /// `value(&ctx).point`, without the `Value` when a program gives a point.
    @inline(__always)
    func point(_ ctx: inout EvaluationContext) throws(EvaluationError) -> Point {
      if case .compiled(let program) = self, program.kind == .point { return try program.run(&ctx) }
      return try value(&ctx).point
    }
  }

  /// What making a plan knows as it goes through the block in order: a context to
  /// evaluate what is the same at every spawn, and the kind of value each local slot
  /// holds after the statements so far (nil: not known), which programs that read it need.
  struct Builder {
    var ctx: EvaluationContext
    /// A spawn starts with every slot 0.
    var localKinds: [SpawnProgram.Kind?]

    init(_ template: NodeTemplate, _ ctx: EvaluationContext) {
      self.ctx = ctx
      localKinds = Array(repeating: .number, count: max(template.localCount, 0))
    }

    /// Evaluated now when it is the same at every spawn and evaluates without error (an
    /// error stays for every spawn to meet where it would have), else compiled if it can be.
    mutating func operand(_ e: Expr) -> Operand {
      if e.isSameAtEverySpawn, let v = try? Evaluator.evaluate(e, &ctx) { return .constant(v) }
      if let program = SpawnProgram.compile(e, locals: localKinds, &ctx) { return .compiled(program) }
      return .perSpawn(e)
    }

    /// Notes what `bind` to `slot` leaves there.
    mutating func bind(_ slot: Int, _ operand: Operand) {
      guard slot >= 0 && slot < localKinds.count else { return }
      switch operand {
      case .constant(.number): localKinds[slot] = .number
      case .constant(.point): localKinds[slot] = .point
      case .compiled(let program): localKinds[slot] = program.kind
      case .constant, .perSpawn: localKinds[slot] = nil
      }
    }
  }
}
