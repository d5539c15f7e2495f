import AnimModel

extension RunHeader {
  /// The header of a run of `simulator` that writes `frames` frames.
  package init(_ simulator: Simulator, frames: Int) {
    let s = simulator.scene.settings
    self.init(
      title: s.title, width: s.width, height: s.height, background: s.background, fps: simulator.fps,
      seed: simulator.seed, frames: frames)
    hasDepth = simulator.scene.has3D
    hasTree = simulator.tree != nil
    unlessDefaultProperties = simulator.scene.properties(in: .unlessDefault)
    images = simulator.imageAssets
  }
}
