import AnimJSON
import FuzzSupport

/// The JSON parser on arbitrary bytes. What parses must survive the writer and parse
/// back to the same value: a difference is a finding.
@main enum FuzzJSON {
  static func main() {
    fuzzMain { bytes in
      guard let value = try? JSONValue.parse(bytes) else { return }
      let written = value.serialized
      guard let again = try? JSONValue.parse(written) else {
        fuzzFinding("the writer's output does not parse: \(written.prefix(200))")
      }
      if again.serialized != written { fuzzFinding("not a fixed point: \(written.prefix(200))") }
    }
  }
}
