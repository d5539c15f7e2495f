import AnimSyntax

/// Which installed families to suggest for a font name no installed family has (§12.4).
/// Metric-compatible families come first, the way fontconfig's aliases map them (a
/// scene written for Helvetica keeps its line breaks and widths in Nimbus Sans), then
/// the rest by how near their names are. Symbol and pictograph fonts are never
/// suggested: their glyphs are not letters.
enum FontSuggestions {
  /// Family (lower-cased) → metric-compatible families, best first.
  static let metricAliases: [String: [String]] = [
    "helvetica": ["Nimbus Sans", "Liberation Sans", "Arimo"],
    "helvetica neue": ["Nimbus Sans", "Liberation Sans", "Arimo"],
    "arial": ["Liberation Sans", "Arimo", "Nimbus Sans"],
    "times": ["Nimbus Roman", "Liberation Serif", "Tinos"],
    "times new roman": ["Liberation Serif", "Tinos", "Nimbus Roman"],
    "courier": ["Nimbus Mono PS", "Liberation Mono", "Cousine"],
    "courier new": ["Liberation Mono", "Cousine", "Nimbus Mono PS"],
    "calibri": ["Carlito"],
    "cambria": ["Caladea"],
  ]

  /// Words in the names of fonts whose glyphs are symbols, not letters.
  static let symbolWords = ["symbol", "dingbat", "d050000l", "wingding", "webding", "emoji"]

  static func isSymbolFont(_ family: String) -> Bool {
    let name = family.lowercased()
    return symbolWords.contains { name.contains($0) }
  }

  /// The installed families to suggest for `name`, best first.
  static func families(for name: String, installed: [String]) -> [String] {
    let key = name.lowercased()
    let byName = Dictionary(installed.map { ($0.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
    let aliases = (metricAliases[key] ?? []).compactMap { byName[$0.lowercased()] }
    let others = installed.filter { !isSymbolFont($0) && !aliases.contains($0) }
    let distances: [(family: String, distance: Int)] = others.map { ($0, editDistance(key, $0.lowercased())) }
    let rest = distances.sorted { a, b in a.distance != b.distance ? a.distance < b.distance : a.family < b.family }
    return aliases + rest.map(\.family)
  }
}
