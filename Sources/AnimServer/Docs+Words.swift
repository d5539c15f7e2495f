import AnimCheck
import AnimIR
import AnimModel

/// Documentation of the language's words, from the specification. Each entry is
/// (word, one-line form, explanation); hover shows them and completion lists them.
struct WordDoc {
  let word: String
  let form: String
  let doc: String
}

enum WordDocs {
  private static func table(_ rows: [(String, String, String)]) -> [String: WordDoc] {
    Dictionary(rows.map { ($0.0, WordDoc(word: $0.0, form: $0.1, doc: $0.2)) }, uniquingKeysWith: { a, _ in a })
  }

  /// Declaration and statement keywords (§3, §6).
  static let keywords = table([
    (
      "scene", "scene \"title\" { size …; background …; fps …; duration …; seed … }",
      "Scene settings. Also an expression: `scene.width`, `scene.height`, `scene.center`."
    ),
    (
      "let", "let NAME = EXPR",
      "A value. At the top level: evaluated once per run (constant when it can be); in a block: per node or per spawn, visible in that block."
    ),
    (
      "timing", "timing NAME = TIMING",
      "A named timing function (`spring(…)`, `cubicBezier(…)`, `steps(…)`, `easeIn`, …). After `animate`: the `timing` clause."
    ),
    (
      "shape", "shape NAME = SHAPE [{ style }]",
      "A shape: local geometry in a box whose top-left is (0, 0), plus style (`fill`, `stroke`, `lineWidth`, `anchor`, `z`)."
    ),
    (
      "path", "path NAME = PATH",
      "A path: `line`, `quad`, `cubic`, `arc`, `polyline`, `parabola`, or `path { move …; line …; close }`."
    ),
    (
      "node", "node NAME = SHAPE { properties; animations; node … }  ·  node NAME { … }",
      "One instance, from scene time 0 (or `at 2s`) until `remove after D` or the end of the run. Its block may declare child nodes, positioned in its box and moving with it (§14); without `= SHAPE` it is a group, which draws nothing."
    ),
    (
      "emitter", "emitter NAME { triggers; burst; max; origin; spawn SHAPE { … } }",
      "Creates instances when triggered: `on tap [NODE]`, `every P [from F] [until U]`, `at t₁, t₂, …`."
    ),
    (
      "replicate", "replicate NAME count N { instance …; node … }",
      "CAReplicatorLayer: copy i of each child is drawn with the instance transform applied i times, its animations at `t − i·D`, its colour times `instance color + i·Δ`."
    ),
    (
      "spawn", "spawn SHAPE [in NODE] { … }",
      "What an emitter creates; the block is evaluated per spawn (`self.index`, `trigger.position`, `trigger.time`). With `in NODE`, each instance is a child of NODE (§14)."
    ),
    (
      "in", "spawn SHAPE in NODE { … }",
      "Makes each spawned instance a child of NODE, which must stand for one instance (§14): its position is in NODE's box and it moves with NODE. A trigger while NODE is not present creates nothing."
    ),
    (
      "animate", "animate PROP VALUE CLAUSE*  ·  animate PROP { … }",
      "Animates a property: `from V`, `to V`, `by V`, `keyframes …` or `along PATH`, with clauses `over delay timing repeat autoreverse fill additive cumulative interpolate pacing rotate`."
    ),
    (
      "group", "group CLAUSE* { animate … }",
      "Runs its children together; timed by `over` or by the latest `delay + A` of its children. Clauses: `over delay timing repeat autoreverse fill`."
    ),
    (
      "sequence", "sequence CLAUSE* { animate … }",
      "Runs its children one after another; child k begins after the sum of `delay + A` of those before it."
    ),
    (
      "input", "input { tap … at …; tap … every …; pause at T; resume at T; speed S at T }",
      "Default events for headless runs, on run time."
    ),
    (
      "drag", "on drag { PROP EXPR … }  ·  drag.start · drag.translation · drag.location · drag.velocity",
      "§16. In a node's or spawn's block: bindings while a press on it lasts (no `animate`). In `input`: `drag TARGET to Q over D at T [timing F]`, a press at P, a pointer at `P + (Q − P)·F((t − T)/D)`, a release at T + D. In `on drag` and `on release`: `drag.start` (the position at the press), `drag.translation` and `drag.location` (mapped into the position's space), `drag.velocity` (points per second over the last 0.1 s)."
    ),
    (
      "release", "on release [if COND] { … } [else { … }]",
      "§16. Runs at the release: the bound values become model values, then the block's values, animations (from the release's scene time), `remove after` and `emit E`."
    ),
    (
      "live", "live PROP EXPR",
      "§16. Binds a property for the instance's whole life: evaluated at every frame, after the frame's events and animations, in dependency order. No `random`."
    ),
    ("if", "on release if COND { … } else { … }", "§16. Chooses a release block by a Bool, at the release."),
    ("else", "on release if COND { … } else { … }", "§16. The release block when the condition is false."),
    (
      "emit", "emit EMITTER",
      "§16. In `on release`: fires the emitter once at the receiver's `scenePosition`, with `drag.velocity` as `trigger.velocity`."
    ),
    ("true", "true", "The Bool true."),
    ("false", "false", "The Bool false."),
    ("self", "self.index", "In a spawn block: `self.index`, the 0-based count of that emitter's spawns."),
    (
      "trigger", "trigger.position · trigger.time",
      "In a spawn block: the tap point (or the emitter's `origin`) and the trigger's time."
    ),
  ])

  /// Clause words (§1, §6, §3.2, §8).
  static let clauses = table([
    (
      "from", "from V",
      "The start value. Alone, animates from V to the value below (§6.3); omitted, the value below, read at every sample. In `every`: the first firing time."
    ),
    ("to", "to V", "The end value."),
    ("by", "by V", "`to = from + V`."),
    (
      "timing", "timing T",
      "The timing function mapping the fraction of an iteration u to progress p: `linear` (default), `easeIn`, `easeOut`, `easeInOut`, `default`, `cubicBezier(…)`, `steps(…)`, `spring(…)` or a declared `timing`."
    ),
    ("over", "over D", "The duration of one iteration. Required unless the timing is a real-time spring."),
    (
      "delay", "delay D",
      "Begin after D (may be negative: start part-way through). `instance delay D`: copy i runs at `t − i·D`."
    ),
    (
      "repeat", "repeat N · repeat forever · repeat for D",
      "Repeat count c (fractional allowed); `repeat for R` means `c = R / d` (or `R / 2d` with autoreverse)."
    ),
    ("for", "repeat for D", "Repeat for a total time."),
    ("forever", "repeat forever", "Repeat without end (the active duration is infinite)."),
    (
      "autoreverse", "autoreverse",
      "Each iteration goes there and back, as in Core Animation (`repeat 2 autoreverse` is four legs)."
    ),
    (
      "fill", "fill .removed | .forwards | .backwards | .both",
      "What shows outside the active interval. Default `.forwards`: the end state persists. As a statement, `fill COLOR` sets the fill colour."
    ),
    ("additive", "additive", "Adds to the value below instead of replacing it; an omitted `from` is zero."),
    ("cumulative", "cumulative", "Iteration i adds `i × (to − from)`."),
    (
      "interpolate", "interpolate .linear | .discrete | .paced | .cubic | .spline",
      "Keyframes only: linear segments, held values, even spacing by distance, Catmull-Rom, or a natural cubic spline with the key times as x."
    ),
    (
      "pacing", "pacing .paced | .linear",
      "`along` only: constant speed along the whole path (default), or an equal share of progress per segment."
    ),
    (
      "rotate", "rotate .auto | .autoReverse",
      "`along` or `with` only: adds the tangent angle (`atan2(dy, dx)`) of the path or of the motion's velocity, or that + 180°, on top of `rotation`."
    ),
    ("at", "at t₁, t₂, …", "Times: a trigger's firings, a node's appearance, an input event's times."),
    ("every", "every P [from F] [until U]", "Fires at `F + k·P` while before U (exclusive)."),
    ("until", "until U", "The end (exclusive) of an `every` trigger."),
    ("after", "remove after D", "Removal time, measured from the instance's appearance."),
    ("count", "replicate NAME count N", "The number of copies, 1…100,000."),
    (
      "keyframes", "keyframes k0: v0 [T0], k1: v1 [T1], …",
      "Key times in 0…1 (or %), strictly increasing, first 0 and last 1; a timing after a value times that segment."
    ),
    (
      "along", "along PATH", "Moves the position along a path: progress p is arc length `p × L` (with `pacing .paced`)."
    ),
    (
      "with", "with motion(velocity: V, …)",
      "`position` only: moves it by a physical motion from the value below at its begin, solved in closed form (§15); no `timing`, `repeat`, `autoreverse` or `cumulative`."
    ),
    (
      "on", "on tap [NODE] · on birth of EMITTER · on death of EMITTER",
      "A tap trigger (any tap, or taps inside NODE's filled shape), or a secondary system's: once per instance of EMITTER, at its creation or at its removal by its lifetime (§15)."
    ),
    (
      "birth", "on birth of EMITTER",
      "Fires once per instance of EMITTER at its creation; `trigger.position` is that instance's anchor in the scene."
    ),
    (
      "death", "on death of EMITTER",
      "Fires once per instance of EMITTER at its removal by its lifetime (not at the end of the run); `trigger.position` and `trigger.velocity` are their limits there."
    ),
    ("of", "on birth of EMITTER · on death of EMITTER", "Names the emitter a secondary system listens to."),
    ("tap", "on tap [NODE] · tap TARGET at … (input)", "A tap trigger or an input tap event."),
    ("burst", "burst N", "Spawns per trigger (default 1; 1…100,000)."),
    ("max", "max N", "Live instances per emitter (default 10,000); further spawns are dropped with a warning."),
    ("origin", "origin POINT", "`trigger.position` for triggers without a tap point (default: the scene centre)."),
    ("remove", "remove after D", "Removes the instance D after its appearance."),
    (
      "instance", "instance transform … · instance delay D · instance color C · instance offset CHANNEL Δ",
      "A replicator's per-copy transform (`translate rotate scale`, CSS order), time offset, colour and colour step."
    ),
  ])

  /// Properties (§6.1, from their `PropertySpec`), style and placement (§3.1), and scene
  /// settings (§3).
  static let properties = table(
    Vocabulary.properties.map { ($0.name, $0.form, $0.doc) } + [
      ("anchor", "anchor (ax, ay)", "Unit point in the shape's box that sits at `position` (default (0.5, 0.5))."),
      ("z", "z N", "Paint order (default 0; ties paint in creation order)."),
      (
        "contentsRect", "contentsRect [x, y, w, h]",
        "The part of an `image(…)` drawn stretched over its box, in unit coordinates of the image (default [0, 0, 1, 1]; not animated)."
      ),
      ("size", "size W, H", "Scene size in points (default 375, 667; 1…16384 each way)."),
      ("background", "background COLOR", "Scene background (default clear)."),
      ("fps", "fps N", "Default frame rate for run, dump and render (1…1000)."),
      ("duration", "duration D", "Default length of a headless run (0…24 h)."),
      ("seed", "seed N", "Default random seed (§7); default 0."),
    ])

  /// Path commands in `path { }` and `shape { }` (§4).
  static let pathCommands = table([
    ("move", "move p", "Starts a new subpath at p."),
    ("line", "line p", "A straight segment to p."),
    ("quad", "quad c, p", "A quadratic curve to p with control c."),
    ("cubic", "cubic c1, c2, p", "A cubic curve to p with controls c1, c2."),
    (
      "arc", "arc c, r, α, β [ccw]",
      "An arc about c; after other commands a line first joins the current point to the arc's start."
    ),
    ("close", "close", "Closes the subpath."),
    ("ccw", "arc c, r, α, β ccw", "Makes the arc counter-clockwise."),
  ])

  /// Members of `scene`, `self`, `trigger`, nodes and points (§2).
  static let members = table([
    ("width", "scene.width", "Number: the scene's width."),
    ("height", "scene.height", "Number: the scene's height."),
    ("center", "scene.center", "Point: the scene's centre."),
    ("index", "self.index", "Number: 0-based count of the emitter's spawns."),
    (
      "time", "trigger.time · scene.time",
      "Duration: when the trigger fired; in a binding, the frame's scene time (§16)."
    ),
    ("start", "drag.start", "Point: the receiver's `position` at the press (§16)."),
    (
      "translation", "drag.translation",
      "Point: the pointer's displacement since the press, in the position's space (§16)."
    ),
    ("location", "drag.location", "Point: the pointer, in the position's space (§16)."),
    ("position", "NODE.position · trigger.position", "Point: a node's model position, or the tap point."),
    (
      "velocity", "trigger.velocity · drag.velocity",
      "Point: at `on birth of`/`on death of`, the velocity p′ of the instance's last-begun motion, mapped by the linear part of its parent's matrix (§15); at `emit`, the drag's velocity; (0, 0) for every other trigger. `drag.velocity`: the pointer's, per second over the last 0.1 s (§16)."
    ),
    (
      "scenePosition", "NODE.scenePosition",
      "Point: where the node's anchor is drawn in the scene when read, its animated position mapped by its parent's whole transform (§14). Only for a node that stands for one instance."
    ),
    ("x", "p.x · NODE.x", "Number: the x of a point or node."),
    ("y", "p.y · NODE.y", "Number: the y of a point or node."),
  ])

  /// Enum cases, grouped by where they are accepted (§4–§6): the clauses' and calls'
  /// below, then each property's that takes one (`blend`), from its declaration.
  static let enumGroups: [(context: String, cases: [(String, String)])] =
    clauseEnumGroups
    + Vocabulary.properties.filter { !$0.values.isEmpty }.map { ($0.name, $0.values.map { ($0.name, $0.doc) }) }

  private static let clauseEnumGroups: [(context: String, cases: [(String, String)])] = [
    (
      "parabola type",
      [
        ("up", "quad S → E, control `(S.x + dx/3, S.y + dy/2 − h)` (default)"),
        ("downUp", "cubic, `c1 = (S.x + dx/3, S.y + dy/3 + h)`, `c2 = (S.x + 2dx/3, S.y + 2dy/3 − h)`"),
        ("upDown", "cubic, `c1 = (S.x + dx/3, S.y + dy/3 − h)`, `c2 = (S.x + 2dx/3, S.y + 2dy/3 + h)`"),
      ]
    ),
    (
      "fill",
      [
        ("removed", "nothing outside the active interval (Core Animation's default)"),
        ("forwards", "the end state persists (default)"), ("backwards", "the start value shows before the start"),
        ("both", "backwards and forwards"),
      ]
    ),
    ("rotate", [("auto", "adds the path's tangent angle"), ("autoReverse", "adds the tangent angle + 180°")]),
    (
      "interpolate",
      [
        ("linear", "linear segments"), ("discrete", "holds each value"),
        ("paced", "ignores key times, even spacing by distance"), ("cubic", "Catmull-Rom spline (kCAAnimationCubic)"),
        ("spline", "natural cubic spline with the key times as x"),
      ]
    ),
    (
      "pacing",
      [("paced", "constant speed along the path (default)"), ("linear", "an equal share of progress per segment")]
    ),
    (
      "steps",
      [("start", "jump-start: `p = min(1, (floor(n·u) + 1)/n)`"), ("end", "jump-end: `p = floor(n·u)/n` (default)")]
    ),
  ]

  /// Every enum case, for hover (a case may belong to several groups).
  static let enumCases: [String: String] = {
    var out: [String: String] = [:]
    for group in enumGroups {
      for (name, doc) in group.cases {
        let line = "`\(group.context)`: \(doc)"
        out[name] = out[name].map { $0 + "\n\n" + line } ?? line
      }
    }
    return out
  }()
}
