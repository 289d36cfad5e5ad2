// swift-tools-version:6.0
// For Package.swift lines that are one target: a package that depends on EffectStore, with that target beside its
// feature's.
import PackageDescription

let package = Package(
    name: "MyFeature",
    dependencies: [.package(path: "../EffectStore")],
    targets: [
        .target(name: "MyFeature", dependencies: [.product(name: "EffectStore", package: "EffectStore")]),
// SNIPPET
    ]
)
