// swift-tools-version:6.0
// animc: the compiler and toolchain for `.anim` scenes.
// The targets follow the pipeline: source → tokens → syntax tree → checked IR →
// simulation → frames → outputs. No package dependencies, by design.
import PackageDescription

/// The front end's release builds skip the runtime's dynamic exclusivity checks: the
/// checker keeps its state in a class, and checking each access to it cost about 2.5% of
/// `animc check`'s instructions (a tenth of resolving the globals). Debug builds, and so
/// the test suite, keep every check.
let frontEndSettings: [SwiftSetting] = [
  .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

let package = Package(
  name: "animc",
  products: [
    .executable(name: "animc", targets: ["animc"])
  ],
  targets: [
    // A small JSON value, parser and writer (diagnostics, LSP, dumps).
    .target(name: "AnimJSON"),
    // Source text, positions and diagnostics: shared by every stage.
    .target(name: "AnimSource", dependencies: ["AnimJSON"]),
    // Pure math: geometry, curves, timing functions, splines, random streams.
    .target(name: "AnimMath"),
    // Lexer, syntax tree and parser.
    .target(name: "AnimSyntax", dependencies: ["AnimJSON", "AnimSource"], swiftSettings: frontEndSettings),
    // Names, types, units and the checked IR.
    .target(
      name: "AnimCheck", dependencies: ["AnimSource", "AnimSyntax", "AnimMath"], swiftSettings: frontEndSettings),
    // Deterministic simulation of the IR into frames, and frame dumps.
    .target(
      name: "AnimSim", dependencies: ["AnimJSON", "AnimSource", "AnimCheck", "AnimMath"],
      // For `prefetch` (Prefetch.swift).
      swiftSettings: [.unsafeFlags(["-enable-builtin-module"])]),
    // Rasterizer and the GIF, PNG and SVG encoders.
    .target(name: "AnimRender", dependencies: ["AnimJSON", "AnimMath", "AnimSim"]),
    // Canonical layout of `.anim` source.
    .target(name: "AnimFormat", dependencies: ["AnimSource", "AnimSyntax"]),
    // Process heap tuning for work that touches a lot of fresh memory (huge pages).
    .target(name: "AnimHeap"),
    // The one way animc writes files: atomic, checked, metadata kept, fault-injectable.
    .target(name: "AnimOutput"),
    // The language server.
    .target(name: "AnimServer", dependencies: ["AnimJSON", "AnimSource", "AnimSyntax", "AnimCheck", "AnimFormat"]),
    // The command line: a thin shell over the libraries.
    .executableTarget(
      name: "animc",
      dependencies: [
        "AnimSource", "AnimSyntax", "AnimCheck", "AnimSim", "AnimRender", "AnimFormat", "AnimServer", "AnimHeap",
        "AnimOutput",
      ]
    ),
    // Release-build benchmarks that print figures.
    .executableTarget(
      name: "animc-bench",
      dependencies: [
        "AnimSource", "AnimSyntax", "AnimCheck", "AnimSim", "AnimRender", "AnimMath", "AnimFormat", "AnimHeap",
      ]
    ),

    // Test corpora's expectation format, shared by the syntax and semantic suites.
    .target(name: "AnimTestSupport", dependencies: ["AnimSource"], path: "Tests/AnimTestSupport"),
    .testTarget(name: "AnimSourceTests", dependencies: ["AnimSource", "AnimJSON"]),
    .testTarget(name: "AnimMathTests", dependencies: ["AnimMath"]),
    .testTarget(
      name: "AnimSyntaxTests", dependencies: ["AnimSource", "AnimSyntax", "AnimTestSupport"], exclude: ["Corpus"]),
    .testTarget(
      name: "AnimCheckTests", dependencies: ["AnimCheck", "AnimSyntax", "AnimMath", "AnimFormat", "AnimTestSupport"],
      exclude: ["Corpus"]),
    .testTarget(
      name: "AnimSimTests", dependencies: ["AnimSim", "AnimCheck", "AnimMath", "AnimSource"], exclude: ["Golden"]),
    .testTarget(
      name: "AnimRenderTests", dependencies: ["AnimRender", "AnimMath", "AnimSim", "AnimCheck"],
      exclude: ["Render/Golden"]),
    .testTarget(
      name: "AnimFormatTests", dependencies: ["AnimFormat", "AnimSyntax", "AnimTestSupport"], exclude: ["Golden"]),
    .testTarget(name: "AnimServerTests", dependencies: ["AnimServer", "AnimJSON", "AnimSource"]),
    .testTarget(name: "AnimOutputTests", dependencies: ["AnimOutput"]),
    .testTarget(name: "animcTests", dependencies: ["AnimSource", "AnimTestSupport"]),
  ]
)

/// Release executables carry the Swift runtime, Foundation and Dispatch inside them
/// instead of loading a dozen shared libraries: `animc check` spent about 5 of its 8 ms
/// of startup having the loader bind and relocate them (3 ms now), and calls into a
/// static runtime (retain, release, allocation) skip the PLT. What `swift build
/// --static-swift-stdlib` does, made the default: every module of a release build is
/// compiled and linked against the static runtime. The binary grows to about 80 MB
/// (ICU's data comes along), but pages never read are never loaded. Debug builds, and
/// so the tests, stay dynamic.
///
/// They are linked at a fixed address too (`-no-pie`): a position-independent binary
/// this size has 75,000 pointers for the loader to relocate at every start, on 150 pages
/// it must copy first; checking a small file took 3.1 ms, and takes 2.2 ms without them.
/// The cost is that the executable's own code is not placed at a random address.
let staticRuntime = ["-static-stdlib"]
let fixedAddress = ["-Xlinker", "-no-pie"]
for target in package.targets where target.type != .test {
  let release = BuildSettingCondition.when(platforms: [.linux], configuration: .release)
  target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(staticRuntime, release)]
  if target.type == .executable {
    target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(staticRuntime + fixedAddress, release)]
  }
}
