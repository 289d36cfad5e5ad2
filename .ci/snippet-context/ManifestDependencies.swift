// swift-tools-version:6.0
// For the README's installation lines: the dependencies and targets of a package, in its manifest.
import PackageDescription

let package = Package(
    name: "MyFeature",
// SNIPPET
)
