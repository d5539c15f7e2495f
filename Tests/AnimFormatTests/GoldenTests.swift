import AnimFormat
import AnimSource
import Foundation
import Testing

/// `Golden/NAME.input.anim` formats to `Golden/NAME.expected.anim`, which is itself
/// already formatted.
struct GoldenTests {
  static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: Fixture.golden.path)) ?? []
    return files.filter { $0.hasSuffix(".input.anim") }.map { String($0.dropLast(".input.anim".count)) }.sorted()
  }()

  @Test func thereAreEnoughPairs() {
    #expect(Self.names.count >= 10)
  }

  @Test(arguments: names)
  func pair(_ name: String) throws {
    let input = Fixture.bytes(Fixture.golden.appendingPathComponent(name + ".input.anim"))
    let expectedBytes = Fixture.bytes(Fixture.golden.appendingPathComponent(name + ".expected.anim"))
    let expected = String(decoding: expectedBytes, as: UTF8.self)
    let result = Fixture.format(bytes: input, name: name)
    let formatted = try #require(result.formatted, "\(result.diagnostics)")
    #expect(formatted == expected)
    let again = try #require(Fixture.format(expected).formatted)
    #expect(again == expected, "the expected output is not a fixed point")
    #expect(!Fixture.format(expected).changed)
  }
}
