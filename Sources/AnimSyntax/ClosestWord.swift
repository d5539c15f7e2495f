/// "Did you mean" for every stage: the candidate nearest a mistaken word.
///
/// Linear in the input: a typo is at most 3 edits away, so a candidate whose length
/// differs by more is skipped without comparing, each comparison fills only the band of
/// the table within that many edits of its diagonal, and words longer than
/// `longestCompared` are not compared at all (no one mistypes a 1 MiB name, and
/// comparing two of them cell by cell took minutes).
package func closestWord(to word: String, in candidates: [String]) -> String? {
  let x = Array(word.lowercased().unicodeScalars.prefix(longestCompared + 1))
  guard x.count <= longestCompared else { return nil }
  let limit = max(1, min(3, x.count / 3))
  var best: (String, Int)? = nil
  for c in candidates where c != word {
    // Bytes bound scalars from above and, divided by 4, from below: most candidates are
    // told apart by length before they are lowercased.
    let bytes = c.utf8.count
    if bytes / 4 > x.count + limit || bytes + limit < x.count { continue }
    let y = Array(c.lowercased().unicodeScalars.prefix(longestCompared + 1))
    guard y.count <= longestCompared, abs(y.count - x.count) <= limit else { continue }
    let d = boundedEditDistance(x, y, limit: limit)
    if d <= limit, d < (best?.1 ?? Int.max) { best = (c, d) }
  }
  return best?.0
}

/// The longest word, in Unicode scalars, that suggestions compare.
package let longestCompared = 256

/// Damerau–Levenshtein (optimal string alignment) distance, case-insensitive.
package func editDistance(_ a: String, _ b: String) -> Int {
  let x = Array(a.lowercased().unicodeScalars)
  let y = Array(b.lowercased().unicodeScalars)
  return boundedEditDistance(x, y, limit: max(x.count, y.count))
}

/// The optimal-string-alignment distance of `x` and `y` when it is at most `limit`, else
/// some number above `limit`. Only cells within `limit` of the diagonal are filled (a
/// path through any other has more edits), so the work is `O(min(|x|, |y|) · limit)`.
package func boundedEditDistance(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar], limit: Int) -> Int {
  if abs(x.count - y.count) > limit { return limit + 1 }
  if x.isEmpty { return y.count }
  if y.isEmpty { return x.count }
  let far = limit + 1
  var prev2 = [Int](repeating: far, count: y.count + 1)
  var prev = [Int](repeating: far, count: y.count + 1)
  var cur = [Int](repeating: far, count: y.count + 1)
  for j in 0...min(y.count, limit) { prev[j] = j }
  for i in 1...x.count {
    let low = max(1, i - limit)
    let high = min(y.count, i + limit)
    if low > high { return far }
    // Cells right of the band were never written (bands only move right) and hold `far`;
    // the one left of it is set here. The rest of the row is never read.
    cur[low - 1] = low - 1 == 0 ? i : far
    for j in low...high {
      let cost = x[i - 1] == y[j - 1] ? 0 : 1
      var d = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
      if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { d = min(d, prev2[j - 2] + 1) }
      cur[j] = min(d, far)
    }
    (prev2, prev, cur) = (prev, cur, prev2)
  }
  return min(prev[y.count], far)
}
