/// The kinds of syntax-tree nodes. Every node has a source range and an ordered list
/// of children; the comment on each case gives its children (optional ones are present
/// as `.absent` nodes, so positions are fixed) and what `payload`/`flags` hold.
@usableFromInline package enum SyntaxKind: UInt8, Sendable, BitwiseCopyable {
  /// Children: declarations.
  case file

  // MARK: Declarations
  /// `scene "title" { … }` — [title: string | absent, block]
  case sceneDecl
  /// `let NAME = EXPR` (top level or in a block) — [name, value]
  case letDecl
  /// `timing NAME = EXPR` — [name, value]
  case timingDecl
  /// `shape NAME = EXPR { … }` — [name, value, block | absent]
  case shapeDecl
  /// `path NAME = EXPR` — [name, value]
  case pathDecl
  /// `node NAME = SHAPE { … }` — [name, shape, block | absent]; a group, `node NAME { … }`
  /// (§14), has an `.absent` shape.
  case nodeDecl
  /// `emitter NAME { … }` — [name, block]
  case emitterDecl
  /// `replicate NAME count N { … }` — [name, count, block]
  case replicateDecl
  /// `input { … }` — [block]
  case inputDecl

  // MARK: Statements
  /// `{ … }` — statements
  case block
  /// `WORD arg, arg, …` (a property, a style, a scene setting, a path command, `burst`,
  /// `max`, `origin`) — [head: name, args…]; flags bit 0: a trailing `ccw`.
  case command
  /// `animate PROP …` — [property: name, clauses…]; flags bit 0: block form.
  case animate
  /// One clause; payload: its `Word`. Children: `from/to/by/over/delay/timing/fill/
  /// interpolate/pacing/rotate` [expr]; `repeat` [expr] or [forever] or [for, expr] as
  /// flags 0/1/2 with [expr | absent]; `keyframes` [keyframe…]; `along` [expr];
  /// `autoreverse/additive/cumulative` [].
  case clause
  /// `k: v [timing]` — [key, value, timing | absent]
  case keyframe
  /// `group CLAUSE* { … }` — [clauses…, block]
  case group
  /// `sequence CLAUSE* { … }` — [clauses…, block]
  case sequence
  /// `spawn SHAPE [in NODE] { … }` — [shape, block | absent, parent: name | absent]
  case spawn
  /// `on tap [NODE]` — [target: name | absent]
  case onTap
  /// `every P [from F] [until U]` — [period, from | absent, until | absent]
  case every
  /// `at t₁, t₂, …` (a trigger, a node's appearance, an input event's time) — [times…]
  case at
  /// `remove after D` — [duration]
  case removeAfter
  /// `instance transform f₁ f₂ …` / `delay D` / `color C` / `offset CHANNEL Δ`;
  /// payload: the sub-word's symbol — transform [calls…], delay/color [expr],
  /// offset [channel: name, expr]
  case instance
  /// An `input` event: `tap [TARGET] at…/every…`, `pause at T`, `resume at T`,
  /// `speed S at T`; payload: the head word — [target or speed: expr | absent, when: at | every]
  case inputEvent
  /// `drag TARGET to Q over D at T [timing F]` in `input` (§16) — [target, to, over, at,
  /// timing | absent]
  case dragInput
  /// `on drag { … }` (§16) — [block]
  case onDrag
  /// `on release [if COND] { … } [else { … }]` (§16) — [condition | absent, block,
  /// else block | absent]
  case onRelease
  /// `live PROP EXPR` (§16) — [property: name, value]
  case live
  /// `emit EMITTER` in `on release` (§16) — [emitter: name]
  case emit
  /// A statement that could not be parsed; already reported.
  case errorStatement

  // MARK: Expressions
  /// payload: the value inline, or an index into `numbers`; flags: `NumberUnit`
  case number
  /// payload: index into `strings`
  case string
  /// payload: index into `numbers` (the colour as `0xRRGGBBAA`)
  case color
  /// flags: 1 for `true`
  case bool
  /// An identifier; payload: its symbol.
  case name
  case selfExpr
  case triggerExpr
  case sceneExpr
  /// `drag` before `.start`, `.translation`, `.location` or `.velocity` (§16).
  case dragExpr
  /// `.case`; payload: the case name's symbol.
  case enumCase
  /// `base.name`; payload: the member's symbol — [base]
  case member
  /// `callee(args)` — [callee: name, arguments…]
  case call
  /// An argument; payload: label symbol or -1 — [value]
  case argument
  /// `(e)` — [e]
  case paren
  /// `(x, y)` — [x, y]
  case point
  /// `[a, b, …]` — elements
  case list
  /// `-e`; — [operand]
  case negate
  /// flags: `BinaryOperator` — [lhs, rhs]
  case binary
  /// `a .. b` — [lower, upper]
  case range
  /// `shape { … }` or `shape(w, h) { … }` — [width | absent, height | absent, block]
  case shapeLiteral
  /// `path { … }` — [block]
  case pathLiteral
  /// `forever` after `repeat`.
  case forever
  /// An expression that could not be parsed; already reported.
  case errorExpression
  /// An optional part that is not there.
  case absent

  package var isExpression: Bool {
    rawValue >= SyntaxKind.number.rawValue && rawValue <= SyntaxKind.errorExpression.rawValue
  }
  package var isError: Bool { self == .errorStatement || self == .errorExpression }
}

@usableFromInline package enum BinaryOperator: UInt8, Sendable {
  case add, subtract, multiply, divide
  /// §16's comparisons: a Bool of two Numbers, Durations or Angles.
  case less, lessEqual, greater, greaterEqual

  package var isComparison: Bool { rawValue >= BinaryOperator.less.rawValue }

  package var spelling: String {
    switch self {
    case .less: return "<"
    case .lessEqual: return "<="
    case .greater: return ">"
    case .greaterEqual: return ">="
    case .add: return "+"
    case .subtract: return "-"
    case .multiply: return "*"
    case .divide: return "/"
    }
  }
}
