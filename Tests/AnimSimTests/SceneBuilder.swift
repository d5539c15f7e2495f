import AnimCheck
import AnimIR
import AnimMath
import AnimSource
import AnimWriters
import Testing

@testable import AnimModel
@testable import AnimSim

// Hand-built IR: the checker is written in parallel, so tests assemble `SceneIR` values
// directly, the way the checker will.

let here = SourceRange(start: 0, end: 0)

func num(_ v: Double) -> Expr { .constant(.number(v)) }
func pt(_ x: Double, _ y: Double) -> Expr { .constant(.point(Point(x, y))) }
func color(_ c: Color) -> Expr { .constant(.color(c)) }
func call(_ b: Builtin, _ args: Expr...) -> Expr { .call(b, args, here) }
func circle(_ r: Double) -> Expr { call(.circle, num(r)) }
func rect(_ w: Double, _ h: Double) -> Expr { call(.rect, num(w), num(h), num(0)) }
func timingExpr(_ f: TimingFunction) -> Expr { .constant(.timing(f)) }

/// `animate PROP …` with the clauses given.
func animate(
  _ property: Property, from: Expr? = nil, to: Expr? = nil, by: Expr? = nil, over: Double?, delay: Double? = nil,
  timing: TimingFunction? = nil, repeatCount: RepeatCount? = nil, autoreverse: Bool = false,
  fill: FillMode = .forwards, additive: Bool = false, cumulative: Bool = false
) -> TimelineItem {
  .animation(
    animation(
      property, .basic(from: from, to: to, by: by), over: over, delay: delay, timing: timing,
      repeatCount: repeatCount, autoreverse: autoreverse, fill: fill, additive: additive, cumulative: cumulative))
}

func animation(
  _ property: Property, _ value: AnimationValue, over: Double?, delay: Double? = nil,
  timing: TimingFunction? = nil, repeatCount: RepeatCount? = nil, autoreverse: Bool = false,
  fill: FillMode = .forwards, additive: Bool = false, cumulative: Bool = false
) -> Animation {
  var t = Timing()
  t.duration = over.map(num)
  t.delay = delay.map(num)
  t.timingFunction = timing.map(timingExpr)
  t.repeatCount = repeatCount
  t.autoreverse = autoreverse
  t.fill = fill
  var a = Animation(property: property, value: value, timing: t, range: here)
  a.additive = additive
  a.cumulative = cumulative
  return a
}

func clauses(over: Double? = nil, delay: Double? = nil, repeatCount: RepeatCount? = nil, autoreverse: Bool = false)
  -> Timing
{
  var t = Timing()
  t.duration = over.map(num)
  t.delay = delay.map(num)
  t.repeatCount = repeatCount
  t.autoreverse = autoreverse
  return t
}

func node(_ name: String, _ shape: Expr, shapeID: String? = nil, locals: Int = 0, _ body: [BlockStatement])
  -> NodeTemplate
{
  NodeTemplate(name: name, shape: shape, shapeID: shapeID ?? name, body: body, localCount: locals, range: here)
}

func scene(fps: Double = 100, duration: Double = 5, seed: UInt64 = 0, title: String = "Test") -> SceneIR {
  var ir = SceneIR()
  ir.settings.fps = fps
  ir.settings.duration = duration
  ir.settings.seed = seed
  ir.settings.title = title
  return ir
}

/// A scene with one node `n` (a 20 × 20 circle at the origin) whose block is `body`.
func oneNode(_ body: [BlockStatement]) -> SceneIR {
  var ir = scene()
  ir.nodes = [node("n", circle(10), body)]
  return ir
}

/// The composed state of the first node at run time `frame / fps`.
func state(_ ir: SceneIR, frame: Int) throws -> NodeState {
  let sim = try Simulator(ir)
  for _ in 0...frame { try sim.step() }
  return try #require(sim.frame.nodes.first).state
}

/// The whole dump as text.
func dump(
  _ ir: SceneIR, options: SimulationOptions = SimulationOptions(), format: OutputFormat = .jsonLines,
  frames: ClosedRange<Int>? = nil
) throws -> String {
  let sink = MemorySink()
  guard var writer = format.writer(to: .bytes(sink), PictureOptions(width: 1, height: 1)) else { return "" }
  try FrameRun.write(try Simulator(ir, options: options), frames: frames, to: &writer)
  return sink.text
}

func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
