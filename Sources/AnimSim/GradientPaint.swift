import AnimIR
import AnimMath
import AnimModel

/// A block's `fill` or `stroke` given a gradient (§12.2). Gradients are style, fixed for
/// the instance's life: they ride on its body into every frame record
/// (`NodeFrame.gradients`), and the state keeps a white placeholder colour for the paint.
enum GradientPaint {
  /// Applies a `fill`/`stroke` value that is a gradient, and forgets the gradient a later
  /// colour replaces. True when it took the value (a gradient): the caller then sets
  /// nothing else.
  static func set(
    _ property: Property, _ v: Value, _ model: inout NodeState, _ gradients: inout PaintGradients?
  ) -> Bool {
    guard property == .fill || property == .stroke else { return false }
    var gradient: Gradient? = nil
    if case .gradient(let g) = v { gradient = g }
    if gradient == nil && gradients == nil { return false }
    if property == .fill {
      gradients = PaintGradients.setting(gradients, fill: .some(gradient), stroke: nil)
      if gradient != nil { model.fill = .white }
    } else {
      gradients = PaintGradients.setting(gradients, fill: nil, stroke: .some(gradient))
      if gradient != nil { model.stroke = .white }
    }
    return gradient != nil
  }
}
