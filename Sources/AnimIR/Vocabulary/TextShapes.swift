import AnimFont
import AnimMath
import AnimModel
import Foundation

/// The fonts and layouts behind `text(…)` (§12.4).
///
/// The installed fonts are scanned once per process, on first use: the scan walks the
/// font directories and reads every face's names, and the language server checks the
/// file again on every keystroke. A `static let` is initialized once, atomically, so the
/// checker's threads share one scan without a lock.
package enum TextShapes {
  package static let library = FontLibrary()

  /// A shape with no outline and an empty box.
  static let empty = ShapeOutline(path: Path(), width: 0, height: 0)

  /// The directory a relative `font:` path is read from: the `.anim` file's own, or the
  /// working directory for a file without a path (standard input, an unsaved editor).
  package static func directory(of fileName: String) -> String {
    guard fileName.contains("/"), !fileName.hasPrefix("<") else {
      return FileManager.default.currentDirectoryPath
    }
    let directory = (fileName as NSString).deletingLastPathComponent
    return directory.isEmpty ? "/" : directory
  }

  /// A layout's outline as a shape: its path, its box, and the faces it was drawn from.
  package static func outline(_ layout: TextLayout) -> ShapeOutline {
    ShapeOutline(path: layout.path, width: layout.width, height: layout.height, fonts: layout.fonts)
  }

  /// `outline` scaled about the box's origin: a layout at size 1 made `size` points
  /// (every length of §12.4's layout is proportional to the size). A size that is not
  /// a finite non-negative number draws nothing.
  static func scaled(_ outline: ShapeOutline, by s: Double) -> ShapeOutline {
    guard s.isFinite, s >= 0 else { return ShapeOutline(path: Path(), width: 0, height: 0, fonts: outline.fonts) }
    func m(_ p: Point) -> Point { Point(p.x * s, p.y * s) }
    var path = Path()
    path.segments.reserveCapacity(outline.path.segments.count)
    for segment in outline.path.segments {
      switch segment {
      case .move(let p): path.segments.append(.move(to: m(p)))
      case .line(let p): path.segments.append(.line(to: m(p)))
      case .quad(let c, let p): path.segments.append(.quad(control: m(c), to: m(p)))
      case .cubic(let c1, let c2, let p): path.segments.append(.cubic(c1: m(c1), c2: m(c2), to: m(p)))
      case .arc(var a):
        a.center = m(a.center)
        a.radius *= s
        path.segments.append(.arc(a))
      case .close: path.segments.append(.close)
      }
    }
    return ShapeOutline(path: path, width: outline.width * s, height: outline.height * s, fonts: outline.fonts)
  }

  /// The paths of the faces a layout used (`labels`, "file#index"): the file `font:`
  /// names when it is a path (the layout's first face), the others found among the
  /// faces of `library`.
  package static func files(_ labels: [String], font: String?, directory: String, in library: FontLibrary) -> [String] {
    var paths: [String] = []
    var rest = labels[...]
    if let font, ["ttf", "otf", "ttc"].contains((font as NSString).pathExtension.lowercased()) {
      paths.append(library.filePath(font, relativeTo: directory))
      rest = rest.dropFirst()
    }
    for label in rest {
      if let face = library.faces.first(where: { "\(($0.path as NSString).lastPathComponent)#\($0.index)" == label }) {
        paths.append(face.path)
      }
    }
    return paths
  }

  /// §12.4's weight class for a SwiftUI weight name.
  package static func weight(_ name: String) -> Int { FontLibrary.weights[name] ?? 400 }
}
