import AnimCheck
import AnimIR
import AnimMath
import Foundation
import Testing

@testable import AnimModel
@testable import AnimSim

// Each expectation is worked out by hand from §6.2–§6.3; frames are 1/100 s apart, so
// frame 150 is t = 1.5 s.

@Suite struct FillModeTests {
  /// `opacity from 0.2 to 0.6 over 1s delay 1s fill F` over model opacity 1.
  func opacity(_ fill: FillMode, at frame: Int) throws -> Double {
    let ir = oneNode([.timeline(animate(.opacity, from: num(0.2), to: num(0.6), over: 1, delay: 1, fill: fill))])
    return try state(ir, frame: frame).opacity
  }

  @Test func beforeShowsValueBelowUnlessBackwards() throws {
    #expect(try opacity(.forwards, at: 50) == 1)  // the default waits showing the model value
    #expect(try opacity(.removed, at: 50) == 1)
    #expect(near(try opacity(.backwards, at: 50), 0.2))  // u = 0 during the delay
    #expect(near(try opacity(.both, at: 50), 0.2))
  }

  @Test func activeIsTheSameForEveryFill() throws {
    // τ = 1.5 − 1 = 0.5, u = 0.5: 0.2 + 0.4·0.5 = 0.4
    for fill in [FillMode.removed, .forwards, .backwards, .both] { #expect(near(try opacity(fill, at: 150), 0.4)) }
  }

  @Test func afterHoldsTheEndOnlyForwards() throws {
    #expect(near(try opacity(.forwards, at: 250), 0.6))
    #expect(near(try opacity(.both, at: 250), 0.6))
    #expect(try opacity(.removed, at: 250) == 1)
    #expect(try opacity(.backwards, at: 250) == 1)
  }
}

@Suite struct RepeatTests {
  func x(_ item: TimelineItem, at frame: Int) throws -> Double {
    try state(oneNode([.timeline(item)]), frame: frame).position.x
  }

  @Test func fractionalRepeatWithAutoreverse() throws {
    // d = 1, k = 2, c = 1.25: A = 2.5.
    let a = animate(.x, from: num(0), to: num(100), over: 1, repeatCount: .count(num(1.25)), autoreverse: true)
    #expect(near(try x(a, at: 75), 75))  // i = 0, w = 0.75 < d: u = 0.75
    #expect(near(try x(a, at: 150), 50))  // w = 1.5 ≥ d: u = 2 − 1.5 = 0.5
    #expect(near(try x(a, at: 225), 25))  // i = 1, w = 0.25: u = 0.25
    #expect(near(try x(a, at: 300), 50))  // after, c not whole: formula at τ = A = 2.5 → i = 1, w = 0.5, u = 0.5
  }

  @Test func wholeRepeatWithAutoreverseEndsAtTheStart() throws {
    let a = animate(.x, from: num(0), to: num(100), over: 1, repeatCount: .count(num(2)), autoreverse: true)
    #expect(near(try x(a, at: 450), 0))  // A = 4; after: u = 0
    #expect(near(try x(a, at: 250), 50))  // i = 1, w = 0.5
  }

  @Test func repeatForDuration() throws {
    // repeat for 2.5s over 1s: c = 2.5; after: u = 0.5.
    let a = animate(.x, from: num(0), to: num(100), over: 1, repeatCount: .duration(num(2.5)))
    #expect(near(try x(a, at: 400), 50))
    // with autoreverse c = 2.5 / 2 = 1.25: after as in the fractional case above.
    let b = animate(.x, from: num(0), to: num(100), over: 1, repeatCount: .duration(num(2.5)), autoreverse: true)
    #expect(near(try x(b, at: 400), 50))
  }

  @Test func cumulativeAddsTheSpanPerIteration() throws {
    let a = animate(.rotation, from: num(0), to: num(90), over: 1, repeatCount: .count(num(3)), cumulative: true)
    func rotation(_ frame: Int) throws -> Double { try state(oneNode([.timeline(a)]), frame: frame).rotation }
    #expect(near(try rotation(150), 135))  // i = 1, u = 0.5: 45 + 90
    #expect(near(try rotation(225), 202.5))  // i = 2, u = 0.25: 22.5 + 180
    #expect(near(try rotation(400), 270))  // after: u = 1, i = ceil(3) − 1 = 2: 90 + 180
    let b = animate(.rotation, from: num(0), to: num(90), over: 1, repeatCount: .count(num(2.5)), cumulative: true)
    // after a fractional count: u = 0.5, i = ceil(2.5) − 1 = 2: 45 + 180
    #expect(near(try state(oneNode([.timeline(b)]), frame: 400).rotation, 225))
  }

  @Test func iterationBoundaryStartsTheNextIteration() throws {
    // 0.1s iterations: t = 0.3 is iteration 3 at u = 0, not iteration 2 at u ≈ 1.
    let a = animate(.x, from: num(0), to: num(10), over: 0.1, repeatCount: .forever)
    #expect(near(try x(a, at: 30), 0))
  }
}

@Suite struct CompositionTests {
  func s(_ body: [BlockStatement], at frame: Int) throws -> NodeState { try state(oneNode(body), frame: frame) }

  @Test func additiveAddsToTheValueBelow() throws {
    let body: [BlockStatement] = [
      .set(.x, num(10)), .timeline(animate(.x, from: num(0), to: num(50), over: 1, additive: true)),
    ]
    #expect(near(try s(body, at: 50).position.x, 35))  // 10 + 25
  }

  @Test func additiveImplicitFromIsZero() throws {
    let body: [BlockStatement] = [
      .set(.x, num(10)),
      .timeline(animate(.x, to: num(100), over: 1)),  // from = below = 10: 55 at u = 0.5
      .timeline(animate(.x, by: num(20), over: 1, additive: true)),  // 0 → 20: +10
    ]
    #expect(near(try s(body, at: 50).position.x, 65))
  }

  @Test func implicitFromIsReadAtEverySample() throws {
    let body: [BlockStatement] = [
      .timeline(animate(.x, from: num(0), to: num(100), over: 1)),
      .timeline(animate(.x, to: num(200), over: 2)),
    ]
    #expect(near(try s(body, at: 50).position.x, 87.5))  // below 50, u = 0.25: 50 + 150·0.25
    #expect(near(try s(body, at: 150).position.x, 175))  // below 100 (filled), u = 0.75
  }

  @Test func byIsRelativeToFrom() throws {
    let implicit: [BlockStatement] = [.set(.y, num(5)), .timeline(animate(.y, by: num(10), over: 1))]
    #expect(near(try s(implicit, at: 30).position.y, 8))  // 5 → 15 at 0.3
    let explicit: [BlockStatement] = [.timeline(animate(.y, from: num(2), by: num(10), over: 1))]
    #expect(near(try s(explicit, at: 30).position.y, 5))  // 2 → 12 at 0.3
  }

  @Test func fromAloneAnimatesToTheValueBelow() throws {
    let body: [BlockStatement] = [.set(.opacity, num(0.8)), .timeline(animate(.opacity, from: num(0), over: 1))]
    #expect(near(try s(body, at: 50).opacity, 0.4))
  }

  @Test func componentsShareTheStackWithPosition() throws {
    let body: [BlockStatement] = [
      .set(.position, pt(10, 20)),
      .timeline(animate(.x, from: num(0), to: num(100), over: 1)),
      .timeline(animate(.position, to: pt(50, 50), over: 1)),  // implicit from = (x below, 20)
    ]
    let p = try s(body, at: 50).position
    #expect(near(p.x, 50))  // below x = 50: 50 + 0·0.5
    #expect(near(p.y, 35))  // 20 + 30·0.5
  }

  @Test func scaleSetsBothComponents() throws {
    let body: [BlockStatement] = [.set(.scaleX, num(3)), .timeline(animate(.scale, to: num(1), over: 1))]
    let st = try s(body, at: 50)
    #expect(near(st.scaleX, 2))  // 3 → 1
    #expect(near(st.scaleY, 1))  // 1 → 1
  }

  @Test func negativeDelayStartsPartWay() throws {
    let body: [BlockStatement] = [.timeline(animate(.opacity, from: num(0), to: num(1), over: 2, delay: -1))]
    #expect(near(try s(body, at: 0).opacity, 0.5))  // τ = 1, u = 0.5
    #expect(near(try s(body, at: 50).opacity, 0.75))
  }

  @Test func opacityIsClamped() throws {
    let body: [BlockStatement] = [.timeline(animate(.opacity, from: num(0), to: num(4), over: 1))]
    #expect(try s(body, at: 50).opacity == 1)  // 2, clamped when drawn and dumped
  }
}

@Suite struct TimingFunctionTests {
  @Test func springLandsExactlyOnTheEndValue() throws {
    let spring = TimingFunction.spring(.uiKit(damping: 0.6, velocity: 0.8))
    let a = animate(.scaleX, from: num(0), to: num(1), over: 0.5, timing: spring)
    let body: [BlockStatement] = [.timeline(a)]
    #expect(try state(oneNode(body), frame: 50).scaleX == 1)
    #expect(try state(oneNode(body), frame: 90).scaleX == 1)
    // Mid-way, the closed form of §5: ω₀ = ln 1000 / (ζ·T), ω_d = ω₀√(1 − ζ²), x = 1 +
    // e^{−ζω₀t}(−cos ω_d t + (v − ζω₀)/ω_d · sin ω_d t) at real time t = 0.25.
    let w0 = log(1000.0) / (0.6 * 0.5)
    let wd = w0 * (1 - 0.36).squareRoot()
    let t = 0.25
    let expected = 1 + exp(-0.6 * w0 * t) * (-cos(wd * t) + (0.8 - 0.6 * w0) / wd * sin(wd * t))
    #expect(near(try state(oneNode(body), frame: 25).scaleX, expected, 1e-12))
  }

  @Test func unsettledRealTimeSpringStillLands() throws {
    // response 2s, ζ = 0.1 is far from settled after 0.5s; at the end it lands on `to`.
    let spring = TimingFunction.spring(Spring(response: 2, dampingFraction: 0.1))
    let a = animate(.x, from: num(0), to: num(100), over: 0.5, timing: spring)
    #expect(try state(oneNode([.timeline(a)]), frame: 50).position.x == 100)
    // At t = 0.49 the curve is mid-swing: ω₀ = 2π/2, x = 1 + e^{−ζω₀t}(−cos ω_d t − ζω₀/ω_d sin ω_d t).
    let w0 = Double.pi
    let wd = w0 * (1 - 0.01).squareRoot()
    let t = 0.49
    let x = 1 + exp(-0.1 * w0 * t) * (-cos(wd * t) - 0.1 * w0 / wd * sin(wd * t))
    #expect(near(try state(oneNode([.timeline(a)]), frame: 49).position.x, 100 * x, 1e-9))
    #expect(abs(100 * x - 100) > 5)
  }

  @Test func stepsShowZeroInABackwardsFill() throws {
    let a = animate(.opacity, from: num(0), to: num(1), over: 1, delay: 1, timing: .steps(4, .start), fill: .backwards)
    #expect(try state(oneNode([.timeline(a)]), frame: 50).opacity == 0)  // before flag: p = 0
    #expect(near(try state(oneNode([.timeline(a)]), frame: 100).opacity, 0.25))  // u = 0: (0 + 1)/4
    #expect(near(try state(oneNode([.timeline(a)]), frame: 160).opacity, 0.75))  // floor(2.4) + 1 = 3
  }
}

@Suite struct GroupTests {
  @Test func groupChildrenSeeTheGroupsTime() throws {
    // Default duration: latest delay + A = max(1, 0.5 + 2) = 2.5.
    let group = TimelineItem.group(
      clauses(delay: 1),
      [animate(.x, from: num(0), to: num(100), over: 1), animate(.y, from: num(0), to: num(100), over: 2, delay: 0.5)])
    func p(_ frame: Int) throws -> Point { try state(oneNode([.timeline(group)]), frame: frame).position }
    #expect(try p(50) == Point(0, 0))  // group waiting on its delay: the model values
    #expect(near(try p(150).x, 50))  // group τ = 0.5
    #expect(near(try p(150).y, 0))  // child τ = 0: active at u = 0
    #expect(near(try p(300).x, 100))
    #expect(near(try p(300).y, 75))  // group τ = 2, child τ = 1.5
    #expect(near(try p(450).y, 100))  // after: children held at the group's end
  }

  @Test func groupWithShorterDurationClipsChildren() throws {
    let group = TimelineItem.group(clauses(over: 0.5), [animate(.x, from: num(0), to: num(100), over: 1)])
    #expect(near(try state(oneNode([.timeline(group)]), frame: 200).position.x, 50))  // held at group time 0.5
  }

  @Test func repeatingGroupRestartsChildren() throws {
    let group = TimelineItem.group(
      clauses(repeatCount: .count(num(2))), [animate(.x, from: num(0), to: num(100), over: 1)])
    #expect(near(try state(oneNode([.timeline(group)]), frame: 125).position.x, 25))  // second iteration
  }

  @Test func sequenceChildrenFollowOneAnother() throws {
    let seq = TimelineItem.sequence(
      clauses(),
      [animate(.x, from: num(0), to: num(100), over: 1), animate(.x, from: num(100), to: num(0), over: 1, delay: 0.5)])
    func x(_ frame: Int) throws -> Double { try state(oneNode([.timeline(seq)]), frame: frame).position.x }
    #expect(near(try x(50), 50))
    #expect(near(try x(125), 100))  // first filled, second waiting (begins at 1 + 0.5)
    #expect(near(try x(200), 50))  // second at u = 0.5
    #expect(near(try x(300), 0))  // sequence over (d = 1 + 0.5 + 1): held
  }
}
