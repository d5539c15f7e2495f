import AnimOutput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The render command's whole-file writes, through AnimOutput's one output path (a
/// temporary file beside the target, checked writes, fsync, rename, metadata kept).
/// `refuseInput` remains for dump's `StreamingOutput` until it moves to AnimOutput too.
enum OutputFile {
  /// Writes `bytes` to `path`; `-` means stdout. Throws a message for people.
  static func write(_ bytes: [UInt8], to path: String, inputs: [String] = []) throws(UsageError) {
    do { try AnimOutput.OutputFile.write(bytes, to: path, options: OutputOptions(inputs: inputs)) } catch {
      throw UsageError(message: error.message)
    }
  }

  /// Refuses to write over one of the command's inputs.
  static func refuseInput(_ path: String, inputs: [String]) throws(UsageError) {
    var out = stat()
    guard stat(path, &out) == 0 else { return }
    for input in inputs where input != "-" {
      var inp = stat()
      if stat(input, &inp) == 0 && inp.st_dev == out.st_dev && inp.st_ino == out.st_ino {
        throw UsageError(message: "refusing to write over the input file `\(input)`")
      }
    }
  }
}
