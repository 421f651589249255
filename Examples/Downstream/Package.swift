// swift-tools-version:6.0
// A package that uses posttim-report as a dependency, the way any other
// package would: by relative path, through its library products only.
// `.ci/run` builds and runs it and compares the output with
// expected-output.txt, which keeps the public API honest.
import PackageDescription

let package = Package(
  name: "downstream-demo",
  dependencies: [.package(name: "posttim-report", path: "../..")],
  targets: [
    .executableTarget(
      name: "downstream-demo",
      dependencies: [.product(name: "PosttimReport", package: "posttim-report")])
  ]
)
