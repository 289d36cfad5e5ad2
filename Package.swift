// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "EffectStore",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "EffectStore", targets: ["EffectStore"]),
        .library(name: "EffectStoreTesting", targets: ["EffectStoreTesting"]),
        .library(name: "EffectStoreObservation", targets: ["EffectStoreObservation"]),
        .library(name: "EffectStoreSwiftUI", targets: ["EffectStoreSwiftUI"]),
        .library(name: "EffectStoreSessions", targets: ["EffectStoreSessions"]),
        .library(name: "EffectStoreLogging", targets: ["EffectStoreLogging"]),
        .library(name: "EffectStoreShared", targets: ["EffectStoreShared"]),
        .library(name: "EffectStoreSharedTesting", targets: ["EffectStoreSharedTesting"]),
        .executable(name: "recruitment-demo", targets: ["RecruitmentDemo"]),
        .executable(name: "effectstore-benchmarks", targets: ["EffectStoreBenchmarks"]),
        .executable(name: "effectstore-inspect", targets: ["EffectStoreInspect"]),
        .executable(name: "effectstore-session-bench", targets: ["EffectStoreSessionBench"]),
    ],
    targets: [
        // The library: no dependencies beyond Foundation and Dispatch.
        .target(name: "EffectStore"),
        // Test support for EffectStore features: trace specs, a deterministic test store, effect handler checks,
        // replay assertions of recorded sessions (hence EffectStoreSessions) and a reachability explorer; its failure
        // diffs use EffectStoreLogging's describer. Imports XCTest.
        .target(
            name: "EffectStoreTesting", dependencies: ["EffectStore", "EffectStoreLogging", "EffectStoreSessions"]),
        // A store's state as Observation sees it — ObservableState, ObservableRows, a child's scope and binding — for
        // SwiftUI, UIKit's observation tracking or any observer. Apps that show no view, and servers, do not link it.
        .target(name: "EffectStoreObservation", dependencies: ["EffectStore"]),
        // SwiftUI bindings for the Observation projection; empty where SwiftUI does not exist. Keeps SwiftUI out of
        // the core.
        .target(name: "EffectStoreSwiftUI", dependencies: ["EffectStore", "EffectStoreObservation"]),
        // Recording, replaying and inspecting sessions: the session recorder, the session JSON and the inspector
        // page. Apps that never record a session do not link it.
        .target(name: "EffectStoreSessions", dependencies: ["EffectStore", "EffectStoreLogging"]),
        // Values as a person reads them: the transition logger, and the one describer and diff behind the logger's
        // lines, EffectStoreTesting's failure diffs and the session page. Apps that never log transitions do not
        // link it.
        .target(name: "EffectStoreLogging", dependencies: ["EffectStore"]),
        // Saved values: the writer that loads a value and writes its changes coalesced, atomically and durably, and
        // the storages it writes to (a JSON file, memory, key-value defaults). Apps that save nothing do not link it.
        .target(name: "EffectStoreShared", dependencies: ["EffectStore"]),
        // The test store's saves: a saved value loaded from seeded storage, and each save an obligation the test
        // asserts. A target of its own, on a hook of EffectStoreTesting's, so that neither an app that saves nothing
        // nor its tests link EffectStoreShared, and EffectStoreShared never links XCTest.
        .target(
            name: "EffectStoreSharedTesting",
            dependencies: ["EffectStoreShared", "EffectStoreTesting", "EffectStore", "EffectStoreLogging"]),

        // Writes the inspector page of a recorded session: `swift run effectstore-inspect session.json`.
        .executableTarget(name: "EffectStoreInspect", dependencies: ["EffectStoreSessions"]),
        // Records and writes a long session of a large state, timed: the figures of the session file, and the large
        // session .ci/check-inspector opens. `swift run -c release effectstore-session-bench`.
        .executableTarget(
            name: "EffectStoreSessionBench", dependencies: ["EffectStore", "EffectStoreLogging", "EffectStoreSessions"]),

        // The article's recruitment-process feature, as a regular module so the demo and the tests share it.
        .target(name: "RecruitmentProcess", dependencies: ["EffectStore"], path: "Tests/RecruitmentProcess"),
        .executableTarget(
            name: "RecruitmentDemo",
            dependencies: ["RecruitmentProcess", "EffectStore", "EffectStoreLogging", "EffectStoreSessions"]),
        // The article "Effects in practice": four everyday features on the effect runtime, as a regular module.
        .target(name: "EffectExamples", dependencies: ["EffectStore"], path: "Tests/EffectExamples"),
        // The apps of the article "Building an app from features" (the todo list), compiled and tested here.
        .target(name: "AppExamples", dependencies: ["EffectStore"], path: "Tests/AppExamples"),
        // The app of the article "Navigation" (meetings: a list, a stack, sheets, alerts, a timed recording).
        .target(name: "MeetingsApp", dependencies: ["EffectStore", "EffectStoreShared"], path: "Tests/MeetingsApp"),

        // The benchmark: workloads in a module of their own so a test can run them at small sizes.
        .target(name: "CHeapStats"),
        // EffectStoreTesting for `explore.schedules`, the explorer of effect orders; EffectStoreShared for the saved
        // collection's figures.
        .target(
            name: "BenchmarkWorkloads",
            dependencies: [
                "EffectStore", "EffectStoreObservation", "CHeapStats", "EffectStoreTesting", "EffectStoreShared",
            ]),
        .executableTarget(name: "EffectStoreBenchmarks", dependencies: ["BenchmarkWorkloads", "EffectStore"]),

        .testTarget(
            name: "EffectStoreTests",
            dependencies: ["EffectStore", "EffectStoreObservation", "EffectStoreLogging", "EffectStoreTesting"]),
        .testTarget(
            name: "EffectStoreSessionsTests",
            dependencies: ["EffectStoreSessions", "EffectStore", "EffectStoreLogging", "EffectStoreTesting"]
        ),
        .testTarget(
            name: "EffectStoreSharedTests",
            dependencies: ["EffectStoreShared", "EffectStore", "EffectStoreTesting", "EffectStoreSharedTesting"]),
        .testTarget(name: "BenchmarkWorkloadsTests", dependencies: ["BenchmarkWorkloads"]),
        // `Fixtures/` holds recorded sessions, read by path from `#filePath`, not bundled as resources.
        .testTarget(
            name: "RecruitmentProcessTests",
            dependencies: ["RecruitmentProcess", "EffectStore", "EffectStoreSessions", "EffectStoreTesting"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "EffectExamplesTests",
            dependencies: ["EffectExamples", "EffectStore", "EffectStoreObservation", "EffectStoreTesting"]),
        // A Swift 6 client whose main-actor code subscribes, maps and awaits: proves the @Sendable surface.
        .testTarget(name: "MainActorClientTests", dependencies: ["EffectStore", "EffectStoreObservation"]),
        .testTarget(
            name: "EffectStoreTestingTests",
            dependencies: ["EffectStoreTesting", "EffectStore", "EffectStoreSessions"]
        ),
        .testTarget(name: "AppExamplesTests", dependencies: ["AppExamples", "EffectStore", "EffectStoreTesting"]),
        .testTarget(
            name: "MeetingsAppTests",
            dependencies: [
                "MeetingsApp", "EffectStore", "EffectStoreTesting", "EffectStoreShared", "EffectStoreSharedTesting",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
