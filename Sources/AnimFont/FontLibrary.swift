import Foundation

/// The installed fonts and §12.4's lookup rules: family matching, weight choice, the
/// default family, and the fallback order for characters a font lacks.
package struct FontLibrary: Sendable {
  /// Where §12.4 looks for fonts, `~` expanded from `HOME`.
  package static var standardDirectories: [String] {
    let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
    return [
      "/usr/share/fonts", "/usr/local/share/fonts", home + "/.local/share/fonts", home + "/.fonts",
      "/Library/Fonts", "/System/Library/Fonts",
    ]
  }

  /// The default family is the first of these installed; fallback tries them in order.
  package static let defaultFamilies = [
    "SF Pro Text", "Helvetica Neue", "Helvetica", "DejaVu Sans", "Noto Sans", "Liberation Sans", "Arial",
  ]

  /// SwiftUI's weights as OS/2 weight classes.
  package static let weights: [String: Int] = [
    "ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600, "bold": 700,
    "heavy": 800, "black": 900,
  ]

  /// Every face of every font file found, files in byte order of their paths, faces in
  /// index order.
  package let faces: [InstalledFace]
  /// The font files an app gave (`init(files:)`), by name; nil: the faces are files on
  /// disk, read by path. Given files are the only fonts: nothing is read from disk.
  private let given: [String: Data]?

  package init(directories: [String] = FontLibrary.standardDirectories) {
    faces = FaceScanner.files(in: directories).flatMap(FaceScanner.faces(of:))
    given = nil
  }

  /// The faces of font files given as bytes by name ("Inter.ttf"), names in byte order:
  /// an app's own fonts, in place of the installed ones. A face's `path` is its file's
  /// name; a file that is not a readable font adds no face, as in a scanned directory.
  package init(files: [String: Data]) {
    let names = files.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    faces = names.flatMap { name in FaceScanner.faces(of: files[name] ?? Data(), name: name) }
    given = files
  }

  /// The bytes of the font file at `path` (a given file's name, or a path on disk).
  func read(_ path: String) throws(FontError) -> Data {
    guard let given else { return try FontFile.read(path) }
    guard let data = given[path] else {
      throw FontError.unreadable(path: path, reason: "no font file is given by that name")
    }
    return data
  }

  /// Face `index` of the font file at `path`, read as `read` reads it.
  func face(path: String, index: Int) throws(FontError) -> FontFace {
    try FontFace(data: read(path), index: index, path: path)
  }

  /// Where a `font:` file name is found: a given file by its name as written; on disk,
  /// relative to `directory`.
  package func filePath(_ font: String, relativeTo directory: String?) -> String {
    guard given == nil, !font.hasPrefix("/"), let directory else { return font }
    return (directory as NSString).appendingPathComponent(font)
  }

  /// The installed families' display names, sorted, for suggestions.
  package var families: [String] {
    Array(Set(faces.compactMap(\.names.families.first))).sorted()
  }

  /// The face of `family` (matched case-insensitively against any of its names) for
  /// `weight`: the upright face of nearest weight class, ties to the heavier, then the
  /// first in path order; italic faces only when the family has no upright one.
  package func face(family: String, weight: Int) -> InstalledFace? {
    let key = family.lowercased()
    let members = faces.filter { $0.names.families.contains { $0.lowercased() == key } }
    let upright = members.filter { !$0.names.isItalic }
    let candidates = upright.isEmpty ? members : upright
    var best: InstalledFace?
    for face in candidates {
      guard let b = best else {
        best = face
        continue
      }
      let d = abs(face.names.weight - weight)
      let bd = abs(b.names.weight - weight)
      if d < bd || (d == bd && face.names.weight > b.names.weight) { best = face }
    }
    return best
  }

  /// The face for a `font:` argument: a path when it ends in `.ttf`, `.otf` or `.ttc`
  /// (relative to `directory`; face 0), else a family name; nil means the default family.
  package func resolve(font: String?, weight: Int, relativeTo directory: String? = nil) throws(FontError)
    -> InstalledFace
  {
    guard let font else {
      for family in Self.defaultFamilies {
        if let face = face(family: family, weight: weight) { return face }
      }
      guard let first = faces.first(where: { !$0.names.isItalic }) ?? faces.first else {
        throw FontError.unknownFamily(Self.defaultFamilies[0], installed: [])
      }
      return first
    }
    let ext = (font as NSString).pathExtension.lowercased()
    if FaceScanner.extensions.contains(ext) {
      let path = filePath(font, relativeTo: directory)
      let opened = try face(path: path, index: 0)
      return InstalledFace(path: path, index: 0, names: opened.names)
    }
    guard let face = face(family: font, weight: weight) else {
      throw FontError.unknownFamily(font, installed: families)
    }
    return face
  }

  /// The faces to try, in order, for a character the primary face lacks: the default
  /// families' faces for `weight`, then every face in path order, each once.
  package func fallbackOrder(weight: Int) -> [InstalledFace] {
    var seen = Set<InstalledFace>()
    let preferred = Self.defaultFamilies.compactMap { face(family: $0, weight: weight) }
    return (preferred + faces).filter { seen.insert($0).inserted }
  }
}
