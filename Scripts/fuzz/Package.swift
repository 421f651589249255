// swift-tools-version:6.0
// libFuzzer harnesses for posttim-report. Not part of the main package:
// build and run with ./run.sh (see README.md).
import PackageDescription

// libFuzzer supplies main(); the harness files hold only the entry point.
// Everything (the main package, and its build-tool plugin's host tool) is
// compiled with ASan and coverage by run.sh's -Xswiftc flags; only the
// harnesses link libFuzzer, since a host tool linked with it would need
// LLVMFuzzerTestOneInput and fail to link.
let harness: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]
let fuzzer: [LinkerSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]

let package = Package(
  name: "posttim-fuzz",
  dependencies: [
  // SwiftPM names a path dependency after its folder, and the checkout may
  // be called anything (a worktree named "fuzz" clashes with this package):
  // run.sh links the repository root as .deps/posttim-report.
  .package(path: ".deps/posttim-report")],
  targets: [
    // The libFuzzer driver entry all harnesses share.
    .target(name: "FuzzDriver"),
    .executableTarget(
      name: "fuzz-decoder",
      dependencies: [
        "FuzzDriver", .product(name: "PosttimReport", package: "posttim-report"),
        .product(name: "PosttimTestOracles", package: "posttim-report"),
      ],
      swiftSettings: harness, linkerSettings: fuzzer),
    .executableTarget(
      name: "fuzz-template",
      dependencies: [
        "FuzzDriver", .product(name: "PosttimTemplating", package: "posttim-report"),
        .product(name: "PosttimTestOracles", package: "posttim-report"),
      ],
      swiftSettings: harness, linkerSettings: fuzzer),
    .executableTarget(
      name: "fuzz-config",
      dependencies: ["FuzzDriver", .product(name: "PosttimReportCLI", package: "posttim-report")],
      swiftSettings: harness, linkerSettings: fuzzer),
    .executableTarget(
      name: "fuzz-messageformat",
      dependencies: ["FuzzDriver", .product(name: "PosttimICU", package: "posttim-report")],
      swiftSettings: harness, linkerSettings: fuzzer),
    .executableTarget(
      name: "fuzz-iso8601",
      // PosttimICU is no product; it is reachable through PosttimReport.
      dependencies: ["FuzzDriver", .product(name: "PosttimReport", package: "posttim-report")],
      swiftSettings: harness, linkerSettings: fuzzer),
  ]
)
