#if canImport(Testing) && compiler(>=6.2)
    import EffectStore
    import Testing

    // How the package's own tests prove, under Swift Testing, that a wrong expectation records an issue, without
    // printing it: `withKnownIssue` prints every issue it expects as a failure message and the run ends "passed ...
    // with N known issues", which reads as a broken checkout. `package`: the package's own tests use it; not public
    // API. Issue handling traits came with Swift 6.2; before it, this file is empty and the library is unchanged.

    /// The issues that `recordedIssues(_:)` is capturing on this task, if any.
    private enum IssueCapture {
        @TaskLocal static var current: Recorder<Issue>?
    }

    extension Trait where Self == IssueHandlingTrait {
        /// A suite's or a test's trait: an issue recorded inside `recordedIssues(_:)` is handed to it
        /// instead of the test run. Any other issue — an `#expect` that fails outside that call — is reported as
        /// usual.
        ///
        /// ```swift
        /// @Suite(.capturingIssues) struct ReportingTests { … }
        /// ```
        package static var capturingIssues: Self {
            .compactMapIssues { issue in
                guard let captured = IssueCapture.current else { return issue }
                captured.append(issue)
                return nil
            }
        }
    }

    /// Runs `body` and returns the issues it recorded, which the test run never sees — under a suite or test with
    /// the trait `.capturingIssues`; without it they are reported, and fail the test.
    ///
    /// ```swift
    /// let issues = recordedIssues { store.send(.increment) { $0.count = 99 } }
    /// #expect(issues.count == 1)
    /// ```
    ///
    /// Captured are the issues of the calling task and of the child tasks `body` starts; one recorded on another
    /// thread (a dispatch queue, a detached task) reaches the test run, as it would inside `withKnownIssue`.
    package func recordedIssues(_ body: () -> Void) -> [Issue] {
        let captured = Recorder<Issue>()
        IssueCapture.$current.withValue(captured) { body() }
        return captured.values
    }

    /// The `async` form of `recordedIssues(_:)`.
    package func recordedIssues(_ body: () async -> Void) async -> [Issue] {
        let captured = Recorder<Issue>()
        await IssueCapture.$current.withValue(captured) { await body() }
        return captured.values
    }
#endif
