/// Why an image could not be read: a sentence for the user and, when the problem lies at a
/// known place in the file, the byte offset where it starts.
///
/// Every failure of the decoder is one of these; none traps. Messages name the problem
/// ("chunk IDAT: CRC mismatch"), not the code path that found it.
package struct ImageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, in words, without the offset.
  package var message: String
  /// The byte offset in the file where the problem starts, when one is known.
  package var offset: Int?

  package init(_ message: String, offset: Int? = nil) {
    self.message = message
    self.offset = offset
  }

  /// `message`, prefixed by the byte offset when there is one.
  package var description: String {
    if let offset { return "\(message) (at byte \(offset))" }
    return message
  }
}
