import AnimJSON
import Foundation
import Testing

/// The §9 number writer: correctly rounded to 6 decimals, exact digits at every magnitude.
///
/// The expected text comes from outside the program: hand-worked values below (each
/// double's exact binary value, from Python's `decimal.Decimal(x)`), and, for millions
/// of doubles, Python's `'%.6f' % x` (correctly rounded, ties to even, from the exact
/// value) with the same zero stripping as §9.
@Suite struct NumberWriterTests {
  /// Random doubles after the hard cases: 10 million in an optimized build. A debug build
  /// runs 1 million to keep the test near 30 s; `ANIMC_NUMBER_SAMPLES` sets the count.
  static var randomCount: Int {
    if let text = ProcessInfo.processInfo.environment["ANIMC_NUMBER_SAMPLES"], let n = Int(text) { return n }
    #if DEBUG
      return 1_000_000
    #else
      return 10_000_000
    #endif
  }

  @Test func handWorkedValues() {
    let cases: [(Double, String)] = [
      (0.0078125, "0.007812"),  // 7812.5 millionths, exactly: ties go to even
      (0.0234375, "0.023438"),  // 23437.5 millionths: to even, upward
      (5e-7, "0"),  // 4.99999999999999977…e-7: below the tie
      (-5e-7, "0"),  // a negative that rounds to zero has no sign
      (1.5e-6, "0.000002"),  // 1.50000000000000003…e-6
      (123456.7890125, "123456.789012"),  // …78901249999762…
      (0.1, "0.1"),
      (-0.0, "0"),
      (4503599627370495.5, "4503599627370495.5"),  // 2^52 − ½
      (0x1p-20, "0.000001"),  // 0.00000095367431640625
      (0x1p53 + 2, "9007199254740994"),
      (Double(Int64.max), "9223372036854775808"),  // 2^63
      (0x1p64, "18446744073709551616"),
      (1e17, "100000000000000000"),
      (1e23, "99999999999999991611392"),
      (-1e23, "-99999999999999991611392"),
      (.leastNonzeroMagnitude, "0"),
      (.infinity, "null"),
      (.nan, "null"),
    ]
    for (value, expected) in cases {
      var bytes: [UInt8] = []
      JSONNumber.append(value, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(value)")
      #expect(JSONNumber.format(value) == expected, "\(value)")
    }
  }

  @Test func largestDoubleHasAllItsDigits() {
    // (2 − 2^−52) · 2^1023, as Python's `decimal.Decimal` writes it.
    let expected =
      "1797693134862315708145274237317043567980705675258449965989174768031572607800285387605895586327668781715404589535143824"
      + "6423432132688946418276846754670353751698604991057655128207624549009038932894407586850845513394230458323690322294816580"
      + "8559332123348274797826204144723168738177180919299881250404026184124858368"
    #expect(JSONNumber.format(.greatestFiniteMagnitude) == expected)
    #expect(JSONNumber.format(-.greatestFiniteMagnitude) == "-" + expected)
  }

  @Test func integersAppendTheirDigits() {
    let cases: [(Int, String)] = [
      (0, "0"), (7, "7"), (10, "10"), (-42, "-42"), (100_000_000, "100000000"),
      (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"),
    ]
    for (value, expected) in cases {
      var bytes: [UInt8] = Array("x=".utf8)
      JSONNumber.append(value, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == "x=" + expected)
    }
  }

  @Test func matchesPythonsCorrectlyRoundedFormatting() throws {
    guard let python = Self.findOnPath("python3") else {
      Issue.record("python3 is not on PATH: the number writer's differential test needs it as its reference")
      return
    }
    let count = Self.randomCount
    let seed: UInt64 = 0x616E_696D_6321
    let process = Process()
    process.executableURL = python
    process.arguments = ["-c", Self.referenceScript]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()

    // Feed the bit patterns from another thread while this one checks the answers, so
    // neither side waits on a full pipe.
    let sending = DispatchGroup()
    let sink = input.fileHandleForWriting
    DispatchQueue.global().async(group: sending) {
      Self.send(NumberSamples(seed: seed, randomCount: count), to: sink)
    }

    var expected = NumberSamples(seed: seed, randomCount: count)
    var checked = 0
    var failures: [String] = []
    var extraLines = 0
    var mine: [UInt8] = []
    var pending: [UInt8] = []
    let source = output.fileHandleForReading
    while let chunk = try source.read(upToCount: 1 << 20), !chunk.isEmpty {
      pending.append(contentsOf: chunk)
      var start = 0
      while let end = pending[start...].firstIndex(of: 0x0A) {
        let line = pending[start..<end]
        start = end + 1
        guard let x = expected.next() else {
          extraLines += 1
          continue
        }
        mine.removeAll(keepingCapacity: true)
        JSONNumber.append(x, to: &mine)
        let wrapped = checked % 101 != 0 || JSONNumber.format(x).utf8.elementsEqual(line)
        if (!mine.elementsEqual(line) || !wrapped) && failures.count < 20 {
          let hex = String(x.bitPattern, radix: 16)
          failures.append(
            "0x\(hex) (\(x)): wrote \(String(decoding: mine, as: UTF8.self)), "
              + "Python \(String(decoding: line, as: UTF8.self))")
        }
        checked += 1
      }
      pending.removeFirst(start)
    }
    sending.wait()
    process.waitUntilExit()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 0, "python3 failed: \(stderr)")
    #expect(expected.next() == nil, "python3 answered only \(checked) values: \(stderr)")
    #expect(extraLines == 0 && pending.isEmpty, "python3 wrote more lines than it was sent")
    #expect(failures.isEmpty, "\(failures.count) or more differ:\n\(failures.joined(separator: "\n"))")
    #expect(checked >= count)
  }

  /// Writes each double as 16 hex digits of its bit pattern and a newline, then closes.
  private static func send(_ samples: NumberSamples, to sink: FileHandle) {
    let hexDigits = Array("0123456789abcdef".utf8)
    var batch: [UInt8] = []
    batch.reserveCapacity(17 << 14)
    for x in samples {
      let bits = x.bitPattern
      for shift in stride(from: 60, through: 0, by: -4) {
        batch.append(hexDigits[Int((bits >> UInt64(shift)) & 0xF)])
      }
      batch.append(0x0A)
      if batch.count >= 17 << 14 {
        try? sink.write(contentsOf: batch)
        batch.removeAll(keepingCapacity: true)
      }
    }
    // A reference that stopped reading closes the pipe: the reader reports the shortfall.
    try? sink.write(contentsOf: batch)
    try? sink.close()
  }

  /// Reads bit patterns, one per line, and writes `'%.6f' % x` with trailing zeros, a bare
  /// `.` and the sign of a zero dropped: the text §9 asks for.
  private static let referenceScript = """
    import struct, sys
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    while True:
        lines = inp.readlines(1 << 18)
        if not lines:
            break
        hexes = b''.join(line[:16] for line in lines).decode()
        values = struct.unpack('>%dd' % len(lines), bytes.fromhex(hexes))
        texts = []
        for x in values:
            s = ('%.6f' % x).rstrip('0').rstrip('.')
            texts.append('0' if s == '-0' else s)
        out.write(('\\n'.join(texts) + '\\n').encode())
    out.flush()
    """

  private static func findOnPath(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }
}
