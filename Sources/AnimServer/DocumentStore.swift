import AnimCheck
import AnimIR
import AnimJSON
import AnimModel
import AnimSource
import AnimSyntax
import Foundation

/// One open document: its text at a version, and what we know about that text. The
/// analysis and the symbol index are computed on first use and dropped on every change,
/// so a request never sees results for other text than the one it is about.
struct Document {
  let uri: String
  var version: Int
  var file: SourceFile
  private(set) var cachedAnalysis: Analysis? = nil
  private(set) var cachedIndex: SymbolIndex? = nil

  init(uri: String, version: Int, text: [UInt8]) {
    self.uri = uri
    self.version = version
    self.file = SourceFile(name: Document.displayName(uri), bytes: text)
  }

  /// The path part of a `file://` URI, which diagnostics print; other URIs as given.
  static func displayName(_ uri: String) -> String {
    guard uri.hasPrefix("file://") else { return uri }
    let path = String(uri.dropFirst("file://".count))
    return path.removingPercentEncoding ?? path
  }

  mutating func replaceText(_ text: [UInt8], version: Int) {
    self.version = version
    file = SourceFile(name: file.name, bytes: text)
    cachedAnalysis = nil
    cachedIndex = nil
  }

  /// Applies one `TextDocumentContentChangeEvent`: with a `range`, an incremental edit
  /// (positions clamp to the text, so a confused client cannot make us trap); without,
  /// the whole new text.
  mutating func apply(change: JSONValue, encoding: PositionEncoding) throws {
    let newText = try change.string("text", in: "contentChanges[]")
    guard change["range"] != nil, change["range"] != .null else {
      file = SourceFile(name: file.name, text: newText)
      return
    }
    let (from, to) = try change.range(in: "contentChanges[]")
    let start = file.offset(of: from, encoding: encoding)
    let end = max(start, file.offset(of: to, encoding: encoding))
    var bytes = file.bytes
    bytes.replaceSubrange(start..<end, with: Array(newText.utf8))
    file = SourceFile(name: file.name, bytes: bytes)
  }

  mutating func finishChanges(version: Int) {
    self.version = version
    cachedAnalysis = nil
    cachedIndex = nil
  }

  /// The analysis of the current text, computed once per version.
  mutating func analysis() -> Analysis {
    if let cachedAnalysis { return cachedAnalysis }
    // The server reads the diagnostics and the tree, never the IR: the scene is not lowered.
    let a = analyze(file, keepingIR: false)
    cachedAnalysis = a
    return a
  }

  mutating func index() -> SymbolIndex {
    if let cachedIndex { return cachedIndex }
    let i = SymbolIndex(analysis().syntax)
    cachedIndex = i
    return i
  }
}

/// The open documents by URI. Only the server's queue touches it.
struct DocumentStore {
  private var documents: [String: Document] = [:]

  subscript(uri: String) -> Document? {
    get { documents[uri] }
    set { documents[uri] = newValue }
  }

  var uris: [String] { Array(documents.keys) }

  /// The current version's analysis alone (diagnostics need no symbol index).
  mutating func analysis(_ uri: String) -> (version: Int, file: SourceFile, analysis: Analysis)? {
    guard var doc = documents[uri] else { return nil }
    let analysis = doc.analysis()
    documents[uri] = doc
    return (doc.version, doc.file, analysis)
  }

  /// The document a request is about, analysed, or the error an unopened one earns.
  /// The analysis is kept in the store, so the next request on this version reuses it.
  mutating func snapshot(_ uri: String) throws -> Snapshot {
    guard var doc = documents[uri] else { throw ResponseError.failed("document not open: \(uri)") }
    let analysis = doc.analysis()
    let index = doc.index()
    documents[uri] = doc
    return Snapshot(uri: uri, version: doc.version, file: doc.file, analysis: analysis, index: index)
  }
}

/// What a request handler reads: one version of a document and its analysis.
struct Snapshot {
  let uri: String
  let version: Int
  let file: SourceFile
  let analysis: Analysis
  let index: SymbolIndex

  var tree: SyntaxTree { analysis.syntax }
}
