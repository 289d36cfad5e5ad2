import EffectStore

/// An obligation another testing module adds to a ``TestStore``: it sees every transition, has its say before each
/// event sent from outside, and at the end of an exhaustive test.
///
/// `package`: the hook EffectStoreSharedTesting's saves hang on, so that EffectStoreTesting knows nothing of saving
/// and a test of an app that saves nothing does not link it. Every closure runs on the test's thread, synchronously,
/// inside the store's call.
package struct TestStoreObligation<S: ChildState & Equatable> where S.Effect: Equatable {
    /// After each transition, with where it came from (`send(.add) at Tests.swift:12`), before its state is checked.
    package var transitioned: (_ transition: Transition<S>, _ origin: String) -> Void
    /// Before an event is sent from outside (``TestStore/send(_:fileID:file:line:column:assert:)`` and the like),
    /// with the call's name.
    package var beforeEvent: (_ call: String, _ location: TestSourceLocation) -> Void
    /// At ``TestStore/finish(fileID:file:line:column:)``, or when the store is released without it (`released`), in
    /// exhaustive mode only. The store may be gone already: what it reports must not need it.
    package var atEnd: (_ location: TestSourceLocation, _ released: Bool) -> Void

    package init(
        transitioned: @escaping (Transition<S>, String) -> Void,
        beforeEvent: @escaping (String, TestSourceLocation) -> Void,
        atEnd: @escaping (TestSourceLocation, Bool) -> Void
    ) {
        self.transitioned = transitioned
        self.beforeEvent = beforeEvent
        self.atEnd = atEnd
    }
}

extension TestStore {
    /// Adds an obligation: from now on it sees every transition and has its say before each event and at the end.
    package func add(_ obligation: TestStoreObligation<S>) {
        obligations.append(obligation)
    }

    /// Runs `action` when ``clock`` passes `delay` from now, on the thread that advances it — the test's; returns
    /// what cancels it. For obligations whose time is the clock's, such as a save's coalescing window.
    package func schedule(after delay: EffectDuration, _ action: @escaping () -> Void) -> @Sendable () -> Void {
        let target = ClockAction(action)
        return clock.schedule(after: delay) { target.run() }
    }
}

/// Lets a clock action, which must be `@Sendable`, run a test's closure.
final class ClockAction: @unchecked Sendable {
    // Safe because: `action` is written once, in `init`, and run only by the test store's clock, which the test
    // advances from its own thread — the one thread a `TestStore` may be used from (documented on `TestStore.clock`).
    private let action: () -> Void

    init(_ action: @escaping () -> Void) { self.action = action }

    func run() { action() }
}
