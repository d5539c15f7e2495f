extension String {
  /// `bytes` as text when they are well-formed UTF-8, nil otherwise: a request or a scene
  /// file with invalid bytes is refused, never read with replacement characters.
  ///
  /// Decoding replaces each ill-formed sequence with U+FFFD and leaves well-formed input
  /// byte for byte as it was, so the decoded text spells `bytes` exactly when they were
  /// valid: at the first ill-formed sequence the text has U+FFFD's bytes, which are
  /// well-formed and so cannot be what stood there.
  init?(strictUTF8 bytes: some Collection<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.utf8.elementsEqual(bytes) else { return nil }
    self = text
  }
}
