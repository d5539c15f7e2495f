import AnimFont
import AnimIR
import AnimImage

/// Where a scene's fonts (§12.4) and images (§12.3) come from. `files`, the default: the
/// installed fonts and font files, and image files beside the source. An app gives its
/// own instead (its bundle's bytes), and then only those exist: nothing is read from disk.
package struct SceneResources: Sendable {
  /// The app's fonts; nil: the installed ones (scanned once per process, on first use).
  private let givenFonts: FontLibrary?
  /// Where `image(…)` finds its PNG; a run of the scene must be given the same.
  package let images: ImageLookup

  /// Fonts and images as files.
  package static let files = SceneResources(givenFonts: nil, images: .files)

  private init(givenFonts: FontLibrary?, images: ImageLookup) {
    self.givenFonts = givenFonts
    self.images = images
  }

  /// An app's fonts, as font files' bytes by file name (a `font:` naming a file asks for
  /// that name; a family is looked for among these files' faces), and its images by the
  /// name `image(…)` gives, nil for a name the app does not have.
  package init(fonts: FontLibrary, images: @escaping @Sendable (_ name: String) -> [UInt8]?) {
    self.init(givenFonts: fonts, images: .given(images))
  }

  /// Whether images are files (a message then says where one was looked for).
  var readsFiles: Bool {
    guard case .files = images else { return false }
    return true
  }

  /// The fonts `text(…)` chooses from.
  var fonts: FontLibrary { givenFonts ?? TextShapes.library }
}
