import EffectStore
import EffectStoreLogging
import EffectStoreShared
import EffectStoreTesting

/// What keeps a ``/EffectStoreShared/SavedState`` of a ``/EffectStoreTesting/TestStore`` saved, and what the test
/// asserts its load and its saves through: returned by
/// `TestStore.save(_:as:in:delay:loaded:failed:)`.
///
/// The load waits until the test receives it; each save waits until the test asserts it, value included:
///
/// ```swift
/// let saving = store.save(\.meetings, as: meetingsKey, in: storage, delay: .seconds(1), loaded: .loaded)
/// saving.receiveLoad { $0.meetings.apply(.loaded([standup])) }
/// store.send(.add(design)) { $0.meetings.value.append(design) }
/// saving.receiveSave([standup, design])
/// ```
///
/// The rules — the coalescing window on the test store's clock, what an exhaustive test must assert and when — are
/// in <doc:/EffectStoreShared/SharedAndSavedState> ("Testing saves").
///
/// ## Threading
///
/// Like its test store, a link is not thread-safe: call it from the test's thread. Its writes go through a real
/// ``/EffectStoreShared/SavedValueWriter``, and each call that writes waits for the write before it returns.
public final class TestSavedStateLink<S: ChildState & Equatable, Value: Codable & Equatable & Sendable>
where S.Effect: Equatable {
    /// The writer that loaded the value and writes each save, to the storage the test gave.
    public let writer: SavedValueWriter<Value>
    /// What the load found when the link was made: what ``receiveLoad(fileID:file:line:column:assert:)`` delivers.
    public let load: SavedLoad<Value>
    /// The coalescing window, on the test store's clock: the changes made within it of the first are one save.
    public let window: EffectDuration

    private weak var store: TestStore<S>?
    private let path: KeyPath<S, SavedState<Value>>
    private let reporter: TestFailureReporter
    private let loaded: (SavedLoad<Value>) -> S.Event
    private let failed: ((SavedValueError) -> S.Event)?
    private var isLoadReceived = false
    /// The value the storage holds, as far as the link knows: the load's, then each one written.
    private var written: Value?
    /// The save whose window is open: later changes replace its value.
    private var open: Save?
    private var closeWindow: (@Sendable () -> Void)?
    /// Saves whose window ended, written (or refused by the storage) and not yet asserted, oldest first.
    private var made: [Save] = []
    /// The rules of the saved state's phases, as a real store link keeps them.
    private var steps = SavingSteps<Value>()

    /// One save: the value written at the end of its window.
    private struct Save {
        var value: Value
        /// The call that made the first change of the window, for messages.
        let origin: String
        /// Whether writes held back since a failed load are allowed first: the state started fresh.
        var allowingWrites: Bool
        /// Whether the test let it go: its window opened while the exhaustivity was partial.
        let isExempt: Bool
        /// What writing it gave; `nil` until it is written.
        var result: SavedFlush?
    }

    init(
        store: TestStore<S>, path: KeyPath<S, SavedState<Value>>, key: SavedKey<Value>,
        storage: any SavedValueStorage, window: EffectDuration, loaded: @escaping (SavedLoad<Value>) -> S.Event,
        failed: ((SavedValueError) -> S.Event)?
    ) {
        self.store = store
        self.path = path
        self.reporter = store.reporter
        self.writer = SavedValueWriter(key: key, storage: storage, writesOnlyWhenFlushed: true)
        self.window = window
        self.loaded = loaded
        self.failed = failed
        self.load = writer.load()
    }

    // MARK: - What the test calls

    /// Delivers what the load found (``load``) to the state as the load's event, as a real store does once its
    /// load is done, and checks the state it leads to.
    ///
    /// ```swift
    /// saving.receiveLoad { $0.meetings.apply(.loaded([standup])) }
    /// saving.receiveLoad { $0.meetings.apply(saving.load) }   // a failed load: the error names the storage
    /// ```
    ///
    /// Until then the value is ``/EffectStoreShared/SavedState/Phase/loading`` and nothing is saved. In exhaustive
    /// mode the load must be received before the test finishes. Otherwise as `send(_:assert:)`: the effects of the
    /// last event must have been received, and each save made must have been asserted.
    ///
    /// - Parameters:
    ///   - fileID: Where a failure points; the caller's file ID by default.
    ///   - file: Where a failure points; the caller's file by default.
    ///   - line: Where a failure points; the caller's line by default.
    ///   - column: Where a failure points; the caller's column by default.
    ///   - assert: Turns a copy of the previous state into the expected next state. Runs synchronously on this
    ///     thread.
    public func receiveLoad(
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        assert: ((inout S) -> Void)? = nil
    ) {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        guard let store else { return }
        guard !isLoadReceived else {
            reporter.report(
                """
                TestStore<\(S.self)>: the load of "\(writer.key.name)" was received already; a key loads once.
                To fix, call `receiveLoad` once, after `store.save(…)`.
                """,
                at: location)
            return
        }
        isLoadReceived = true
        written = load.value
        store.send(loaded(load), call: "receiveLoad() of \"\(writer.key.name)\"", at: location, assert: assert)
    }

    /// Asserts the oldest save not yet asserted: that the store saved `value`. A save whose coalescing window is
    /// still open is written now, as a flush would.
    ///
    /// ```swift
    /// store.send(.rename("Standup")) { $0.meetings.value[0].title = "Standup" }
    /// store.send(.rename("Stand-up")) { $0.meetings.value[0].title = "Stand-up" }
    /// saving.receiveSave([Meeting(title: "Stand-up")])       // one save, of the last value
    /// ```
    ///
    /// In exhaustive mode, every save must be asserted: one whose window ended (the test advanced the store's clock
    /// past it, or the window is zero) before the next event is sent, and every other one before the test finishes.
    /// When the storage refused the write (`storage.failWrites()`) and the store was given a `failed` event, that
    /// event is handled now, and `assert` describes the state change it makes. When the write met a change the test
    /// made to the storage since (another process's, written to the storage directly), it was not made, and the
    /// change is handled now as the load's event, as a real store link delivers it; `assert` describes what it
    /// changes.
    ///
    /// - Parameters:
    ///   - value: The value expected to be saved.
    ///   - fileID: Where a failure points; the caller's file ID by default.
    ///   - file: Where a failure points; the caller's file by default.
    ///   - line: Where a failure points; the caller's line by default.
    ///   - column: Where a failure points; the caller's column by default.
    ///   - assert: For a refused write, turns a copy of the previous state into the state the `failed` event leads
    ///     to; for a write that met another process's change, into the state that change's `loaded` event leads to.
    ///     Runs synchronously on this thread.
    /// - Returns: What writing the save gave: ``/EffectStoreShared/SavedFlush/written``, or the storage's refusal;
    ///   `nil` when no save matched.
    @discardableResult
    public func receiveSave(
        _ value: Value, fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, assert: ((inout S) -> Void)? = nil
    ) -> SavedFlush? {
        let location = TestSourceLocation(fileID: fileID, filePath: file, line: line, column: column)
        let call = "receiveSave(\(Describing.value(value, maxLength: 80))) of \"\(writer.key.name)\""
        guard let store, store.acceptsCall(call, at: location) else { return nil }
        if open != nil { endWindow() }  // asserting a save ends its window, as a flush does
        let index: Int?
        switch store.exhaustivity {
        case .exhaustive: index = made.firstIndex { !$0.isExempt || $0.value == value }
        case .partial: index = made.firstIndex { $0.value == value }
        }
        guard let index else {
            reportMissingSave(value, at: location)
            return nil
        }
        let save = made[index]
        made.removeSubrange(...index)
        if save.value != value {
            reporter.report(
                """
                TestStore<\(S.self)>: the save of "\(writer.key.name)" (of the change from \(save.origin)) is not \
                the one expected:
                \(StructuralDiff.describe(expected: value, actual: save.value))
                """,
                at: location)
        }
        if save.result?.error?.reason == .changedOutside, let change = writer.checkForOutsideChange() {
            // As a real store link does: the change the write met arrives as the load's event.
            if let value = change.value { written = value }
            store.handle(loaded(change), call: call, assert: assert, at: location)
        } else if case .failed(let error) = save.result, let failed {
            store.handle(failed(error), call: call, assert: assert, at: location)
        } else if assert != nil {
            let why: String
            if save.result?.error != nil { why = "the store was given no `failed:` event" } else {
                why = "the write succeeded"
            }
            reporter.report(
                """
                TestStore<\(S.self)>: \(call) was given a trailing closure, but no event was handled: \(why).
                To fix, leave the closure out; it describes the change a refused write's `failed:` event makes.
                """,
                at: location)
        }
        return save.result
    }

    // MARK: - What the test store calls

    /// After each transition: a change of the value, while it is saving, opens a window or joins the open one.
    func transitioned(_ transition: Transition<S>, origin: String) {
        let before = transition.from[keyPath: path]
        let after = transition.to[keyPath: path]
        guard let step = steps.step(from: before, to: after, holdsValue: writer.holdsValue) else { return }
        if var save = open {
            save.value = step.value
            save.allowingWrites = save.allowingWrites || step.allowingWrites
            open = save
            return
        }
        // As the writer does: a value equal to what the storage holds, with nothing pending, is not written again.
        let failedBefore = made.last?.result?.error != nil
        guard step.allowingWrites || failedBefore || step.value != written else { return }
        open = Save(
            value: step.value, origin: origin, allowingWrites: step.allowingWrites,
            isExempt: store?.exhaustivity == .partial)
        guard window > .nanoseconds(0), let store else { return endWindow() }
        closeWindow = store.schedule(after: window) { [weak self] in self?.endWindow() }
    }

    /// In exhaustive mode, fails when a save was made and not asserted; then lets them go, so one omission is
    /// reported once.
    func requireSavesAsserted(before call: String, at location: TestSourceLocation) {
        defer { made.removeAll() }
        guard store?.exhaustivity == .exhaustive, let first = made.first(where: { !$0.isExempt }) else { return }
        let shown = Describing.value(first.value, maxLength: 200)
        reporter.report(
            """
            TestStore<\(S.self)>: \(call) was called while the save of "\(writer.key.name)" (of the change from \
            \(first.origin)) was not asserted: it saved \(shown).
            To fix, call `receiveSave(\(shown))` on the link `store.save(…)` returned, before the next event, or \
            create the store with `exhaustivity: .partial`.
            """,
            at: location)
    }

    /// At the end of an exhaustive test: the load must have been received and every save asserted.
    func checkNothingIsLeft(at location: TestSourceLocation, released: Bool) {
        var lines: [String] = []
        if !isLoadReceived {
            lines.append("  load not received: it found \(Describing.value(load, maxLength: 200))")
        }
        for save in made where !save.isExempt {
            lines.append(
                "  save not asserted: \(Describing.value(save.value, maxLength: 200)), of the change from "
                    + save.origin)
        }
        if let open, !open.isExempt {
            lines.append(
                "  save not asserted: \(Describing.value(open.value, maxLength: 200)), of the change from "
                    + "\(open.origin) (its coalescing window of \(window) was still open)")
        }
        guard !lines.isEmpty else { return }
        let head =
            released
            ? "TestStore<\(S.self)> was released without finish() while saved value \"\(writer.key.name)\" had "
                + "obligations left:"
            : "TestStore<\(S.self)>: the test finished while saved value \"\(writer.key.name)\" had obligations left:"
        lines.insert(head, at: 0)
        lines.append(
            "To fix, deliver the load with `receiveLoad { … }` and assert each save, value included, with "
                + "`receiveSave(_:)` on the link `store.save(…)` returned, or create the store with "
                + "`exhaustivity: .partial`.")
        reporter.report(lines.joined(separator: "\n"), at: location)
    }

    // MARK: - Writing

    /// Ends the open window: its value is written now, through the writer, and waits for the test to assert it.
    private func endWindow() {
        closeWindow?()
        closeWindow = nil
        guard var save = open else { return }
        open = nil
        if save.allowingWrites { writer.allowWrites() }
        writer.save(save.value)
        let result =
            writer.flush().wait(timeout: .seconds(10))
            ?? .failed(
                SavedValueError(
                    key: writer.key.name, reason: .writeFailed, detail: "the write did not end within 10 seconds"))
        save.result = result
        if result == .written { written = save.value }
        made.append(save)
    }

    private func reportMissingSave(_ value: Value, at location: TestSourceLocation) {
        let saves =
            made.isEmpty
            ? "nothing was saved since the last save asserted"
            : "the saves not yet asserted are " + made.map { Describing.value($0.value, maxLength: 80) }
                .joined(separator: ", ")
        reporter.report(
            """
            TestStore<\(S.self)>: expected a save of "\(writer.key.name)" with \
            \(Describing.value(value, maxLength: 200)), but \(saves).
            To fix, check that the state changed the value while it was saving: a change made while it loads \
            (before `receiveLoad`), or after a load that could not read the storage (until `startFresh()`), is not \
            saved, and neither is a change back to what the storage holds.
            """,
            at: location)
    }
}
