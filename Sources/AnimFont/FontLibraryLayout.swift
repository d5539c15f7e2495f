import AnimThreads
import Foundation

extension FontLibrary {
  /// §12.4's text: the face for `font:` and `weight`, the fallback order for characters
  /// it lacks, and the layout. Errors are those of the `font:` argument (an unknown
  /// family, an unreadable file) and of corrupt glyph data in the faces used.
  package func layout(
    _ text: String, size: Double, font: String?, weight: Int = 400, align: TextAlignment = .leading,
    relativeTo directory: String? = nil
  ) throws(FontError) -> TextLayout {
    let chosen = try resolve(font: font, weight: weight, relativeTo: directory)
    let primary = try face(path: chosen.path, index: chosen.index)
    let order = fallbackOrder(weight: weight)
    let cache = FileCache(self)
    let fallbacks = order.map { face in { @Sendable () -> FontFace? in cache.face(face.path, face.index) } }
    return try TextLayout(text, size: size, primary: primary, align: align, fallbacks: fallbacks)
  }
}

/// The bytes of font files read during one layout, so that the faces of one collection
/// are read from one copy. A lock guards it, as the closures that use it are `Sendable`.
private final class FileCache: Sendable {
  private let library: FontLibrary
  private let files = Locked<[String: Data]>([:])

  init(_ library: FontLibrary) { self.library = library }

  /// Face `index` of `path`, or nil when it cannot be read.
  func face(_ path: String, _ index: Int) -> FontFace? {
    let data = files.withLock { files -> Data? in
      if files[path] == nil { files[path] = try? library.read(path) }
      return files[path]
    }
    guard let data else { return nil }
    return try? FontFace(data: data, index: index, path: path)
  }
}
