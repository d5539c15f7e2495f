import AnimFont
import AnimIR
import AnimMath
import AnimModel
import AnimSource
import AnimSyntax

/// `text(…)` (§12.4): the checker lays the text out, so that an unknown font is an error
/// at its `font:` argument and a character no font has is a warning, while typing.
extension Checker {
  /// The lowered call of `text` for arguments `exprs` in parameter order (string, size,
  /// font, weight, align): a constant shape when the size is a constant, else the call
  /// with the layout at size 1 in place of the string (the built-in scales it). Nil after
  /// an error, reported here.
  func lowerText(_ args: [Argument], _ exprs: [Expr], _ range: SourceRange) -> Expr? {
    guard exprs.count == 5 else { return nil }
    let stringRange = args.first(where: { $0.label == nil }).map { tree.range($0.value) } ?? range
    let fontArgument = args.first(where: { $0.label == "font" })
    let fontRange = fontArgument.map { tree.range($0.value) } ?? range
    guard case .string(let string)? = fixedValue(exprs[0]) else {
      error(
        SemanticCode.notConstant, "the string of `text` must be a constant: the checker lays the text out",
        at: stringRange)
      return nil
    }
    guard case .string(let font)? = fixedValue(exprs[2]) else {
      error(
        SemanticCode.notConstant, "`font:` must be a constant String: the checker reads the font", at: fontRange)
      return nil
    }
    var cases: [String] = []
    for (i, label) in [(3, "weight"), (4, "align")] {
      guard case .enumCase(let name)? = fixedValue(exprs[i]) else {
        let at = args.first(where: { $0.label == label }).map { tree.range($0.value) } ?? range
        error(SemanticCode.notConstant, "`\(label):` must be a constant: the checker lays the text out", at: at)
        return nil
      }
      cases.append(name)
    }
    let size = fixedValue(exprs[1]).map(\.number)
    if let size, !(size.isFinite && size >= 0) {
      let at = args.first(where: { $0.label == "size" }).map { tree.range($0.value) } ?? range
      error(SemanticCode.badArgumentValue, "a text's `size:` must be a number of points ≥ 0, found \(size)", at: at)
      return nil
    }
    let layout: TextLayout
    let directory = TextShapes.directory(of: file.name)
    do {
      layout = try resources.fonts.layout(
        string, size: size ?? 1, font: font.isEmpty ? nil : font, weight: TextShapes.weight(cases[0]),
        align: TextAlignment(rawValue: cases[1]) ?? .leading, relativeTo: directory)
    } catch FontError.textTooLarge(let limit) {
      // The string, not the font: a shorter text in the same font draws.
      error(
        SemanticCode.badArgumentValue, "the text's outline has more than \(limit) points, the most one text may have",
        at: stringRange)
      return nil
    } catch {
      reportFontError(
        error, font: font, at: fontRange, literal: fontArgument.map { tree.kind($0.value) == .string } ?? false)
      return nil
    }
    for scalar in layout.missing {
      warning(
        SemanticCode.missingGlyph,
        "no installed font has the character \(Self.describe(scalar)): it takes no space and draws nothing",
        at: stringRange)
    }
    for path in TextShapes.files(
      layout.fonts, font: font.isEmpty ? nil : font, directory: directory, in: resources.fonts)
    where !scene.fontFiles.contains(path) {
      scene.fontFiles.append(path)
    }
    let outline = TextShapes.outline(layout)
    guard size == nil else { return .constant(.shape(ShapeValue(outline: outline))) }
    var lowered = exprs
    lowered[0] = .constant(.shape(ShapeValue(outline: outline)))
    return .call(.text, lowered, range)
  }

  /// A font that cannot be had: an unknown family, with metric-compatible families and
  /// then the installed families nearest the name as suggestions (`FontSuggestions`), or a file that cannot be read, with the reason.
  private func reportFontError(_ e: FontError, font: String, at range: SourceRange, literal: Bool) {
    guard case .unknownFamily(let name, let installed) = e else {
      // The file as the source names it: the resolved path depends on where the scene is.
      if case .unreadable(_, let reason) = e {
        error(SemanticCode.unreadableFont, "cannot read font file \"\(font)\": \(reason)", at: range)
      } else {
        error(SemanticCode.unreadableFont, "cannot use font \"\(font)\": \(e.description)", at: range)
      }
      return
    }
    if installed.isEmpty {
      error(SemanticCode.unknownFont, "no font is installed: text needs a font file", at: range)
      return
    }
    let nearest = FontSuggestions.families(for: name, installed: installed)
    let fixes: [Fix] =
      literal
      ? nearest.prefix(3).map { family in
        .replace(range, with: "\"\(family)\"", "use the installed family \"\(family)\"")
      } : []
    let shown = nearest.prefix(10).map { "\"\($0)\"" }.joined(separator: ", ")
    error(
      SemanticCode.unknownFont, "no installed font family is named \"\(name)\"", at: range,
      notes: ["installed families, metric-compatible and nearest first: \(shown)\(nearest.count > 10 ? ", …" : "")"],
      fixes: fixes)
  }

  /// The value of a literal or of a constant top-level `let`; nil for anything computed,
  /// which may be drawn per run or per spawn (folding would evaluate a random draw).
  private func fixedValue(_ e: Expr) -> Value? {
    switch e {
    case .constant(let v): return v
    case .global(let slot): return folder.settledValue(slot)
    default: return nil
    }
  }

  /// A character as a message shows it: itself in quotes and its code point.
  static func describe(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    let hidden: [Unicode.GeneralCategory] = [
      .control, .format, .privateUse, .surrogate, .unassigned, .spaceSeparator, .lineSeparator, .paragraphSeparator,
    ]
    let visible = !hidden.contains(scalar.properties.generalCategory)
    return visible ? "'\(Character(scalar))' (\(code))" : code
  }
}
