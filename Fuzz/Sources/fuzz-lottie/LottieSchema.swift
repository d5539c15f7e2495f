import AnimJSON

/// The keys lottie-specs' schema (`lottie.schema.json`, version 0.5) requires of the
/// objects animc writes: the animation, its assets, layers by `ty` and shapes by `ty`.
/// The lists are read off the schema's `required` arrays, with the `allOf` parents'
/// merged in.
enum LottieSchema {
  static let animation = ["w", "h", "fr", "ip", "op", "layers"]
  /// Layer type → its required keys (precomposition, solid, image, null, shape, text).
  static let layers: [Int: [String]] = [
    0: ["ty", "ip", "op", "ks", "refId"],
    1: ["ty", "ip", "op", "ks"],
    2: ["ty", "ip", "op", "ks", "refId"],
    3: ["ty", "ip", "op", "ks"],
    4: ["ty", "ip", "op", "ks", "shapes"],
  ]
  /// Shape type → its required keys.
  static let shapes: [String: [String]] = [
    "gr": ["ty", "it"],
    "sh": ["ty", "ks"],
    "fl": ["ty", "o", "c"],
    "st": ["ty", "c", "o", "w"],
    "el": ["ty", "s", "p"],
    "rc": ["ty", "s", "p"],
    "gf": ["ty", "o", "s", "e", "t", "g"],
    "gs": ["ty", "o", "s", "e", "t", "g", "w"],
  ]

  /// A description of the first required key missing, or nil when all are there.
  static func missingKeys(_ json: JSONValue) -> String? {
    if let key = absent(animation, in: json) { return "animation.\(key)" }
    for asset in json["assets"]?.arrayValue ?? [] {
      if asset["id"] == nil { return "an asset's id" }
      if let layers = asset["layers"]?.arrayValue, let missing = missing(inLayers: layers) { return missing }
    }
    return missing(inLayers: json["layers"]?.arrayValue ?? [])
  }

  private static func missing(inLayers layers: [JSONValue]) -> String? {
    for layer in layers {
      guard let type = layer["ty"]?.intValue else { return "a layer's ty" }
      if let key = absent(Self.layers[type] ?? ["ty", "ip", "op"], in: layer) { return "layer (ty \(type)).\(key)" }
      if let missing = missing(inShapes: layer["shapes"]?.arrayValue ?? []) { return missing }
    }
    return nil
  }

  private static func missing(inShapes shapes: [JSONValue]) -> String? {
    for shape in shapes {
      guard let type = shape["ty"]?.stringValue else { return "a shape's ty" }
      if let key = absent(Self.shapes[type] ?? ["ty"], in: shape) { return "shape (ty \(type)).\(key)" }
      if let missing = missing(inShapes: shape["it"]?.arrayValue ?? []) { return missing }
    }
    return nil
  }

  private static func absent(_ keys: [String], in object: JSONValue) -> String? {
    keys.first { object[$0] == nil }
  }
}
