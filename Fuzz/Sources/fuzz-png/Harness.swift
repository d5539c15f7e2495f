import AnimImage
import FuzzSupport

/// The PNG decoder (chunks, zlib inflate, filters, every colour type, Adam7) on
/// arbitrary bytes: the header alone, then the whole image, each either a value or an
/// `ImageError`.
@main enum FuzzPNG {
  static func main() {
    fuzzMain { bytes in
      _ = try? PNGImage.header(bytes)
      _ = try? PNGImage.decode(bytes)
    }
  }
}
