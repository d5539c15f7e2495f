import AnimMath
import AnimModel

// The dump's 3-D structure (§9, §12.1): `matrix3d` and its columns, written for 3-D nodes
// only, so a 2-D scene's bytes are what they were before 3-D existed. The 3-D properties
// are the `.depth` fields (`RecordFields`).

extension DumpRecords {
  /// `"matrix3d"`: 16 numbers, column-major as CSS `matrix3d()`, after `"matrix"`.
  static func matrix3dMember(_ m: Matrix3D, into out: inout DumpBytes) {
    out.append(",\"matrix3d\":[")
    // Element by element: `m.m` would make an array per record.
    for i in 0..<16 {
      if i > 0 { out.append(",") }
      out.append(number: m[i % 4, i / 4])
    }
    out.append("]")
  }
}

extension CSVWriter {
  /// The columns of a scene with a 3-D node: the 3-D properties' among the others (in
  /// slot order), `m0,…,m15` (matrix3d, column-major) at the end.
  public static let depthColumns = columns(depth: true)

  /// The column row: the frame and the record's names (with `tree`, its parent's), the
  /// property fields (`DumpLayout`), then tint, z, the `extra` fields the scene sets (§14)
  /// and the matrix, and with `depth` matrix3d's 16 cells.
  static func columns(depth: Bool, extra: [DumpField] = [], tree: Bool = false) -> String {
    let names = ["frame", "time", "id", "shape"] + (tree ? ["parent"] : [])
    return (names + DumpLayout.columns(depth: depth) + ["tint", "z"]).joined(separator: ",")
      + columnNames(extra) + ","
      + (["a", "b", "c", "d", "tx", "ty"] + (depth ? (0..<16).map { "m\($0)" } : [])).joined(separator: ",")
  }

  /// A row's 16 matrix3d cells, empty for a 2-D node.
  static func matrix3dCells(_ node: NodeFrame, into out: inout DumpBytes) {
    guard let m = node.matrix3d else {
      out.append(",,,,,,,,,,,,,,,,")
      return
    }
    for i in 0..<16 { out.append(cell: m[i % 4, i / 4]) }
  }
}
