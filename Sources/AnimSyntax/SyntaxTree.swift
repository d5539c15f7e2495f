import AnimSource

/// A node of the syntax tree: an index into `SyntaxTree`.
@usableFromInline package struct NodeID: Hashable, Sendable, Comparable {
  @usableFromInline package let index: Int32
  @inlinable package init(_ index: Int32) { self.index = index }
  @usableFromInline package static func < (a: NodeID, b: NodeID) -> Bool { a.index < b.index }
}

/// The parsed form of one file, stored compactly: nodes in one array, children as runs
/// of a second array, literal values and names in side tables. A node is one 20-byte
/// record (range, payload, first child, kind, flags), so a large file's tree stays a few
/// times the size of its text. Kind and flags are in the record, not in a column of
/// their own: each append to a column asks whether its storage is shared, and a second
/// column cost the parse a second such call per node (2 bytes saved per node did not pay
/// for it).
///
/// A node's child count is not stored. Nodes are appended in post-order, each right
/// after its children's ids, so the runs of `childIDs` follow the nodes' order and a
/// node's run ends where the next node's begins.
///
/// A large file parsed in two halves (see `ParallelParse.swift`) keeps the first half's
/// nodes in `front`, as its parser left them, and the rest in `back`, numbered on from
/// `frontCount`: joining the halves by copying one into the other touched as many fresh
/// pages as the half had nodes, on the parse's one serial step. Each part holds its own
/// children runs and literals; only node ids and names are numbered for the whole tree.
/// A file parsed in one piece has everything in `back`.
///
/// The read accessors are `@inlinable` and always inlined: the checker calls them
/// millions of times from another module, and a call per `kind(_:)` cost more than the
/// array read it wraps. `@inlinable` alone was not enough: the optimizer left them as
/// calls in the checker's large functions, and each such call on the tree a checker
/// keeps copied the whole tree struct onto the stack first.
@usableFromInline package struct SyntaxTree: Sendable {
  @usableFromInline struct Node: Sendable, BitwiseCopyable {
    @usableFromInline var start: UInt32
    @usableFromInline var end: UInt32
    @usableFromInline var payload: Int32
    @usableFromInline var firstChild: Int32
    @usableFromInline var kind: SyntaxKind
    @usableFromInline var flags: UInt8
  }

  /// Nodes numbered from 0 within the part, their children runs (`firstChild` indexes
  /// `childIDs`, which hold whole-tree ids) and literals (a number's or string's payload
  /// indexes this part's arrays).
  @usableFromInline struct Part: Sendable {
    @usableFromInline var nodes = TreeColumn<Node>()
    @usableFromInline var childIDs = TreeColumn<Int32>()
    @usableFromInline var numbers = TreeColumn<Double>()
    @usableFromInline var strings: [String] = []

    /// Node `i`'s children run ends where the next node's begins.
    @inlinable func childCount(_ i: Int) -> Int {
      let next = i + 1 < nodes.count ? nodes[i + 1].firstChild : Int32(childIDs.count)
      return Int(next - nodes[i].firstChild)
    }

    /// Child `k` of node `i`.
    @inlinable func child(_ i: Int, _ k: Int) -> NodeID { NodeID(childIDs[Int(nodes[i].firstChild) + k]) }

    @inlinable func children(_ i: Int) -> Children {
      Children(ids: childIDs, first: Int(nodes[i].firstChild), count: childCount(i))
    }
  }

  /// The nodes from `frontCount` on (all of them, for a file parsed in one piece).
  @usableFromInline var back = Part()
  /// The nodes before `frontCount`, when the file was parsed in two halves.
  @usableFromInline var front = Part()
  @usableFromInline var frontCount = 0
  package internal(set) var symbols: SymbolTable
  package internal(set) var root = NodeID(0)
  /// What the file uses of the language's optional parts, noted by the parser as it
  /// meets them (see `Features`).
  package internal(set) var features: Features = []

  init(symbols: SymbolTable) { self.symbols = symbols }

  package var nodeCount: Int { frontCount + back.nodes.count }

  @inlinable @inline(__always) package func kind(_ id: NodeID) -> SyntaxKind {
    let i = Int(id.index) &- frontCount
    return i >= 0 ? back.nodes[i].kind : front.nodes[i &+ frontCount].kind
  }

  @inlinable @inline(__always) package func flags(_ id: NodeID) -> UInt8 {
    let i = Int(id.index) &- frontCount
    return i >= 0 ? back.nodes[i].flags : front.nodes[i &+ frontCount].flags
  }

  @inlinable @inline(__always) func node(_ id: NodeID) -> Node {
    let i = Int(id.index) &- frontCount
    return i >= 0 ? back.nodes[i] : front.nodes[i &+ frontCount]
  }

  /// A name's symbol id, or the index of a literal in its part of the tree.
  @inlinable @inline(__always) package func payload(_ id: NodeID) -> Int32 { node(id).payload }

  @inlinable @inline(__always) package func range(_ id: NodeID) -> SourceRange {
    let n = node(id)
    return SourceRange(start: Int(n.start), end: Int(n.end))
  }

  @inlinable @inline(__always) package func childCount(_ id: NodeID) -> Int {
    let i = Int(id.index) &- frontCount
    return i >= 0 ? back.childCount(i) : front.childCount(i &+ frontCount)
  }

  /// Appends a node whose children are the last `childIDs` from `firstChild` on.
  mutating func append(
    _ kind: SyntaxKind, flags: UInt8, start: UInt32, end: UInt32, payload: Int32, firstChild: Int32
  ) {
    back.nodes.append(
      Node(start: start, end: end, payload: payload, firstChild: firstChild, kind: kind, flags: flags))
  }

  /// Room for `count` more nodes, so a large file's tree grows without copies.
  mutating func reserveNodes(_ count: Int) {
    back.nodes.reserveCapacity(back.nodes.count + count)
    back.childIDs.reserveCapacity(back.childIDs.count + count)
  }

  @inlinable @inline(__always) package func child(_ id: NodeID, _ i: Int) -> NodeID {
    let n = Int(id.index) &- frontCount
    return n >= 0 ? back.child(n, i) : front.child(n &+ frontCount, i)
  }

  /// The children of `id`, as a view into the tree (no copy).
  @inlinable @inline(__always) package func children(_ id: NodeID) -> Children {
    let i = Int(id.index) &- frontCount
    return i >= 0 ? back.children(i) : front.children(i &+ frontCount)
  }

  /// A node's children, in order.
  @usableFromInline package struct Children: RandomAccessCollection, Sendable {
    @usableFromInline let ids: TreeColumn<Int32>
    @usableFromInline let first: Int
    @usableFromInline package let count: Int
    @inlinable init(ids: TreeColumn<Int32>, first: Int, count: Int) {
      self.ids = ids
      self.first = first
      self.count = count
    }
    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { count }
    @inlinable package subscript(i: Int) -> NodeID { NodeID(ids[first + i]) }
  }

  /// The children of `id` from `first` on, as an array: one allocation and a plain loop
  /// (`Array(children(id).dropFirst())` goes through the generic slice, for every
  /// statement the checker reads).
  package func childArray(_ id: NodeID, from first: Int) -> [NodeID] {
    let kids = children(id)
    guard first < kids.count else { return [] }
    var result: [NodeID] = []
    result.reserveCapacity(kids.count - first)
    for k in max(first, 0)..<kids.count { result.append(kids[k]) }
    return result
  }

  /// The child at `i`, or nil when it is `.absent` or out of range.
  @inlinable @inline(__always) package func optionalChild(_ id: NodeID, _ i: Int) -> NodeID? {
    guard i < childCount(id) else { return nil }
    let c = child(id, i)
    return kind(c) == .absent ? nil : c
  }

  // MARK: Payloads

  /// The symbol of a `.name`, `.enumCase` or `.member` node, a clause's word, an
  /// instance or input event's head, or an argument's label.
  @inlinable @inline(__always) package func symbol(_ id: NodeID) -> Symbol? {
    let p = payload(id)
    return p >= 0 ? Symbol(p) : nil
  }

  package func name(_ id: NodeID) -> String { symbol(id).map { symbols[$0] } ?? "" }

  @inlinable @inline(__always) package func word(_ id: NodeID) -> Word? { symbol(id)?.word }

  /// A number's or colour's value (see `SyntaxTree+Numbers.swift` for the inline ones).
  @inlinable @inline(__always) package func number(_ id: NodeID) -> Double {
    let p = payload(id)
    if p < 0 { return Self.inlineNumber(p) }
    return Int(id.index) >= frontCount ? back.numbers[Int(p)] : front.numbers[Int(p)]
  }
  @inlinable @inline(__always) package func unit(_ id: NodeID) -> NumberUnit {
    NumberUnit(rawValue: flags(id)) ?? .none
  }
  package func string(_ id: NodeID) -> String {
    Int(id.index) >= frontCount ? back.strings[Int(payload(id))] : front.strings[Int(payload(id))]
  }
  @inlinable @inline(__always) package func colorValue(_ id: NodeID) -> UInt32 { UInt32(number(id)) }
  @inlinable @inline(__always) package func binaryOperator(_ id: NodeID) -> BinaryOperator {
    BinaryOperator(rawValue: flags(id)) ?? .add
  }

  /// For a `.member` node, the range of the member's name.
  package func memberNameRange(_ id: NodeID) -> SourceRange {
    let r = range(id)
    return SourceRange(start: r.end - name(id).utf8.count, end: r.end)
  }

  /// Every node in the tree below `id` (itself first), depth first.
  package func walk(_ id: NodeID, _ visit: (NodeID) -> Void) {
    visit(id)
    for c in children(id) { walk(c, visit) }
  }

  /// The innermost node whose range holds `offset`, or ends right at it (a cursor just
  /// after a name still points at the name), for hover and go-to-definition.
  package func node(at offset: Int, in id: NodeID? = nil) -> NodeID {
    let start = id ?? root
    let kids = children(start).filter { kind($0) != .absent }
    if let inside = kids.first(where: { range($0).contains(offset) }) { return node(at: offset, in: inside) }
    if let before = kids.last(where: { range($0).end == offset && !range($0).isEmpty }) {
      return node(at: offset, in: before)
    }
    return start
  }
}

extension SyntaxTree {
  /// Parts of the language a file may not use at all, noted by the parser as it makes
  /// their nodes. The checks of a part the file does not use are skipped: finding out
  /// by walking the tree touches every block, and in a large file the cache misses of
  /// such a walk cost more than its instructions (a few walks that found nothing were
  /// 2–3 % of a large file's check).
  package struct Features: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// §16's statements: `live`, `on drag`, `on release`.
    package static let interactions = Features(rawValue: 1 << 0)
    /// A `node` declared in a node's or a spawn's block (§14).
    package static let nestedNodes = Features(rawValue: 1 << 1)
    /// `on birth of` or `on death of` (§15's secondary systems).
    package static let secondaryTriggers = Features(rawValue: 1 << 2)
  }
}
