import AnimMath
import AnimModel
import AnimSource

/// `image("file.png", width:, height:)` (§12.3): a Shape whose box is the image's size at
/// one point per pixel, or the given width and/or height (one given keeps the aspect
/// ratio; both stretch the image).
///
/// The checker reads the file's header and appends what it found to the call's arguments
/// (`Checker.checkImage`), so evaluation needs no file access: after the three parameters
/// come the resolved path, the pixel width and height, whether `width:` and `height:` were
/// given, and the string literal's start and end offsets.
package enum ImageBuiltins {
  static let image = BuiltinSpec(
    "image", .image,
    [
      Parameter(nil, .string), Parameter("width", .number, default: .constant(.number(0))),
      Parameter("height", .number, default: .constant(.number(0))),
    ],
    result: .shape, kind: .shape, form: "\"file.png\", width: natural, height: natural",
    doc:
      "A PNG image (path relative to the `.anim` file) filling its box: the image's size at one point per pixel, or `width:`/`height:` (one given keeps the aspect ratio, both stretch). `contentsRect [x, y, w, h]` draws part of it.",
    snippets: [BuiltinSnippet("(\"file.png\")", "image(\"${1:file.png}\")")]
  ) { v, _ in
    guard let source = source(v) else { return .number(.nan) }
    let size = boxSize(v, source)
    return .shape(ShapeValue(outline: .rect(width: size.width, height: size.height), image: source))
  }

  /// The file the checker found, from the appended arguments; nil for a call it did not
  /// complete (which never reaches evaluation).
  static func source(_ v: BuiltinArguments) -> ImageSource? {
    guard v.count >= 10, case .string(let name) = v[0], case .string(let path) = v[3] else { return nil }
    let w = v.n(4)
    let h = v.n(5)
    let start = v.n(8)
    let end = v.n(9)
    guard w >= 1, h >= 1, w <= 1e9, h <= 1e9, start >= 0, end >= start, end <= 1e15 else { return nil }
    return ImageSource(
      name: name, path: path, pixelWidth: Int(w), pixelHeight: Int(h),
      range: SourceRange(start: Int(start), end: Int(end)))
  }

  /// The box: natural size, or the given sides (§12.3). A side that is not a positive
  /// finite number makes an empty box, which draws nothing.
  static func boxSize(_ v: BuiltinArguments, _ source: ImageSource) -> (width: Double, height: Double) {
    let naturalW = Double(source.pixelWidth)
    let naturalH = Double(source.pixelHeight)
    let givenW = v.count > 6 && v[6].isTrue
    let givenH = v.count > 7 && v[7].isTrue
    var w = naturalW
    var h = naturalH
    switch (givenW, givenH) {
    case (true, true):
      w = v.n(1)
      h = v.n(2)
    case (true, false):
      w = v.n(1)
      h = w * naturalH / naturalW
    case (false, true):
      h = v.n(2)
      w = h * naturalW / naturalH
    case (false, false): break
    }
    guard w.isFinite, h.isFinite, w > 0, h > 0 else { return (0, 0) }
    return (w, h)
  }
}

extension Value {
  fileprivate var isTrue: Bool {
    if case .bool(true) = self { return true }
    return false
  }
}
