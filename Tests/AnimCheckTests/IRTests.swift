import AnimCheck
import AnimIR
import AnimMath
import AnimModel
import AnimSyntax
import Testing

/// The IR of each example holds what its source says. Every expected value is computed
/// by hand from the example's text and the specification (§3–§6, §11), not read back
/// from the checker.
@Suite struct IRTests {
  // MARK: Scene settings (§3)

  @Test func addToCartSceneSettings() throws {
    let s = try ir("add-to-cart.anim").settings
    #expect(s.title == "Add to cart")
    #expect(s.width == 375 && s.height == 667)
    #expect(s.background == Color(r: 1, g: 1, b: 1))
    #expect(s.fps == 60)
    #expect(s.duration == 5)
    #expect(s.seed == 2)
  }

  @Test func otherSceneSettings() throws {
    let love = try ir("love-burst.anim").settings
    #expect(love.title == "Love")
    #expect(love.background == Color(r: 0, g: 0, b: 0))
    #expect(love.seed == 520 && love.duration == 5)
    let timing = try ir("ca-timing.anim").settings
    #expect(timing.width == 375 && timing.height == 812)
    #expect(timing.duration == 12 && timing.seed == 3)
    let hearts = try ir("floating-hearts.anim").settings
    #expect(hearts.duration == 12 && hearts.seed == 42 && hearts.fps == 60)
  }

  // MARK: Paths (§4)

  @Test("parabola .up: a quad with control (S.x + dx/3, S.y + dy/2 − h)")
  func parabolaUp() throws {
    let ir = try ir("add-to-cart.anim")
    var ctx = try context(ir)
    let spawn = try emitter(ir, "flyUp").spawn
    let motion = try animation(spawn.body, .position)
    guard case .along(let pathExpr, let pacing, let rotation) = motion.value else {
      Issue.record("flyUp's position animation is not `along`: \(motion.value)")
      return
    }
    #expect(pacing == .paced)
    #expect(rotation == .none)
    guard case .path(let path) = try Evaluator.evaluate(pathExpr, &ctx) else {
      Issue.record("the parabola did not evaluate to a path")
      return
    }
    // S = productUp (60, 480), E = cart (345, 42), h = arcHeight = 120: dx = 285, dy = -438;
    // control = (60 + 285/3, 480 - 438/2 - 120) = (155, 141).
    try expectSegments(
      path, [.move(to: Point(60, 480)), .quad(control: Point(155, 141), to: Point(345, 42))])
  }

  @Test("parabola .downUp with `from:` omitted starts at the instance's position")
  func parabolaDownUp() throws {
    let ir = try ir("add-to-cart.anim")
    var ctx = try context(ir)
    let spawn = try emitter(ir, "flyDownUp").spawn
    let start = try modelPosition(spawn.body, &ctx)
    #expect(start == Point(180, 480))
    let motion = try animation(spawn.body, .position)
    guard case .along(let pathExpr, _, _) = motion.value,
      case .deferredPath(let deferred) = try Evaluator.evaluate(pathExpr, &ctx)
    else {
      Issue.record("flyDownUp's path is not deferred to the instance's position")
      return
    }
    // S = (180, 480), E = (345, 42), h = 120: dx = 165, dy = -438;
    // c1 = (180 + 55, 480 - 146 + 120) = (235, 454), c2 = (180 + 110, 480 - 292 - 120) = (290, 68).
    try expectSegments(
      deferred.build(Point(180, 480)),
      [
        .move(to: Point(180, 480)),
        .cubic(c1: Point(235, 454), c2: Point(290, 68), to: Point(345, 42)),
      ])
  }

  @Test("parabola .upDown in the block form")
  func parabolaUpDown() throws {
    let ir = try ir("add-to-cart.anim")
    var ctx = try context(ir)
    let spawn = try emitter(ir, "flyUpDown").spawn
    let motion = try animation(spawn.body, .position)
    guard case .along(let pathExpr, _, _) = motion.value,
      case .deferredPath(let deferred) = try Evaluator.evaluate(pathExpr, &ctx)
    else {
      Issue.record("flyUpDown's path is not deferred")
      return
    }
    // S = (300, 480): dx = 45, dy = -438; c1 = (315, 480 - 146 - 120) = (315, 214),
    // c2 = (330, 480 - 292 + 120) = (330, 308).
    try expectSegments(
      deferred.build(Point(300, 480)),
      [
        .move(to: Point(300, 480)),
        .cubic(c1: Point(315, 214), c2: Point(330, 308), to: Point(345, 42)),
      ])
  }

  // MARK: Timing functions and clauses (§5, §6)

  @Test("named timing curves lower to their §5 Bezier control points")
  func namedTimingCurves() throws {
    let ir = try ir("add-to-cart.anim")
    var ctx = try context(ir)
    for name in ["flyUp", "flyDownUp", "flyUpDown"] {
      let body = try emitter(ir, name).spawn.body
      let rotation = try animation(body, .rotation)
      let position = try animation(body, .position)
      #expect(try timing(rotation, &ctx) == .cubicBezier(0.42, 0, 1, 1), "\(name): easeIn")
      #expect(try timing(position, &ctx) == .cubicBezier(0.42, 0, 0.58, 1), "\(name): easeInOut")
      #expect(try number(rotation.timing.duration, &ctx) == 1, "\(name): over flight = 1s")
      #expect(rotation.cumulative && !rotation.additive)
      #expect(rotation.timing.fill == .forwards)
      #expect(rotation.timing.repeatCount == nil)
      guard case .basic(let from, let to, let by) = rotation.value else {
        Issue.record("\(name): rotation is not from/to")
        continue
      }
      #expect(try number(from, &ctx) == 0)
      #expect(try number(to, &ctx) == 1440, "8 * 180deg")
      #expect(by == nil)
    }
    let timingIR = try self.ir("ca-timing.anim")
    var timingCtx = try context(timingIR)
    let curves: [(String, TimingFunction)] = [
      ("curveLinear", .linear), ("curveEaseIn", .cubicBezier(0.42, 0, 1, 1)),
      ("curveEaseOut", .cubicBezier(0, 0, 0.58, 1)),
      ("curveEaseInOut", .cubicBezier(0.42, 0, 0.58, 1)),
      ("curveDefault", .cubicBezier(0.25, 0.1, 0.25, 1)),
    ]
    for (name, curve) in curves {
      let a = try animation(try node(timingIR, name).body, .x)
      #expect(try timing(a, &timingCtx) == curve, "\(name)")
      #expect(a.timing.autoreverse)
      guard case .forever? = a.timing.repeatCount else {
        Issue.record("\(name) does not repeat forever")
        continue
      }
    }
  }

  @Test("a UIKit spring: ζ 0.6, v 0.8, ω₀ = ln(1000) / (0.6 · T) per unit duration")
  func uikitSpring() throws {
    let ir = try ir("heart-view.anim")
    var ctx = try context(ir)
    let pop = try #require(ir.globals.first { $0.name == "pop" })
    guard case .timing(.spring(let spring)) = try Evaluator.evaluate(pop.value, &ctx) else {
      Issue.record("`pop` is not a spring")
      return
    }
    #expect(spring.zeta == 0.6 && spring.velocity == 0.8)
    #expect(!spring.isRealTime)
    #expect(abs(spring.omega0 - 11.512925) < 1e-6)
  }

  @Test("fill, delay, repeat and repeat-for clauses")
  func timingClauses() throws {
    let ir = try ir("ca-timing.anim")
    var ctx = try context(ir)
    let fills: [(String, FillMode)] = [
      ("fillRemoved", .removed), ("fillForwards", .forwards), ("fillBackwards", .backwards),
      ("fillBoth", .both),
    ]
    for (name, fill) in fills {
      let a = try animation(try node(ir, name).body, .x)
      #expect(a.timing.fill == fill, "\(name)")
      #expect(try number(a.timing.delay, &ctx) == 1)
      #expect(try number(a.timing.duration, &ctx) == 2)
      guard case .basic(let from, let to, nil) = a.value else {
        Issue.record("\(name) is not from/to")
        continue
      }
      #expect(try number(from, &ctx) == 40 && number(to, &ctx) == 335)
    }
    let half = try animation(try node(ir, "repeatHalf").body, .rotation)
    guard case .count(let c)? = half.timing.repeatCount else {
      Issue.record("repeatHalf has no repeat count")
      return
    }
    #expect(try number(c, &ctx) == 2.5)
    let forTime = try animation(try node(ir, "repeatForTime").body, .rotation)
    guard case .duration(let d)? = forTime.timing.repeatCount else {
      Issue.record("repeatForTime has no `repeat for`")
      return
    }
    #expect(try number(d, &ctx) == 3.5)
    #expect(forTime.timing.autoreverse)
    let turn = try animation(try node(ir, "spinForever").body, .rotation)
    guard case .basic(_, let to, _) = turn.value else { return }
    #expect(try number(to, &ctx) == 360, "1turn = 360deg")
  }

  @Test("groups and sequences keep their children")
  func groupsAndSequences() throws {
    let ir = try ir("ca-timing.anim")
    var ctx = try context(ir)
    let group = try #require(timelines(try node(ir, "groupDemo").body).first)
    guard case .group(let t, let children) = group else {
      Issue.record("groupDemo holds no group")
      return
    }
    #expect(try number(t.duration, &ctx) == 2)
    guard case .forever? = t.repeatCount else {
      Issue.record("the group does not repeat forever")
      return
    }
    #expect(children.count == 3)
    let sequence = try #require(timelines(try node(ir, "sequenceDemo").body).first)
    guard case .sequence(let st, let steps) = sequence else {
      Issue.record("sequenceDemo holds no sequence")
      return
    }
    #expect(st.duration == nil, "a sequence's duration defaults to the sum of its children")
    let properties: [Property] = steps.compactMap {
      if case .animation(let a) = $0 { return a.property } else { return nil }
    }
    #expect(properties == [.x, .y, .x, .y])
  }

  // MARK: Keyframes (§6.5)

  @Test("scale keyframes 1, 0.65, 0.2, 0 at 0, 0.5, 0.8, 1 (one-line and block forms)")
  func addToCartKeyframes() throws {
    let ir = try ir("add-to-cart.anim")
    var ctx = try context(ir)
    for name in ["flyUp", "flyDownUp", "flyUpDown"] {
      let body = try emitter(ir, name).spawn.body
      let scale = try animation(body, .scale)
      guard case .keyframes(let frames, let interpolation) = scale.value else {
        Issue.record("\(name): scale is not keyframes")
        continue
      }
      #expect(interpolation == .linear)
      #expect(frames.map(\.key) == [0, 0.5, 0.8, 1])
      #expect(try frames.map { try number($0.value, &ctx) } == [1, 0.65, 0.2, 0])
      #expect(frames.allSatisfy { $0.timing == nil })
      #expect(try number(scale.timing.duration, &ctx) == 1)
      // remove after flight + 0.5s = 1.5 s
      let remove = try #require(
        body.lazy.compactMap { if case .removeAfter(let e) = $0 { return e } else { return nil } }
          .first)
      #expect(try number(remove, &ctx) == 1.5)
    }
  }

  @Test("percent key times, segment timings, discrete colours")
  func caTimingKeyframes() throws {
    let ir = try ir("ca-timing.anim")
    var ctx = try context(ir)
    guard case .keyframes(let percent, _) = try animation(try node(ir, "keyTimes").body, .x).value
    else {
      Issue.record("keyTimes has no keyframes")
      return
    }
    #expect(percent.map(\.key) == [0, 0.2, 1], "0%, 20%, 100%")
    #expect(try percent.map { try number($0.value, &ctx) } == [40, 300, 40])

    guard
      case .keyframes(let segments, _) = try animation(try node(ir, "keySegments").body, .x).value
    else {
      Issue.record("keySegments has no keyframes")
      return
    }
    #expect(segments.map(\.key) == [0, 0.5, 1])
    #expect(try segments[0].timing.map { try timingValue($0, &ctx) } == .cubicBezier(0, 0, 0.58, 1))
    #expect(try segments[1].timing.map { try timingValue($0, &ctx) } == .cubicBezier(0.42, 0, 1, 1))
    #expect(segments[2].timing == nil)

    guard
      case .keyframes(let colours, let mode) = try animation(
        try node(ir, "keyDiscrete").body, .fill
      ).value
    else {
      Issue.record("keyDiscrete has no keyframes")
      return
    }
    #expect(mode == .discrete)
    #expect(colours.map(\.key) == [0, 0.33, 0.66, 1])
    let values = try colours.map { try Evaluator.evaluate($0.value, &ctx).color }
    #expect(
      values == [
        Color(r: 1, g: 0, b: 0), Color(r: 0, g: 1, b: 0), Color(r: 0, g: 0, b: 1),
        Color(r: 1, g: 0, b: 0),
      ])

    guard
      case .keyframes(_, let cubic) = try animation(try node(ir, "keyCubic").body, .position).value,
      case .keyframes(_, let paced) = try animation(try node(ir, "keyPaced").body, .position).value
    else {
      Issue.record("keyCubic or keyPaced has no keyframes")
      return
    }
    #expect(cubic == .cubic && paced == .paced)
  }

  @Test("floating hearts: additive spline keyframes on x, `by` on y")
  func floatingHeartsSpawn() throws {
    let ir = try ir("floating-hearts.anim")
    var ctx = try context(ir)
    let hearts = try emitter(ir, "hearts")
    #expect(hearts.max == 200)
    let x = try animation(hearts.spawn.body, .x)
    #expect(x.additive)
    guard case .keyframes(let frames, let interpolation) = x.value else {
      Issue.record("x is not keyframes")
      return
    }
    #expect(interpolation == .spline)
    #expect(frames.map(\.key) == [0, 0.15, 0.3, 0.5, 1])
    #expect(try frames.map { try number($0.value, &ctx) } == [0, 20, 12, 0, 8])
    let y = try animation(hearts.spawn.body, .y)
    guard case .basic(nil, nil, let by?) = y.value else {
      Issue.record("y is not `by`")
      return
    }
    #expect(try number(by, &ctx) == -500.25, "-0.75 * 667")
  }

  // MARK: Emitters (§3.2, §8)

  @Test("emitters: triggers, burst, max, origin")
  func emitters() throws {
    let cart = try ir("add-to-cart.anim")
    // Node indices: navBar 0, cart 1, productUp 2, productDownUp 3, productUpDown 4.
    let expectedTargets = [("flyUp", 2), ("flyDownUp", 3), ("flyUpDown", 4)]
    for (name, index) in expectedTargets {
      let e = try emitter(cart, name)
      #expect(e.burst == 1 && e.max == 10_000, "\(name): defaults")
      #expect(e.origin == nil)
      guard e.triggers.count == 1, case .tap(let node) = e.triggers[0] else {
        Issue.record("\(name): triggers \(e.triggers)")
        continue
      }
      #expect(node == index, "\(name) is tapped on node \(index)")
    }

    let love = try ir("love-burst.anim")
    var loveCtx = try context(love)
    let loves = try emitter(love, "loves")
    #expect(loves.burst == 5 && loves.max == 100)
    guard loves.triggers.count == 1, case .tap(let target) = loves.triggers[0] else {
      Issue.record("loves: triggers \(loves.triggers)")
      return
    }
    #expect(target == 0, "whiteHeart is the only node")
    let origin = try #require(loves.origin)
    #expect(
      try Evaluator.evaluate(origin, &loveCtx).point == Point(187.5, 293), "whiteHeart.position")

    let heart = try ir("heart-view.anim")
    var heartCtx = try context(heart)
    let likes = try emitter(heart, "likes")
    #expect(likes.max == 50 && likes.burst == 1)
    #expect(try Evaluator.evaluate(try #require(likes.origin), &heartCtx).point == Point(305, 600))

    let timing = try ir("ca-timing.anim")
    let pageCurl = try emitter(timing, "pageCurl")
    #expect(pageCurl.max == 50)
    guard pageCurl.triggers.count == 1, case .tap(nil) = pageCurl.triggers[0] else {
      Issue.record("pageCurl: an untargeted `on tap`, got \(pageCurl.triggers)")
      return
    }
  }

  @Test("input events: taps on nodes and points, every, pause and resume")
  func inputEvents() throws {
    let love = try ir("love-burst.anim")
    try #require(love.input.count == 3)
    guard case .tap(.node(0), .at(let times)) = love.input[0] else {
      Issue.record("first event: \(love.input[0])")
      return
    }
    #expect(times == [0.6575, 1.2, 1.4, 2.5])
    guard case .tap(.point(let p), .every(let period, let from, let until)) = love.input[1] else {
      Issue.record("second event: \(love.input[1])")
      return
    }
    #expect(p == Point(187.5, 293))
    #expect(abs(period - 0.2) < 1e-12 && from == 3 && until == 4)
    guard case .tap(.point(let miss), .at([4.5])) = love.input[2] else {
      Issue.record("third event: \(love.input[2])")
      return
    }
    #expect(miss == Point(40, 600))

    let timing = try ir("ca-timing.anim")
    try #require(timing.input.count == 3)
    guard case .pause(let pause) = timing.input[1], case .resume(let resume) = timing.input[2]
    else {
      Issue.record("pause / resume: \(timing.input)")
      return
    }
    #expect(pause == 7 && resume == 8)
  }

  // MARK: Replicators (§3.2)

  @Test("replicators: count, position, instance transform, delay, colour, offsets, children")
  func replicators() throws {
    let ir = try ir("ca-replicators.anim")
    var ctx = try context(ir)
    let volume = try replicator(ir, "volume")
    #expect(volume.count == 3)
    #expect(try Evaluator.evaluate(volume.position, &ctx).point == Point(30, 40))
    #expect(try transforms(volume, &ctx) == [.translation(45, 0)])
    #expect(try number(volume.instanceDelay, &ctx) == 0.1)
    #expect(try Evaluator.evaluate(volume.instanceColor, &ctx).color == Color(r: 0, g: 1, b: 0))
    #expect(volume.offsets.green == -0.3 && volume.offsets.red == 0 && volume.offsets.alpha == 0)
    #expect(volume.children.map(\.name) == ["bar"])

    // count dots = 20; rotate(1turn / dots) = 18°; instance delay 1s / dots = 0.05 s.
    let spinner = try replicator(ir, "spinner")
    #expect(spinner.count == 20)
    #expect(abs(try number(spinner.instanceDelay, &ctx) - 0.05) < 1e-12)
    let steps = try transforms(spinner, &ctx)
    try #require(steps.count == 1)
    #expect(
      abs(steps[0].a - 0.951057) < 1e-6 && abs(steps[0].b - 0.309017) < 1e-6, "cos 18°, sin 18°")
    #expect(abs(steps[0].c + 0.309017) < 1e-6 && abs(steps[0].d - 0.951057) < 1e-6)

    let mirror = try replicator(ir, "mirror")
    #expect(mirror.count == 2)
    #expect(try transforms(mirror, &ctx) == [.translation(0, 150), .scale(1, -1)])
    #expect(
      mirror.offsets.red == -0.1 && mirror.offsets.green == -0.1 && mirror.offsets.blue == -0.1
        && mirror.offsets.alpha == -0.1)
    #expect(mirror.children.map(\.name) == ["photo", "sun", "hills"])

    let trail = try replicator(ir, "trail")
    #expect(trail.count == 10)
    #expect(try number(trail.instanceDelay, &ctx) == 0.2)
    #expect(try Evaluator.evaluate(trail.position, &ctx).point == Point(0, 0), "default position")
    let dot = try #require(trail.children.first)
    let motion = try animation(dot.body, .position)
    guard case .along(_, let pacing, _) = motion.value else {
      Issue.record("trailDot does not move along a path")
      return
    }
    #expect(pacing == .linear)
  }

  // MARK: Helpers

  private func ir(_ example: String) throws -> SceneIR {
    let file = try CheckCorpusFile(name: example, in: CheckCorpusFile.examplesDirectory)
    let analysis = analyze(file.source)
    #expect(!analysis.hasErrors, "\(describe(analysis.diagnostics, in: file.source))")
    return try #require(analysis.ir)
  }

  /// Every global evaluated in slot order (dependency order), and the nodes' model
  /// positions by node index (top-level nodes, then replicator children).
  private func context(_ ir: SceneIR) throws -> EvaluationContext {
    var ctx = EvaluationContext(random: RandomStream(seed: ir.settings.seed, name: ""))
    for global in ir.globals { ctx.globals.append(try Evaluator.evaluate(global.value, &ctx)) }
    for node in ir.nodes + ir.replicators.flatMap(\.children) {
      ctx.nodePositions.append(try modelPosition(node.body, &ctx))
    }
    return ctx
  }

  private func modelPosition(_ body: [BlockStatement], _ ctx: inout EvaluationContext) throws
    -> Point
  {
    var position = Point.zero
    for case .set(.position, let e) in body { position = try Evaluator.evaluate(e, &ctx).point }
    return position
  }

  private func emitter(_ ir: SceneIR, _ name: String) throws -> EmitterTemplate {
    try #require(ir.emitters.first { $0.name == name }, "no emitter \(name)")
  }

  private func node(_ ir: SceneIR, _ name: String) throws -> NodeTemplate {
    try #require(ir.nodes.first { $0.name == name }, "no node \(name)")
  }

  private func replicator(_ ir: SceneIR, _ name: String) throws -> ReplicatorTemplate {
    try #require(ir.replicators.first { $0.name == name }, "no replicator \(name)")
  }

  private func timelines(_ body: [BlockStatement]) -> [TimelineItem] {
    body.compactMap { if case .timeline(let item) = $0 { return item } else { return nil } }
  }

  /// The first top-level animation of `property` in a block.
  private func animation(_ body: [BlockStatement], _ property: Property) throws -> Animation {
    let all = timelines(body).compactMap {
      if case .animation(let a) = $0 { return a } else { return nil }
    }
    return try #require(all.first { $0.property == property }, "no animation of \(property)")
  }

  private func number(_ e: Expr?, _ ctx: inout EvaluationContext) throws -> Double {
    let e = try #require(e)
    guard case .number(let n) = try Evaluator.evaluate(e, &ctx) else {
      Issue.record("not a number: \(e)")
      return .nan
    }
    return n
  }

  private func timingValue(_ e: Expr, _ ctx: inout EvaluationContext) throws -> TimingFunction? {
    guard case .timing(let t) = try Evaluator.evaluate(e, &ctx) else { return nil }
    return t
  }

  private func timing(_ a: Animation, _ ctx: inout EvaluationContext) throws -> TimingFunction? {
    try timingValue(try #require(a.timing.timingFunction, "no timing clause"), &ctx)
  }

  private func transforms(_ r: ReplicatorTemplate, _ ctx: inout EvaluationContext) throws
    -> [AnimMath.AffineTransform]
  {
    try r.instanceTransform.map { e in
      guard case .transform(let t) = try Evaluator.evaluate(e, &ctx) else {
        Issue.record("not a transform: \(e)")
        return .identity
      }
      return t
    }
  }

  private func expectSegments(
    _ path: Path, _ expected: [PathSegment], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try #require(
      path.segments.count == expected.count, "\(path.segments)", sourceLocation: sourceLocation)
    func close(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }
    for (got, want) in zip(path.segments, expected) {
      let same: Bool
      switch (got, want) {
      case (.move(let a), .move(let b)): same = close(a, b)
      case (.quad(let c1, let a), .quad(let c2, let b)): same = close(c1, c2) && close(a, b)
      case (.cubic(let a1, let a2, let a), .cubic(let b1, let b2, let b)):
        same = close(a1, b1) && close(a2, b2) && close(a, b)
      default: same = false
      }
      #expect(same, "got \(got), want \(want)", sourceLocation: sourceLocation)
    }
  }
}
