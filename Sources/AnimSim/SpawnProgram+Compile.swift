import AnimIR
import AnimMath
import AnimModel

extension SpawnProgram {
  /// The program for `e`, or nil when some part of it is not on numbers and points of
  /// known kinds (then the interpreter evaluates it). `locals`: each local slot's kind at
  /// this point of the block, nil where it is not known.
  static func compile(_ e: Expr, locals: [Kind?], _ ctx: inout EvaluationContext) -> SpawnProgram? {
    var compiler = Compiler(locals: locals)
    guard let kind = compiler.emit(e, height: 0, &ctx) else { return nil }
    return SpawnProgram(ops: compiler.ops, kind: kind, depth: compiler.depth)
  }

  private struct Compiler {
    let locals: [Kind?]
    var ops: [Op] = []
    var depth = 0

    /// Appends the operations that leave `e`'s value on the stack above `height` values;
    /// returns its kind.
    mutating func emit(_ e: Expr, height: Int, _ ctx: inout EvaluationContext) -> Kind? {
      depth = max(depth, height + 1)
      if e.isSameAtEverySpawn {
        // Evaluated once: it draws nothing and gives the same value at every spawn.
        switch try? Evaluator.evaluate(e, &ctx) {
        case .number(let n)?: return push(.push(Point(n, 0)), .number)
        case .point(let p)?: return push(.push(p), .point)
        default: return nil
        }
      }
      switch e {
      case .local(let slot):
        guard slot >= 0, slot < locals.count, let kind = locals[slot] else { return nil }
        return push(.local(slot, kind), kind)
      case .selfIndex: return push(.selfIndex, .number)
      case .triggerPosition: return push(.triggerPosition, .point)
      case .triggerTime: return push(.triggerTime, .number)
      case .negate(let x):
        guard let kind = emit(x, height: height, &ctx) else { return nil }
        return push(.negate(kind), kind)
      case .arithmetic(let op, let a, let b, let range):
        guard let left = emit(a, height: height, &ctx), let right = emit(b, height: height + 1, &ctx) else {
          return nil
        }
        return push(.arithmetic(op, left, right, range), left == .number && right == .number ? .number : .point)
      case .makePoint(let x, let y):
        guard emit(x, height: height, &ctx) == .number, emit(y, height: height + 1, &ctx) == .number else {
          return nil
        }
        return push(.makePoint, .point)
      case .component(let p, let axis):
        guard emit(p, height: height, &ctx) == .point else { return nil }
        return push(.component(axis), .number)
      case .call(let b, let args, let range) where b == .random || b == .randomInt:
        // `Builtins.randomInRange`: the range written in the call.
        guard args.count == 1, case .range(let lo, let hi) = args[0], emit(lo, height: height, &ctx) == .number,
          emit(hi, height: height + 1, &ctx) == .number
        else { return nil }
        return push(.random(b, range), .number)
      case .call(.choose, let args, let range):
        // `Builtins.apply`: every argument evaluated in order, then one drawn.
        guard !args.isEmpty, let kind = emit(args[0], height: height, &ctx) else { return nil }
        for (i, arg) in args.enumerated().dropFirst() {
          guard emit(arg, height: height + i, &ctx) == kind else { return nil }
        }
        return push(.choose(count: args.count, kind, range), kind)
      default:
        return nil
      }
    }

    private mutating func push(_ op: Op, _ kind: Kind) -> Kind {
      ops.append(op)
      return kind
    }
  }
}
