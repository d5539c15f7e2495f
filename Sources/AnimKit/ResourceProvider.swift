import AnimCheck
import AnimFont
import Foundation

/// An app's own fonts and images, as bytes (from its bundle), for `compile(…)`. A scene
/// compiled with one finds its fonts and images here alone: nothing is read from disk.
/// Without one, fonts are the installed ones and images files beside the source, as for
/// `animc`.
public struct ResourceProvider: Sendable {
  /// Font files (`.ttf`, `.otf`, `.ttc`) by file name. Text picks among all their faces
  /// as among installed fonts: `font: "Inter"` by family and weight, `font: "Inter.ttf"`
  /// the file of that name, no `font:` the default family or else the first face.
  public var fonts: [String: [UInt8]]
  /// The PNG file for `image("NAME")`, asked for by NAME as the source writes it; nil
  /// when the app has none (an error at the call).
  public var image: @Sendable (_ name: String) -> [UInt8]?

  public init(
    fonts: [String: [UInt8]] = [:], image: @escaping @Sendable (_ name: String) -> [UInt8]? = { _ in nil }
  ) {
    self.fonts = fonts
    self.image = image
  }

  /// The checker's and simulator's view of these resources.
  var sceneResources: SceneResources {
    SceneResources(fonts: FontLibrary(files: fonts.mapValues { Data($0) }), images: image)
  }
}
