/// Which shapes a stream of frames has announced (§9: a shape line once per shape id,
/// before the first frame that uses it), for the dump and the preview's shape table.
///
/// A shared shape is announced once per run. An instance's own shape is announced in the
/// first frame given that draws it: it is drawn in every frame from its instance's
/// creation to its end, so one missing from the frame before is new, and one the frame
/// before drew that this one does not is gone for good. Only the previous frame's own
/// shapes are remembered, so memory follows what the scene holds, not the run; they are
/// held, so that their identities are not reused while they are remembered.
package struct ShapeAnnouncer {
  private var shared: Set<ObjectIdentifier> = []
  private var sharedShapes: [SceneShape] = []
  private var previous: [ObjectIdentifier: SceneShape] = [:]
  private var current: [ObjectIdentifier: SceneShape] = [:]
  /// The own shapes the frame before the last one given drew, and the last does not.
  package private(set) var gone: [ObjectIdentifier] = []

  package init() {}

  /// The shapes of `frame` to announce, in the frame's order; updates what is known and
  /// `gone`.
  package mutating func newShapes(in frame: Frame) -> [SceneShape] {
    var new: [SceneShape] = []
    current.removeAll(keepingCapacity: true)
    var last: ObjectIdentifier? = nil
    for i in frame.nodes.indices {
      let shape = frame.nodes[i].shape
      let key = ObjectIdentifier(shape)
      // Consecutive records mostly draw one shared shape: the one just seen is known.
      if key == last { continue }
      last = key
      if shape.isGroup { continue }
      if shape.isShared {
        if shared.insert(key).inserted {
          sharedShapes.append(shape)
          new.append(shape)
        }
      } else if current.updateValue(shape, forKey: key) == nil && previous[key] == nil {
        new.append(shape)
      }
    }
    gone.removeAll(keepingCapacity: true)
    for key in previous.keys where current[key] == nil { gone.append(key) }
    swap(&previous, &current)
    return new
  }
}
