import AnimIR
import AnimImage
import AnimModel

extension Simulator {
  /// Reads and decodes every image the scene draws, once per file (§12.3). The checker
  /// read the headers; a file whose data is corrupt, or that changed or went away since,
  /// stops the run here with an error at the image's string.
  static func loadImages(_ ir: SceneIR, from lookup: ImageLookup) throws(SimulationError) -> [String: ImageAsset] {
    var images: [String: ImageAsset] = [:]
    for source in ir.imageSources where images[source.path] == nil {
      do {
        images[source.path] = try ImageAsset.load(name: source.name, path: source.path, from: lookup)
      } catch {
        throw SimulationError(
          code: "E0905", message: "cannot read the image `\(source.name)`: \(error.description)", range: source.range)
      }
    }
    return images
  }
}

extension Simulator {
  /// The image files the run reads (§12.3: inputs, which no output may overwrite); none
  /// when an app gives the images.
  package var imagePaths: [String] {
    guard case .files = options.images else { return [] }
    return images.values.map(\.path).sorted()
  }

  /// The pictures the run draws, in name order.
  package var imageAssets: [ImageAsset] { images.values.sorted { $0.name < $1.name } }
}
