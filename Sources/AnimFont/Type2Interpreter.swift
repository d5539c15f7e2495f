import AnimMath

/// Runs one Type 2 charstring into a cubic `Path` in font units (y up).
///
/// Hints are counted only to skip `hintmask` bytes; the advance width operand is dropped
/// (advances come from `hmtx`). Contours are emitted as fontTools' T2 outline extractor
/// does: every `moveto` closes the open contour, a drawing operator before any `moveto`
/// starts one at the current point, and `endchar` closes the last.
///
/// Bounds: subroutines nest at most 10 deep (the Type 2 limit), the operand stack holds
/// at most 48 values, and one glyph may run at most `maxSteps` operators and operands in
/// all, so a subroutine that calls itself or a tree of calls fails instead of hanging.
struct Type2Interpreter {
  static let maxDepth = 10
  static let maxSteps = 200_000
  static let maxStack = 48

  private let global: CFFIndex
  private let local: CFFIndex?
  private var stack: [Double] = []
  private var path = Path()
  private var current = Point(0, 0)
  private var open = false
  private var stems = 0
  private var sawWidth = false
  private var steps = 0
  private var ended = false

  init(global: CFFIndex, local: CFFIndex?) {
    self.global = global
    self.local = local
  }

  mutating func run(_ code: ByteView) throws(FontError) -> Path {
    try execute(code, depth: 0)
    close()
    return path
  }

  private static func bias(_ count: Int) -> Int { count < 1240 ? 107 : count < 33900 ? 1131 : 32768 }

  private func fail(_ reason: String) -> FontError { .malformed(table: "CFF ", reason: reason) }

  // MARK: - Drawing

  private mutating func close() {
    if open { path.segments.append(.close) }
    open = false
  }

  private mutating func moveBy(_ dx: Double, _ dy: Double) {
    close()
    current = Point(current.x + dx, current.y + dy)
    path.segments.append(.move(to: current))
    open = true
  }

  private mutating func lineBy(_ dx: Double, _ dy: Double) {
    if !open { moveBy(0, 0) }
    current = Point(current.x + dx, current.y + dy)
    path.segments.append(.line(to: current))
  }

  private mutating func curveBy(_ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double)) {
    if !open { moveBy(0, 0) }
    let p1 = Point(current.x + a.0, current.y + a.1)
    let p2 = Point(p1.x + b.0, p1.y + b.1)
    let p3 = Point(p2.x + c.0, p2.y + c.1)
    path.segments.append(.cubic(c1: p1, c2: p2, to: p3))
    current = p3
  }

  /// Drops the advance width the first stack-clearing operator may carry: present when
  /// the operand count exceeds what the operator takes (`expected`), or breaks its parity.
  private mutating func dropWidth(when extra: Bool) {
    if !sawWidth, extra, !stack.isEmpty { stack.removeFirst() }
    sawWidth = true
  }

  // MARK: - Execution

  private mutating func execute(_ code: ByteView, depth: Int) throws(FontError) {
    guard depth <= Self.maxDepth else { throw fail("subroutines nest deeper than \(Self.maxDepth)") }
    var at = 0
    while at < code.count, !ended {
      steps += 1
      guard steps <= Self.maxSteps else { throw fail("a glyph runs more than \(Self.maxSteps) steps") }
      let b0 = try code.u8(at)
      at += 1
      if b0 >= 32 || b0 == 28 {
        let value: Double
        switch b0 {
        case 28:
          value = Double(try code.i16(at))
          at += 2
        case 32...246: value = Double(b0 - 139)
        case 247...250:
          value = Double((b0 - 247) * 256 + (try code.u8(at)) + 108)
          at += 1
        case 251...254:
          value = Double(-(b0 - 251) * 256 - (try code.u8(at)) - 108)
          at += 1
        default:
          value = Double(try code.i32(at)) / 65536
          at += 4
        }
        guard stack.count < Self.maxStack else { throw fail("the operand stack exceeds \(Self.maxStack)") }
        stack.append(value)
        continue
      }
      switch b0 {
      case 1, 3, 18, 23:  // hstem, vstem, hstemhm, vstemhm
        dropWidth(when: stack.count % 2 == 1)
        stems += stack.count / 2
        stack = []
      case 19, 20:  // hintmask, cntrmask: operands are an implicit vstem
        dropWidth(when: stack.count % 2 == 1)
        stems += stack.count / 2
        stack = []
        at += (stems + 7) / 8
      case 21:  // rmoveto
        dropWidth(when: stack.count > 2)
        try need(2)
        moveBy(stack[0], stack[1])
        stack = []
      case 22, 4:  // hmoveto, vmoveto
        dropWidth(when: stack.count > 1)
        try need(1)
        if b0 == 22 { moveBy(stack[0], 0) } else { moveBy(0, stack[0]) }
        stack = []
      case 5:  // rlineto
        var i = 0
        while i + 1 < stack.count {
          lineBy(stack[i], stack[i + 1])
          i += 2
        }
        stack = []
      case 6, 7:  // hlineto, vlineto: alternating
        var horizontal = b0 == 6
        for d in stack {
          if horizontal { lineBy(d, 0) } else { lineBy(0, d) }
          horizontal.toggle()
        }
        stack = []
      case 8, 24, 25:  // rrcurveto, rcurveline, rlinecurve
        try rcurves(b0)
      case 26, 27:  // vvcurveto, hhcurveto
        var args = stack[...]
        var first = 0.0
        if args.count % 2 == 1 {
          first = args.removeFirst()
        }
        while args.count >= 4 {
          let a = Array(args.prefix(4))
          args = args.dropFirst(4)
          if b0 == 27 {
            curveBy((a[0], first), (a[1], a[2]), (a[3], 0))
          } else {
            curveBy((first, a[0]), (a[1], a[2]), (0, a[3]))
          }
          first = 0
        }
        stack = []
      case 30, 31:  // vhcurveto, hvcurveto: alternating, an optional last delta
        var horizontal = b0 == 31
        var args = stack[...]
        while args.count >= 4 {
          let a = Array(args.prefix(4))
          args = args.dropFirst(4)
          let last = args.count == 1 ? args.removeFirst() : 0
          if horizontal {
            curveBy((a[0], 0), (a[1], a[2]), (last, a[3]))
          } else {
            curveBy((0, a[0]), (a[1], a[2]), (a[3], last))
          }
          horizontal.toggle()
        }
        stack = []
      case 10, 29:  // callsubr, callgsubr
        guard let index = stack.popLast(), index.isFinite, abs(index) < 1e6 else {
          throw fail("callsubr without an index")
        }
        guard let subrs = b0 == 10 ? local : global else { throw fail("callsubr without local subroutines") }
        let body = try subrs.object(Int(index) + Self.bias(subrs.count))
        try execute(body, depth: depth + 1)
      case 11:  // return
        return
      case 14:  // endchar
        dropWidth(when: stack.count == 1 || stack.count == 5)
        guard stack.count < 4 else { throw fail("endchar with accent operands (seac) is not supported") }
        close()
        ended = true
        stack = []
      case 12:
        let op = try code.u8(at)
        at += 1
        try flex(op)
      default:
        throw fail("charstring operator \(b0)")
      }
    }
  }

  private func need(_ n: Int) throws(FontError) {
    guard stack.count >= n else { throw fail("an operator needs \(n) operands, has \(stack.count)") }
  }

  private mutating func rcurves(_ op: Int) throws(FontError) {
    var args = stack[...]
    if op == 25 {  // rlinecurve: lines, then one curve
      while args.count >= 8 {
        lineBy(args[args.startIndex], args[args.startIndex + 1])
        args = args.dropFirst(2)
      }
    }
    while args.count >= 6 {
      let a = Array(args.prefix(6))
      args = args.dropFirst(6)
      curveBy((a[0], a[1]), (a[2], a[3]), (a[4], a[5]))
    }
    if op == 24, args.count >= 2 {  // rcurveline: curves, then one line
      lineBy(args[args.startIndex], args[args.startIndex + 1])
    }
    stack = []
  }

  /// The two-byte operators: the flex family draws two curves; the rest are refused.
  private mutating func flex(_ op: Int) throws(FontError) {
    let a = stack
    switch op {
    case 35:  // flex
      try need(13)
      curveBy((a[0], a[1]), (a[2], a[3]), (a[4], a[5]))
      curveBy((a[6], a[7]), (a[8], a[9]), (a[10], a[11]))
    case 34:  // hflex
      try need(7)
      curveBy((a[0], 0), (a[1], a[2]), (a[3], 0))
      curveBy((a[4], 0), (a[5], -a[2]), (a[6], 0))
    case 36:  // hflex1
      try need(9)
      curveBy((a[0], a[1]), (a[2], a[3]), (a[4], 0))
      curveBy((a[5], 0), (a[6], a[7]), (a[8], -(a[1] + a[3] + a[7])))
    case 37:  // flex1
      try need(11)
      let dx = a[0] + a[2] + a[4] + a[6] + a[8]
      let dy = a[1] + a[3] + a[5] + a[7] + a[9]
      curveBy((a[0], a[1]), (a[2], a[3]), (a[4], a[5]))
      if abs(dx) > abs(dy) {
        curveBy((a[6], a[7]), (a[8], a[9]), (a[10], -dy))
      } else {
        curveBy((a[6], a[7]), (a[8], a[9]), (-dx, a[10]))
      }
    default:
      throw fail("charstring operator 12 \(op) is not supported")
    }
    stack = []
  }
}
