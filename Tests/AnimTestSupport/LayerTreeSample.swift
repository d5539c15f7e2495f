/// A scene that uses every part of the layer tree's syntax (§14): a three-level chain, a
/// group, a scene position, a tap on a nested node, and a spawn with a parent and a child.
/// Shared by the checker's and the editor's tests.
public enum LayerTreeSample {
  public static let scene = """
    node card = rect(200, 280, corner: 16) {
      position (187.5, 333.5)
      node face = rect(200, 280) {
        position (100, 140)
        node label = circle(6) { position (100, 40) }
      }
    }

    node wheels {
      position (300, 60)
      node left = circle(4) { position (-8, 0) }
      node right = circle(4) { position (8, 0) }
      animate x by -40 over 1s
    }

    node marker = circle(2) {
      position face.scenePosition
    }

    emitter likes {
      on tap label
      spawn heart(20) in card {
        animate opacity from 1 to 0 over 1s
        node sparkle = circle(2) { position (10, 0) }
      }
    }

    """
}
