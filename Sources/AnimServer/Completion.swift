import AnimCheck
import AnimIR
import AnimJSON
import AnimModel
import AnimSource
import AnimSyntax

/// `textDocument/completion`: the items that fit the `CompletionContext` at the cursor.
extension LanguageServer {
  func completion(_ params: JSONValue) throws -> JSONValue {
    let uri = try params.documentURI()
    let position = try params.position()
    let s = try documents.snapshot(uri)
    let cursor = s.cursor(position, encoding)
    let items = Completions.items(for: CompletionContext.find(s, cursor), s, cursor)
    return .object([
      ("isIncomplete", .bool(false)), ("items", .array(items.map { $0.json(snippets: snippetSupport) })),
    ])
  }
}

/// One `CompletionItem`.
///
/// `label` is always what may be inserted as typed (`spring`, never `spring(…)`):
/// clients such as Neovim's insert the label while the menu is open and only then
/// expand the snippet, or insert the label alone. The form goes in `labelDetails` and
/// `detail`, the call in `insertText`.
struct CompletionItem {
  var label: String
  var kind: Int
  /// Shown right after the label, as `(damping:velocity:)`: what tells apart items that
  /// share a name.
  var labelDetail: String? = nil
  var detail: String? = nil
  var doc: String? = nil
  /// LSP snippet syntax; sent as plain text to clients without snippet support.
  var snippet: String? = nil
  var sortGroup = 5

  func json(snippets: Bool) -> JSONValue {
    var m: [(String, JSONValue)] = [("label", .string(label))]
    if let labelDetail { m.append(("labelDetails", .object([("detail", .string(labelDetail))]))) }
    m.append(("kind", LSP.int(kind)))
    if let detail { m.append(("detail", .string(detail))) }
    if let doc { m.append(("documentation", LSP.markdown(doc))) }
    if let snippet {
      m.append(("insertText", .string(snippets ? snippet : Snippet.plainText(snippet))))
      m.append(("insertTextFormat", LSP.int(snippets ? 2 : 1)))
    }
    m.append(("sortText", .string("\(sortGroup)_\(label)\(labelDetail ?? "")")))
    return .object(m)
  }

  // LSP CompletionItemKind numbers.
  static let function = 3, constructor = 4, field = 5, variable = 6, property = 10, value = 12, keyword = 14
  static let snippetKind = 15, color = 16, enumMember = 20, constant = 21
}

enum Completions {
  static func items(for context: CompletionContext, _ s: Snapshot, _ cursor: Cursor) -> [CompletionItem] {
    switch context {
    case .none: return []
    case .declaration: return declarations
    case .statement(let block): return statements(block)
    case .property: return animatable
    case .clause(let used): return clauses.filter { !used.contains($0.label) }
    case .enumCase(let group): return enumCases(group)
    case .member(let base): return members(base, s)
    case .timing: return timings(s, cursor)
    case .parentNode: return parentNodes(s, cursor)
    case .expression(let block): return expressions(block, s, cursor)
    }
  }

  static func word(_ doc: WordDoc, _ kind: Int, snippet: String? = nil, group: Int = 3) -> CompletionItem {
    CompletionItem(label: doc.word, kind: kind, detail: doc.form, doc: doc.doc, snippet: snippet, sortGroup: group)
  }

  static let declarations: [CompletionItem] = [
    ("scene", "scene \"${1:Title}\" {\n\tsize ${2:375}, ${3:667}\n\t$0\n}"),
    ("let", "let ${1:name} = $0"),
    ("timing", "timing ${1:name} = ${0:spring(damping: 0.6, velocity: 0.8)}"),
    ("shape", "shape ${1:name} = ${2:circle(20)} {\n\tfill ${3:#FF2D55}\n}"),
    ("path", "path ${1:name} = $0"),
    ("node", "node ${1:name} = ${2:circle(40)} {\n\tposition (${3:0}, ${4:0})\n\t$0\n}"),
    ("emitter", "emitter ${1:name} {\n\ton tap\n\tspawn ${2:circle(10)} {\n\t\t$0\n\t}\n}"),
    (
      "replicate",
      "replicate ${1:name} count ${2:3} {\n\tinstance transform ${3:translate(20, 0)}\n\tnode ${4:dot} = ${5:circle(5)}\n}"
    ),
    ("input", "input {\n\ttap ${1:(187, 333)} at ${2:1s}\n}"),
  ].compactMap { name, snippet in WordDocs.keywords[name].map { word($0, CompletionItem.keyword, snippet: snippet) } }

  static let propertyNames = Vocabulary.properties.map(\.name)

  static let animatable: [CompletionItem] = Vocabulary.properties.filter(\.isAnimatable).map(\.name).compactMap {
    WordDocs.properties[$0].map { word($0, CompletionItem.property) }
  }

  static let styleProperties: [CompletionItem] =
    (propertyNames + Vocabulary.placementWords).compactMap {
      WordDocs.properties[$0].map { word($0, CompletionItem.property, snippet: "\($0.word) ", group: 2) }
    }

  /// `on birth of EMITTER` and `on death of EMITTER` (§15), after the emitter's other words.
  static let secondaryTriggers: [CompletionItem] = ["birth", "death"].map { event in
    CompletionItem(
      label: "on \(event) of", kind: CompletionItem.keyword, detail: WordDocs.clauses[event]?.form,
      snippet: "on \(event) of ${1:emitter}", sortGroup: 2)
  }

  /// Words that begin a statement in each kind of block.
  static func statements(_ block: BlockKind) -> [CompletionItem] {
    func kw(_ name: String, _ snippet: String? = nil) -> CompletionItem? {
      (WordDocs.keywords[name] ?? WordDocs.clauses[name]).map { word($0, CompletionItem.keyword, snippet: snippet) }
    }
    let animate = kw("animate", "animate ${1:opacity} ")
    let letItem = kw("let", "let ${1:name} = $0")
    let group = kw("group", "group {\n\t$0\n}")
    let sequence = kw("sequence", "sequence {\n\t$0\n}")
    // A child node (§14), positioned in its parent's box.
    let childNode = kw("node", "node ${1:name} = ${2:circle(10)} {\n\tposition (${3:0}, ${4:0})\n}")
    switch block {
    case .file: return declarations
    case .scene:
      return ["size", "background", "fps", "duration", "seed"].compactMap {
        WordDocs.properties[$0].map { word($0, CompletionItem.property, snippet: "\($0.word) ") }
      }
    case .node:
      return styleProperties
        + [
          animate, group, sequence, letItem, kw("at", "at ${1:1s}"), kw("remove", "remove after ${1:1s}"), childNode,
        ].compactMap { $0 }
    case .spawn:
      return styleProperties
        + [animate, group, sequence, letItem, kw("remove", "remove after ${1:1s}"), childNode].compactMap { $0 }
    case .style: return styleProperties
    case .emitter:
      return [
        kw("on", "on tap"), kw("every", "every ${1:300ms}"), kw("at", "at ${1:1s}"), kw("burst", "burst ${1:1}"),
        kw("max", "max ${1:100}"), kw("origin", "origin ${1:(0, 0)}"), kw("spawn", "spawn ${1:circle(10)} {\n\t$0\n}"),
        letItem,
      ].compactMap { $0 } + secondaryTriggers
    case .replicate:
      let instance = [
        "transform ${1:translate(20, 0)}", "delay ${1:0.1s}", "color ${1:white}", "offset ${1:alpha} ${2:-0.1}",
      ].map {
        CompletionItem(
          label: "instance " + ($0.split(separator: " ").first.map(String.init) ?? ""), kind: CompletionItem.keyword,
          detail: WordDocs.clauses["instance"]?.form, snippet: "instance " + $0, sortGroup: 2)
      }
      return instance + [kw("node", "node ${1:name} = ${2:circle(5)}"), letItem].compactMap { $0 }
        + styleProperties.filter { $0.label == "position" }
    case .input:
      return [
        CompletionItem(
          label: "tap", kind: CompletionItem.keyword, detail: "tap TARGET at T, … · tap TARGET every P",
          snippet: "tap ${1:(187, 333)} at ${2:1s}"),
        CompletionItem(label: "pause", kind: CompletionItem.keyword, detail: "pause at T", snippet: "pause at ${1:1s}"),
        CompletionItem(
          label: "resume", kind: CompletionItem.keyword, detail: "resume at T", snippet: "resume at ${1:2s}"),
        CompletionItem(
          label: "speed", kind: CompletionItem.keyword, detail: "speed S at T", snippet: "speed ${1:0.5} at ${2:1s}"),
      ]
    case .animate: return valueClauses + clauses
    case .group: return [animate, group, sequence].compactMap { $0 }
    case .path:
      return ["move", "line", "quad", "cubic", "arc", "close"].compactMap {
        WordDocs.pathCommands[$0].map { word($0, CompletionItem.keyword) }
      }
    }
  }

  static let valueClauses: [CompletionItem] = ["from", "to", "by", "keyframes", "along", "with"].compactMap {
    WordDocs.clauses[$0].map { word($0, CompletionItem.keyword, group: 1) }
  }

  static let clauses: [CompletionItem] =
    [
      "from", "to", "by", "over", "delay", "timing", "repeat", "autoreverse", "fill", "additive", "cumulative",
      "interpolate", "pacing", "rotate", "keyframes", "along", "with",
    ].compactMap {
      WordDocs.clauses[$0].map { word($0, CompletionItem.keyword) }
    }

  static func enumCases(_ group: String?) -> [CompletionItem] {
    let groups = WordDocs.enumGroups.filter { group == nil || $0.context == group }
    var seen = Set<String>()
    return groups.flatMap { g in
      g.cases.compactMap { name, doc in
        seen.insert(name).inserted
          ? CompletionItem(label: name, kind: CompletionItem.enumMember, detail: ".\(name) — \(g.context)", doc: doc)
          : nil
      }
    }
  }

  static func members(_ base: String, _ s: Snapshot) -> [CompletionItem] {
    let names: [String]
    switch base {
    case "scene": names = ["width", "height", "center"]
    case "self": names = ["index"]
    case "trigger": names = Vocabulary.triggerMembers
    default: names = s.index.topLevel(named: base)?.kind == .node ? Vocabulary.nodeMembers : ["x", "y"]
    }
    return names.compactMap { WordDocs.members[$0].map { word($0, CompletionItem.field) } }
  }

  static func timings(_ s: Snapshot, _ cursor: Cursor) -> [CompletionItem] {
    let declared = s.index.visibleDeclarations(at: cursor.offset, in: s.tree).filter { $0.kind == .timing }.map {
      CompletionItem(label: $0.name, kind: CompletionItem.variable, detail: "timing \($0.name)", sortGroup: 1)
    }
    return declared + builtinItems(BuiltinDocs.timings, group: 2)
  }

  static func builtinItems(_ docs: [BuiltinDoc], group: Int) -> [CompletionItem] {
    docs.flatMap { d -> [CompletionItem] in
      let kind = d.kind == .timing || d.kind == .function ? CompletionItem.function : CompletionItem.constructor
      if d.snippets.isEmpty {
        return [
          CompletionItem(
            label: d.name, kind: CompletionItem.constant, detail: d.signature, doc: d.doc, sortGroup: group)
        ]
      }
      return d.snippets.map {
        CompletionItem(
          label: d.name, kind: kind, labelDetail: $0.form,
          detail: d.snippets.count > 1 ? d.name + $0.form : d.signature,
          doc: d.doc, snippet: $0.text, sortGroup: group)
      }
    }
  }

  static func expressions(_ block: BlockKind, _ s: Snapshot, _ cursor: Cursor) -> [CompletionItem] {
    let declared = s.index.visibleDeclarations(at: cursor.offset, in: s.tree)
      .filter { $0.nameRange != cursor.wordRange }
      .map {
        CompletionItem(
          label: $0.name, kind: CompletionItem.variable, detail: "\($0.kind.keyword) \($0.name)", sortGroup: 1)
      }
    var special = [
      CompletionItem(
        label: "scene", kind: CompletionItem.keyword, detail: "scene.width · scene.height · scene.center", sortGroup: 3)
    ]
    if block == .spawn {
      special += [
        CompletionItem(label: "self", kind: CompletionItem.keyword, detail: "self.index", sortGroup: 3),
        CompletionItem(
          label: "trigger", kind: CompletionItem.keyword, detail: "trigger.position · trigger.time", sortGroup: 3),
      ]
    }
    // After a spawn's shape, with its brackets closed: `in NODE` (§14).
    let line = cursor.wordsBefore
    if line.first == "spawn" && line.count >= 2 && CompletionContext.innermostCall(cursor.linePrefix) == nil,
      let doc = WordDocs.keywords["in"]
    {
      special.append(word(doc, CompletionItem.keyword, snippet: "in ${1:node} ", group: 1))
    }
    let colors = BuiltinDocs.colorNames.map {
      CompletionItem(label: $0.0, kind: CompletionItem.color, detail: $0.1, sortGroup: 4)
    }
    return declared + special + builtinItems(BuiltinDocs.all, group: 2) + colors
  }

  /// The nodes a spawn's `in` may name: every node declared in the file (the checker
  /// says which of them stand for one instance).
  static func parentNodes(_ s: Snapshot, _ cursor: Cursor) -> [CompletionItem] {
    s.index.visibleDeclarations(at: cursor.offset, in: s.tree).filter { $0.kind == .node }.map {
      CompletionItem(label: $0.name, kind: CompletionItem.variable, detail: "node \($0.name)", sortGroup: 1)
    }
  }
}
