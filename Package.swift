// swift-tools-version:6.0
import Foundation
import PackageDescription

/// Links to the static archives of the C libraries (`make static-libs`), searched before the
/// system's folders by the release link, so the shipped binary carries them (see Makefile).
let staticLibs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
  ".build/static-libs"
).path

/// Release: type metadata reached through direct accessor calls, not mangled names decoded at
/// run time, which costs a search of the binary's conformance records for each generic type
/// first used (a one-month question 18.2M instructions before, 16.4M after).
let release: [SwiftSetting] = [
  .unsafeFlags(
    ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))
]

let package = Package(
  name: "Spendly",
  products: [
    .executable(name: "spendly", targets: ["spendly"])
  ],
  targets: [
    // System libraries, brought in through module maps (no outside packages).
    .systemLibrary(
      name: "CSQLite", path: "Sources/CSQLite",
      providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(
      name: "CZlib", path: "Sources/CZlib",
      providers: [.apt(["zlib1g-dev"])]),
    .target(
      name: "CEditLine", path: "Sources/CEditLine",
      linkerSettings: [.linkedLibrary("edit")]),

    // Pure domain core: money, dates, transactions, analytics. No I/O.
    .target(name: "SpendlyCore", swiftSettings: release),
    // Phrase and query parsers; the lexicon comes from grammar/ (generated Swift).
    .target(name: "SpendlyParse", dependencies: ["SpendlyCore"], swiftSettings: release),
    // Statement and interchange formats (OFX, QIF, CAMT, CSV): files in, neutral statements out;
    // and the XLSX workbook writer (ZIP through zlib).
    .target(name: "SpendlyInterchange", dependencies: ["SpendlyCore", "CZlib"], swiftSettings: release),
    // SQLite store: the one write path.
    .target(name: "SpendlyStore", dependencies: ["SpendlyCore", "CSQLite"], swiftSettings: release),
    // The application layer: the workflows (saving an entry and what it does to the budgets, …)
    // as types with typed inputs and results, over a session's store; the CLI renders them.
    .target(
      name: "SpendlyApp", dependencies: ["SpendlyCore", "SpendlyParse", "SpendlyStore", "SpendlyInterchange"],
      swiftSettings: release),
    // Commands, rendering, the interactive shell.
    .target(
      name: "SpendlyCLI",
      dependencies: ["SpendlyCore", "SpendlyParse", "SpendlyStore", "SpendlyInterchange", "SpendlyApp", "CEditLine"],
      swiftSettings: release),
    // Linked by lld with packed relative relocations (DT_RELR): the loader applies the binary's
    // ~95,000 pointer fix-ups from a table of a few kilobytes instead of 2 MB, at every start.
    .executableTarget(
      name: "spendly", dependencies: ["SpendlyCLI"], swiftSettings: release,
      linkerSettings: [
        .unsafeFlags(
          ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(platforms: [.linux])),
        // Release: libstdc++, SQLite, zlib and libedit (with what libedit needs) from their static
        // archives when `make static-libs` has linked them, so the loader binds none of their
        // symbols at start-up (`--version` 5.4M instructions before, 1.8M after).
        .unsafeFlags(
          ["-L", staticLibs, "-ltinfo", "-lbsd", "-lmd"], .when(platforms: [.linux], configuration: .release)),
      ]),
    // Benchmarks and data generators for `make bench` (not part of the product).
    .executableTarget(
      name: "spendly-bench", dependencies: ["SpendlyCore", "SpendlyParse", "SpendlyStore"]),

    // What the test targets share: the sandbox a command runs in, its results, the tags.
    .target(name: "SpendlyTestSupport", path: "Tests/SpendlyTestSupport"),
    .testTarget(name: "SpendlyCoreTests", dependencies: ["SpendlyCore"]),
    .testTarget(name: "SpendlyInterchangeTests", dependencies: ["SpendlyInterchange", "SpendlyTestSupport"]),
    .testTarget(name: "SpendlyParseTests", dependencies: ["SpendlyParse", "SpendlyStore"]),
    .testTarget(name: "SpendlyStoreTests", dependencies: ["SpendlyStore"], exclude: ["Fixtures"]),
    .testTarget(name: "SpendlyCLITests", dependencies: ["SpendlyCLI", "spendly", "SpendlyTestSupport"]),
    // The workflows called directly, with a session on a database in a sandbox.
    .testTarget(name: "SpendlyAppTests", dependencies: ["SpendlyApp", "SpendlyTestSupport"]),
    // The shell on a real pseudo-terminal, and golden transcripts of scripted sessions.
    .testTarget(
      name: "SpendlyShellTests", dependencies: ["spendly", "SpendlyTestSupport"], exclude: ["Transcripts"]),
  ]
)
