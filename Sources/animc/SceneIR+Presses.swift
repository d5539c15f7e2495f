import AnimIR

extension SceneIR {
  /// Whether some node or spawned instance receives presses (`on drag` or `on release`,
  /// §16). Without one, the simulator makes no tap from a press and release, so the live
  /// player taps at the press itself.
  var receivesPresses: Bool {
    func receives(_ node: NodeTemplate) -> Bool {
      node.interaction?.handlesDrags == true || node.children.contains(where: receives)
    }
    return nodes.contains(where: receives) || emitters.contains { receives($0.spawn) }
      || replicators.contains { $0.children.contains(where: receives) }
  }
}
