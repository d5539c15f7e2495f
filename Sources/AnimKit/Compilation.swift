import AnimCheck
import AnimIR
import AnimImage
import AnimModel
import AnimSource

/// The result of compiling one `.anim` source: its diagnostics (errors and warnings, in
/// source order) and, when there are no errors, the checked scene.
public struct Compilation: Sendable {
  /// The source, for rendering diagnostics with their lines.
  package let source: SourceFile
  /// Every problem found, in source order.
  public let diagnostics: [Diagnostic]
  /// The checked scene; nil when `diagnostics` holds an error.
  public let scene: CheckedScene?

  /// Whether any diagnostic is an error (then `scene` is nil).
  public var hasErrors: Bool { diagnostics.hasErrors }

  /// The diagnostics as `animc check` prints them (`file:line:col: error: …`, the line,
  /// a caret and any fix).
  public func renderedDiagnostics(color: Bool = false) -> String {
    DiagnosticRenderer(useColor: color).render(diagnostics, in: source)
  }
}

/// A scene that passed the checker: what a `Simulation` runs.
public struct CheckedScene: Sendable {
  let ir: SceneIR
  /// Where the scene's images are read: a run decodes them from the source the checker
  /// read their headers from.
  let images: ImageLookup

  /// The scene's title (`scene "…"`).
  public var title: String { ir.settings.title }
  /// The canvas size in points.
  public var width: Double { ir.settings.width }
  public var height: Double { ir.settings.height }
}

/// Compiles `.anim` source text: lexes, parses and checks it. `fileName` names the source
/// in diagnostics, and relative image and font paths are found beside it. `resources`,
/// when given, are the scene's only fonts and images (an app's bundled bytes).
public func compile(source: String, fileName: String = "scene.anim", resources: ResourceProvider? = nil)
  -> Compilation
{
  let file = SourceFile(name: fileName, text: source)
  let found = resources?.sceneResources ?? .files
  let analysis = analyze(file, resources: found)
  // A scene that uses the layer tree is checked but cannot run yet (§14).
  if analysis.ir != nil, let refusal = LayerTreeUse.refusal(in: analysis.syntax) {
    return Compilation(source: file, diagnostics: analysis.diagnostics + [refusal], scene: nil)
  }
  return Compilation(
    source: file, diagnostics: analysis.diagnostics,
    scene: analysis.ir.map { CheckedScene(ir: $0, images: found.images) })
}
