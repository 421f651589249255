// swift-tools-version:6.0
// posttim-report: Post'TIM task lists → localized agenda reports.
//
// Layering (see docs/architecture.md):
//   CICU (system ICU 72, pkg-config icu-i18n) → CICUShim (C/C++, ICU-free
//   header) → PosttimICU (Swift date engine) → PosttimReport (model,
//   loading, agenda, writers) ← PosttimTemplating (Mustache, standalone)
//   → PosttimReportCLI (argument parsing, exit codes) → posttim-report
//   (main.swift only). No Swift target imports CICU. PosttimParallel (work
//   on several cores, package access) sits under PosttimTemplating and
//   PosttimReport.
import PackageDescription

let package = Package(
  name: "posttim-report",
  products: [
    // PosttimReport re-exports PosttimICU (DocC article "Using the package").
    .library(name: "PosttimReport", targets: ["PosttimReport"]),
    .library(name: "PosttimICU", targets: ["PosttimICU"]),
    .library(name: "PosttimTemplating", targets: ["PosttimTemplating"]),
    // The command line, in-process: for Scripts/fuzz's config-file harness, not a supported API.
    .library(name: "PosttimReportCLI", targets: ["PosttimReportCLI"]),
    .executable(name: "posttim-report", targets: ["posttim-report"]),
    // Test support, not an API: the fuzz harnesses (Scripts/fuzz, a package
    // of their own) reach the reference readers through this product.
    .library(name: "PosttimTestOracles", targets: ["PosttimTestOracles"]),
  ],
  targets: [
    // Debian's libicu-dev. Only CICUShim's sources include ICU headers, never
    // its public header: Foundation carries its own ICU 76 headers and Clang
    // rejects the two definitions of UErrorCode in one Swift module.
    .systemLibrary(
      name: "CICU", pkgConfig: "icu-i18n", providers: [.apt(["libicu-dev"])]),
    .target(name: "CICUShim", dependencies: ["CICU"]),
    // Debian's libexpat1-dev: the XML plist reader's tokenizer (DTD internal
    // subsets, entities and external access refused by the reader).
    .systemLibrary(
      name: "CExpat", pkgConfig: "expat", providers: [.apt(["libexpat1-dev"])]),
    .target(name: "PosttimICU", dependencies: ["CICUShim"]),
    // A child process tied to its parent (PR_SET_PDEATHSIG), which posix_spawn cannot make.
    .target(name: "CSpawn"),
    // The SIGBUS handler of a mapped list cut while it is read, in C: async-signal-safe, on static storage.
    .target(name: "CMappingGuard"),
    // A read hint for the texts of rows rendered a few rows on (no Swift spelling).
    .target(name: "CPrefetch"),
    // Work on several cores behind @Sendable closures (package access only).
    // malloc's heaps grown in large steps, in transparent huge pages (no Swift spelling for mallopt or the heap's bounds).
    .target(name: "CHeapPages"),
    .target(name: "PosttimParallel", dependencies: ["CHeapPages"]),
    .target(name: "PosttimTemplating", dependencies: ["PosttimParallel"]),
    .target(
      name: "PosttimReport",
      dependencies: [
        "PosttimICU", "PosttimTemplating", "PosttimParallel", "CExpat", "CSpawn", "CMappingGuard", "CPrefetch",
      ],
      plugins: ["EmbedTemplates"]),
    // Templates/ is embedded at build time, so a copied binary needs no
    // resource bundle (a missing Bundle.module is an uncatchable crash).
    .executableTarget(name: "embed-templates"),
    .plugin(
      name: "EmbedTemplates", capability: .buildTool(), dependencies: ["embed-templates"]),
    // The terminating-signal handler, in C: async-signal-safe, on static storage.
    .target(name: "CSignalCleanup"),
    .target(
      name: "PosttimReportCLI",
      dependencies: [
        "PosttimReport", "PosttimICU", "PosttimTemplating", "PosttimParallel", "CSignalCleanup", "CHeapPages",
      ]),
    // The stack size limit checked by a C constructor, before the Swift runtime's initialisers run.
    .target(name: "CStackLimit"),
    // ICU_DATA, ICU_TIMEZONE_FILES_DIR, SWIFT_BACKTRACE, SWIFT_ROOT removed before ICU and the runtime read them.
    .target(name: "CStartupEnvironment"),
    .executableTarget(
      name: "posttim-report", dependencies: ["PosttimReportCLI", "CStackLimit", "CStartupEnvironment"]),
    // Micro-benchmarks run by Scripts/benchmark.sh; not a product, never installed.
    .executableTarget(name: "posttim-benchmarks", dependencies: ["PosttimICU"]),

    .target(name: "TestSupport", path: "Tests/TestSupport"),
    // Reference readers the differential tests and the fuzz harnesses
    // compare the library's readers with (Foundation's decoder among them),
    // and what the harnesses must know of the engine's chunking.
    .target(
      name: "PosttimTestOracles", dependencies: ["PosttimReport", "PosttimICU", "PosttimTemplating"],
      path: "Tests/PosttimTestOracles"),
    .testTarget(
      name: "PosttimICUTests", dependencies: ["PosttimICU", "TestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(name: "PosttimParallelTests", dependencies: ["PosttimParallel"]),
    .testTarget(
      name: "PosttimTemplatingTests",
      dependencies: ["PosttimTemplating", "PosttimParallel", "TestSupport"]),
    .testTarget(
      name: "PosttimReportTests",
      dependencies: ["PosttimReport", "PosttimParallel", "PosttimTestOracles", "TestSupport"],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "PosttimReportCLITests",
      dependencies: ["PosttimReportCLI", "TestSupport"]),
  ]
)
