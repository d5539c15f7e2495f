// swift-tools-version:6.0
// animc: the compiler and toolchain for `.anim` scenes.
// The targets follow the pipeline: source → tokens → syntax tree → checked IR →
// simulation → frames → writers. No package dependencies, and no unsafe build flags: the
// library product must be usable as a versioned dependency. A self-contained release
// binary comes from `swift build -c release --static-swift-stdlib` (README).
import PackageDescription

let package = Package(
  name: "animc",
  // The oldest systems the package supports. A Linux build cannot flag an API newer than
  // these; `PlatformFloorTests` keeps out the newer standard-library ones.
  platforms: [.macOS(.v12), .iOS(.v15)],
  products: [
    // The library: compile a scene, simulate it, write its frames.
    .library(name: "AnimKit", targets: ["AnimKit"]),
    .executable(name: "animc", targets: ["animc"]),
  ],
  targets: [
    // The one lock type, shared by the modules whose values cross threads.
    .target(name: "AnimThreads"),
    // A small JSON value, parser and writer (diagnostics, LSP, dumps).
    .target(name: "AnimJSON"),
    // Source text, positions and diagnostics: shared by every stage.
    .target(name: "AnimSource", dependencies: ["AnimJSON", "AnimThreads"]),
    // Pure math: geometry, curves, timing functions, splines, random streams.
    .target(name: "AnimMath"),
    // Font files (sfnt tables, TrueType and CFF outlines, kerning), text layout, lookup.
    .target(name: "AnimFont", dependencies: ["AnimThreads", "AnimMath", "AnimOutput"]),
    // Lexer, syntax tree and parser.
    .target(name: "AnimSyntax", dependencies: ["AnimJSON", "AnimSource", "AnimThreads"]),
    // The model every later stage shares: the properties (declared once, with their types,
    // defaults and dump keys), values, node state, frames, and the writer seam.
    .target(name: "AnimModel", dependencies: ["AnimSource", "AnimMath", "AnimImage"]),
    // The checked IR, the vocabulary of built-ins, and the evaluator of IR expressions.
    .target(
      name: "AnimIR", dependencies: ["AnimJSON", "AnimSource", "AnimMath", "AnimFont", "AnimImage", "AnimModel"]),
    // Names, types and units: checks a syntax tree and lowers it to the IR.
    .target(
      name: "AnimCheck",
      dependencies: [
        "AnimThreads", "AnimSource", "AnimSyntax", "AnimMath", "AnimFont", "AnimImage", "AnimModel", "AnimIR",
      ]),
    // Deterministic simulation of the IR into frames (values).
    .target(name: "AnimSim", dependencies: ["AnimSource", "AnimIR", "AnimModel", "AnimMath", "AnimImage"]),
    // CRC-32 and Adler-32: what the PNG and zlib writers write and the PNG reader checks.
    .target(name: "AnimChecksum"),
    // The in-house PNG decoder (§12.3): zlib inflate, filters, every colour type, Adam7.
    .target(name: "AnimImage", dependencies: ["AnimChecksum", "AnimOutput"]),
    // Rasterizer and the GIF, PNG and SVG encoders, over drawings (values).
    .target(name: "AnimRender", dependencies: ["AnimJSON", "AnimMath", "AnimChecksum", "AnimImage"]),
    // The output formats: one writer per format over frames, and the table of formats.
    .target(
      name: "AnimWriters",
      dependencies: ["AnimThreads", "AnimJSON", "AnimMath", "AnimModel", "AnimRender", "AnimChecksum", "AnimImage"]),
    // Canonical layout of `.anim` source.
    .target(name: "AnimFormat", dependencies: ["AnimSource", "AnimSyntax"]),
    // The one way animc writes files: atomic, checked, metadata kept, fault-injectable;
    // and which input files are read (`InputFileKind`).
    .target(name: "AnimOutput"),
    // The language server.
    .target(
      name: "AnimServer",
      dependencies: [
        "AnimThreads", "AnimJSON", "AnimSource", "AnimSyntax", "AnimCheck", "AnimFormat", "AnimOutput", "AnimIR",
        "AnimModel",
      ]),
    // The public library: a small API over the pipeline.
    .target(
      name: "AnimKit",
      dependencies: [
        "AnimSource", "AnimSyntax", "AnimCheck", "AnimMath", "AnimFont", "AnimImage", "AnimSim", "AnimRender",
        "AnimWriters", "AnimIR", "AnimModel",
      ]),
    // The live preview in the browser: an HTTP/1.1 server on 127.0.0.1, the session, the page.
    .target(
      name: "AnimPreview",
      dependencies: ["AnimThreads", "AnimJSON", "AnimSource", "AnimSim", "AnimKit", "AnimModel", "AnimOutput"]
    ),
    // The command line: a thin shell over the libraries.
    .executableTarget(
      name: "animc",
      dependencies: [
        "AnimSource", "AnimSyntax", "AnimCheck", "AnimSim", "AnimRender", "AnimWriters", "AnimOutput", "AnimFormat",
        "AnimServer", "AnimPreview", "AnimIR", "AnimModel",
      ]
    ),
    // Writes the editor grammars' word lists from the vocabulary (`swift run animc-grammar`).
    .executableTarget(name: "animc-grammar", dependencies: ["AnimCheck", "AnimIR", "AnimModel"]),
    // Release-build benchmarks that print figures.
    .executableTarget(
      name: "animc-bench",
      dependencies: [
        "AnimSource", "AnimSyntax", "AnimCheck", "AnimSim", "AnimRender", "AnimWriters", "AnimMath", "AnimFormat",
        "AnimOutput", "AnimIR", "AnimModel",
      ],
      // The suite's scenes are read from the package root at run time, not bundled.
      exclude: ["Scenes"]
    ),

    // Fuzz harnesses (Fuzz/README.md): executables in no product, each driving one reader
    // of untrusted bytes. Built for fuzzing only by `Fuzz/run` (`-DFUZZING` and the
    // fuzzer sanitizer on its command line); an ordinary build makes each a replayer of
    // the files it is given. They live in this package because the readers are `package`
    // or internal API, which no other package can reach.
    .target(name: "FuzzSupport", path: "Fuzz/Sources/FuzzSupport"),
    .executableTarget(name: "fuzz-anim", dependencies: ["AnimKit", "FuzzSupport"], path: "Fuzz/Sources/fuzz-anim"),
    .executableTarget(name: "fuzz-png", dependencies: ["AnimImage", "FuzzSupport"], path: "Fuzz/Sources/fuzz-png"),
    .executableTarget(name: "fuzz-font", dependencies: ["AnimFont", "FuzzSupport"], path: "Fuzz/Sources/fuzz-font"),
    .executableTarget(name: "fuzz-lsp", dependencies: ["AnimServer", "FuzzSupport"], path: "Fuzz/Sources/fuzz-lsp"),
    .executableTarget(name: "fuzz-http", dependencies: ["AnimPreview", "FuzzSupport"], path: "Fuzz/Sources/fuzz-http"),
    .executableTarget(name: "fuzz-json", dependencies: ["AnimJSON", "FuzzSupport"], path: "Fuzz/Sources/fuzz-json"),
    .executableTarget(
      name: "fuzz-lottie", dependencies: ["AnimKit", "AnimJSON", "AnimWriters", "FuzzSupport"],
      path: "Fuzz/Sources/fuzz-lottie"),

    // Test corpora's expectation format, shared by the syntax and semantic suites.
    .target(
      name: "AnimTestSupport", dependencies: ["AnimSource", "AnimSyntax", "AnimMath"], path: "Tests/AnimTestSupport"),
    .testTarget(name: "AnimThreadsTests", dependencies: ["AnimThreads"]),
    .testTarget(name: "AnimSourceTests", dependencies: ["AnimSource", "AnimJSON", "AnimTestSupport"]),
    .testTarget(name: "AnimMathTests", dependencies: ["AnimMath", "AnimTestSupport"]),
    .testTarget(name: "AnimModelTests", dependencies: ["AnimModel", "AnimMath"]),
    .testTarget(name: "AnimFontTests", dependencies: ["AnimFont", "AnimMath", "AnimTestSupport"]),
    .testTarget(
      name: "AnimSyntaxTests", dependencies: ["AnimSource", "AnimSyntax", "AnimTestSupport"], exclude: ["Corpus"]),
    .testTarget(
      name: "AnimCheckTests",
      dependencies: ["AnimCheck", "AnimSyntax", "AnimMath", "AnimFormat", "AnimTestSupport", "AnimIR", "AnimModel"],
      exclude: ["Corpus"]),
    .testTarget(
      name: "AnimSimTests",
      dependencies: [
        "AnimSim", "AnimWriters", "AnimCheck", "AnimMath", "AnimSource", "AnimIR", "AnimModel", "AnimTestSupport",
      ],
      exclude: ["Golden"]),
    .testTarget(
      name: "AnimRenderTests",
      dependencies: [
        "AnimRender", "AnimWriters", "AnimMath", "AnimSim", "AnimCheck", "AnimChecksum", "AnimTestSupport", "AnimIR",
        "AnimModel",
      ],
      exclude: ["Render/Golden"]),
    .testTarget(
      name: "AnimWritersTests",
      dependencies: [
        "AnimWriters", "AnimSim", "AnimCheck", "AnimMath", "AnimSource", "AnimJSON", "AnimIR", "AnimModel",
      ]),
    .testTarget(
      name: "AnimFormatTests", dependencies: ["AnimFormat", "AnimSyntax", "AnimTestSupport"], exclude: ["Golden"]),
    .testTarget(name: "AnimServerTests", dependencies: ["AnimServer", "AnimJSON", "AnimSource", "AnimTestSupport"]),
    .testTarget(name: "AnimImageTests", dependencies: ["AnimImage", "AnimRender", "AnimTestSupport"]),
    // AnimImage only to decode `animc render`'s PNG; the API under test is AnimKit's alone.
    .testTarget(name: "AnimKitTests", dependencies: ["AnimKit", "AnimImage"]),
    .testTarget(name: "AnimOutputTests", dependencies: ["AnimOutput"]),
    .testTarget(name: "AnimPreviewTests", dependencies: ["AnimPreview", "AnimKit", "AnimJSON"]),
    .testTarget(name: "animcTests", dependencies: ["AnimSource", "AnimTestSupport"]),
    // The command line's own types, through `@testable import` of its executable target.
    .testTarget(name: "animcCLITests", dependencies: ["animc"]),
  ]
)
