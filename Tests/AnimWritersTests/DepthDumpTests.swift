import AnimCheck
import AnimIR
import AnimJSON
import AnimMath
import AnimModel
import AnimSim
import Foundation
import Testing

@testable import AnimWriters

/// §12.1's 3-D transform in dumps, judged by numpy: each 3-D record's `matrix3d` against
/// the CSS transform list composed in Python from CSS's own matrices and the record's
/// dumped values, within 1e-6. numpy is a test helper (`pip install numpy`); a missing
/// numpy is a failure, never a skip.
@Suite struct DepthDumpTests {
  /// Every 3-D property animated at once, an anchor off the centre, an `along` rotation
  /// and a replicator's copies (2-D prefix before the 3-D node).
  static let scene = """
    scene "Depth" { size 300, 200; duration 2s; fps 10 }
    node flat = rect(40, 20) { position (30, 30) }
    node card = rect(120, 80) {
      position (150, 100)
      anchor (0.25, 0.9)
      scaleX 1.5
      perspective 400
      animate rotationX from 0deg to -130deg over 2s
      animate rotationY from 10deg to 70deg over 2s timing easeIn
      animate rotation from 0deg to 45deg over 2s
      animate scaleY from 1 to 0.5 over 2s
      animate perspective from 400 to 250 over 2s
    }
    replicate row count 2 {
      position (20, 150)
      instance transform translate(60, 5)
      node tile = rect(30, 30) {
        rotationY 50deg
        perspective 300
        animate position along line(from: (0, 0), to: (40, 10)) over 2s rotate .auto
      }
    }
    """

  /// Box sizes and anchors as the source gives them.
  static let boxes: [String: (w: Double, h: Double, ax: Double, ay: Double)] = [
    "card": (120, 80, 0.25, 0.9), "tile": (30, 30, 0.5, 0.5),
  ]

  static let numpyScript = """
    import sys, json
    import numpy as np
    def T(x, y): m = np.eye(4); m[0, 3] = x; m[1, 3] = y; return m
    def P(d):
        m = np.eye(4)
        if d != 0: m[3, 2] = -1.0 / d
        return m
    def RX(a):
        c, s = np.cos(np.radians(a)), np.sin(np.radians(a))
        return np.array([[1, 0, 0, 0], [0, c, -s, 0], [0, s, c, 0], [0, 0, 0, 1.0]])
    def RY(a):
        c, s = np.cos(np.radians(a)), np.sin(np.radians(a))
        return np.array([[c, 0, s, 0], [0, 1, 0, 0], [-s, 0, c, 0], [0, 0, 0, 1.0]])
    def RZ(a):
        c, s = np.cos(np.radians(a)), np.sin(np.radians(a))
        return np.array([[c, -s, 0, 0], [s, c, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1.0]])
    def S(x, y): return np.diag([x, y, 1.0, 1.0])
    out = []
    for r in json.load(sys.stdin):
        pre = np.eye(4)
        if r['prefix'] is not None:
            a, b, c, d, tx, ty = r['prefix']
            pre = np.array([[a, c, 0, tx], [b, d, 0, ty], [0, 0, 1, 0], [0, 0, 0, 1.0]])
        m = (pre @ T(r['x'], r['y']) @ P(r['perspective']) @ RX(r['rotationX']) @ RY(r['rotationY'])
             @ RZ(r['rotation']) @ S(r['scaleX'], r['scaleY']) @ T(-r['ax'] * r['w'], -r['ay'] * r['h']))
        out.append(m.flatten(order='F').tolist())
    print(json.dumps(out))
    """

  /// Runs `script` with `input` as JSON on standard input; returns its JSON output.
  static func python(_ script: String, _ input: Any) throws -> Any {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script]
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: input))
    try stdin.fileHandleForWriting.close()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw DepthTestFailure(description: "python3 (numpy: pip install numpy) failed: \(err)")
    }
    return try JSONSerialization.jsonObject(with: out)
  }

  struct DepthTestFailure: Error, CustomStringConvertible { let description: String }

  /// The dump's records of frames `frames` as parsed JSON objects, by frame.
  static func dumpedNodes(_ ir: SceneIR, frames: [Int]) throws -> [[[String: JSONValue]]] {
    let sink = MemorySink()
    var writer = JSONLinesWriter(to: sink)
    try FrameRun.write(try Simulator(ir), to: &writer)
    var result: [[[String: JSONValue]]] = []
    for line in sink.text.split(separator: "\n") {
      guard case .object(let members) = try JSONValue.parse(String(line)) else { continue }
      let fields = Dictionary(members, uniquingKeysWith: { a, _ in a })
      guard fields["type"] == .string("frame"), let n = fields["frame"]?.intValue, frames.contains(n),
        case .array(let nodes)? = fields["nodes"]
      else { continue }
      result.append(
        nodes.compactMap { node in
          guard case .object(let m) = node else { return nil }
          return Dictionary(m, uniquingKeysWith: { a, _ in a })
        })
    }
    return result
  }

  static func number(_ v: JSONValue?) -> Double? {
    v?.doubleValue
  }

  static func numbers(_ v: JSONValue?) -> [Double]? {
    guard case .array(let items)? = v else { return nil }
    let values = items.compactMap { number($0) }
    return values.count == items.count ? values : nil
  }

  @Test func matrix3dMatchesTheCSSListComposedByNumpy() throws {
    let ir = try checkedScene(Self.scene)
    let frames = [0, 5, 11, 17, 19]
    let dumped = try Self.dumpedNodes(ir, frames: frames)
    #expect(dumped.count == frames.count)
    var requests: [[String: Any]] = []
    var got: [[Double]] = []
    for nodes in dumped {
      for node in nodes {
        guard case .string(let id)? = node["id"] else { continue }
        let name = String(id.prefix { $0 != "[" })
        guard let box = Self.boxes[name] else {
          #expect(node["matrix3d"] == nil && node["rotationX"] == nil, "2-D node \(id) has 3-D keys")
          continue
        }
        let m3 = try #require(Self.numbers(node["matrix3d"]), "\(id) has no matrix3d")
        #expect(m3.count == 16)
        got.append(m3)
        // A copy's prefix: T(replicator position)·Mⁱ, by hand from the source.
        let prefix: [Double]? =
          id.hasSuffix("[0]") ? [1, 0, 0, 1, 20, 150] : id.hasSuffix("[1]") ? [1, 0, 0, 1, 80, 155] : nil
        var r: [String: Any] = ["w": box.w, "h": box.h, "ax": box.ax, "ay": box.ay, "prefix": prefix as Any]
        for key in ["x", "y", "scaleX", "scaleY", "rotation", "rotationX", "rotationY", "perspective"] {
          let value: Double = try #require(Self.number(node[key]), "\(id) has no \(key)")
          r[key] = value
        }
        if prefix == nil { r["prefix"] = NSNull() }
        requests.append(r)
      }
    }
    #expect(requests.count == frames.count * 3)
    let expected = try #require(try Self.python(Self.numpyScript, requests) as? [[Double]])
    #expect(expected.count == got.count)
    for (e, g) in zip(expected, got) {
      for i in 0..<16 {
        #expect(abs(e[i] - g[i]) <= 1e-6 * max(1, abs(e[i])), "matrix3d[\(i)]: numpy \(e[i]), dump \(g[i])")
      }
    }
  }

  @Test func keysFollowTheirNeighboursOnlyFor3DNodes() throws {
    let ir = try checkedScene(Self.scene)
    let sink = MemorySink()
    var writer = JSONLinesWriter(to: sink)
    try FrameRun.write(try Simulator(ir), to: &writer)
    let frame = try #require(sink.text.split(separator: "\n").first { $0.hasPrefix("{\"type\":\"frame\"") })
    let text = String(frame)
    #expect(text.contains("\"rotation\":0,\"rotationX\":0,\"rotationY\":10,\"perspective\":400,\"opacity\":1"))
    #expect(text.contains("],\"matrix3d\":["))
    #expect(text.contains("{\"id\":\"flat\""))
    let flat = try #require(
      text.range(of: "{\"id\":\"flat\"").map { String(text[$0.lowerBound...].prefix { $0 != "}" }) })
    #expect(!flat.contains("rotationX") && !flat.contains("matrix3d"))
  }

  @Test func csvGainsTheColumnsOnlyWithA3DNode() throws {
    func csv(_ source: String) throws -> [String] {
      let sink = MemorySink()
      var writer = CSVWriter(to: sink)
      try FrameRun.write(try Simulator(try checkedScene(source)), to: &writer)
      return sink.text.split(separator: "\n").map(String.init)
    }
    let flat = try csv("scene \"F\" { size 10, 10; duration 0.1s; fps 10 }\nnode a = rect(2, 2) { position (5, 5) }")
    #expect(flat.first == CSVWriter.columns)
    let rows = try csv(Self.scene)
    let header = try #require(rows.first).split(separator: ",", omittingEmptySubsequences: false)
    #expect(header.count == 23 + 3 + 16)
    #expect(Array(header[8...11]) == ["rotation", "rotationX", "rotationY", "perspective"])
    #expect(Array(header[26...]) == (0..<16).map { "m\($0)"[...] })
    for row in rows.dropFirst() {
      let cells = row.split(separator: ",", omittingEmptySubsequences: false)
      #expect(cells.count == header.count, "\(row)")
      if cells[2] == "flat" {
        #expect(cells[9...11].allSatisfy(\.isEmpty) && cells[26...].allSatisfy(\.isEmpty))
      } else {
        #expect(!cells[9...11].contains(where: \.isEmpty) && !cells[26...].contains(where: \.isEmpty))
      }
    }
  }
}
