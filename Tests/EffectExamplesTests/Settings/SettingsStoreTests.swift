#if canImport(Observation)
    import EffectExamples
    import EffectStore
    import EffectStoreObservation
    import EffectStoreTesting
    import XCTest

    /// The settings form in a real store, driven the way its view drives it: through the bindings of an
    /// `ObservableState`, and a save that the user cancels or that fails.
    final class SettingsStoreTests: XCTestCase {
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor
        func test_theViewsBindings_sendBindingEvents_andTheNameIsCheckedAfterThePause() async {
            let clock = TestClock()
            let service = GatedSettingsService()
            let store = Store<SettingsForm>(effectHandler: SettingsEffects(service: service), clock: clock)
            let events = Recorder<SettingsForm.Event>()
            let token = store.recordEvents(into: events)
            defer { token.cancel() }
            let model = ObservableState(store)

            model.binding(\.notificationsOn).wrappedValue = true   // a Toggle
            model.binding(\.displayName).wrappedValue = "Bl"       // a TextField, keystroke by keystroke
            model.binding(\.displayName).wrappedValue = "Blob"
            clock.advance(by: .milliseconds(300))

            XCTAssertTrue(model.notificationsOn)
            XCTAssertEqual(model.displayName, "Blob")
            XCTAssertTrue(store.waitUntilSettled())
            XCTAssertEqual(store.state.nameProblem, "Blob is taken")
            XCTAssertEqual(service.checkedNames, ["Blob"], "the first keystroke's check was debounced away")
            XCTAssertEqual(
                Array(events.values.prefix(3)),
                [.binding(.set(\.notificationsOn, true)), .binding(.set(\.displayName, "Bl")),
                 .binding(.set(\.displayName, "Blob"))])
        }

        func test_cancellingTheSave_stopsTheRequest_andItsAnswerIsNeverHandled() {
            let service = GatedSettingsService()
            let store = Store<SettingsForm>(effectHandler: SettingsEffects(service: service))
            store.dispatch(event: .binding(.set(\.displayName, "Ann")))
            XCTAssertTrue(store.waitUntilSettled())
            store.dispatch(event: .saveTapped)
            waitUntil("the save starts") { service.savesStarted == 1 }

            let cancelled = store.dispatch(event: .cancelSaveTapped).wait(timeout: .seconds(5))

            XCTAssertEqual(cancelled?.isSaving, false)
            waitUntil("the request sees the cancellation") { service.savesCancelled == 1 }
            XCTAssertTrue(store.waitUntilSettled())
            XCTAssertEqual(store.state.alert, nil, "its CancellationError is not shown")
        }

        func test_aFailedSave_showsTheAlert_andRetryingSaves() {
            let service = GatedSettingsService(failing: true)
            let store = Store<SettingsForm>(effectHandler: SettingsEffects(service: service))
            store.dispatch(event: .binding(.set(\.displayName, "Ann")))
            XCTAssertTrue(store.waitUntilSettled())

            store.dispatch(event: .saveTapped)
            waitUntil("the save starts") { service.savesStarted == 1 }
            service.answerSaves()

            XCTAssertTrue(store.waitUntilSettled())
            XCTAssertEqual(store.state.alert?.message, "offline")
            store.dispatch(event: .alert(.presented(.retry)))
            waitUntil("the retry starts") { service.savesStarted == 2 }
            XCTAssertEqual(store.state.alert, nil)
            XCTAssertTrue(store.state.isSaving)
            service.answerSaves()
            XCTAssertTrue(store.waitUntilSettled())
            XCTAssertFalse(store.state.isSaving)
        }
    }

    /// A settings server whose saves wait for the test (or their cancellation), and which says every name but "Ann"
    /// is taken.
    final class GatedSettingsService: SettingsService {
        private struct Record {
            var checkedNames: [String] = []
            var savesStarted = 0
            var savesCancelled = 0
            var waiting: [CheckedContinuation<Void, any Error>] = []
        }

        private struct Offline: Error, CustomStringConvertible {
            var description: String { "offline" }
        }

        private let record = LockedBox.make(Record())
        let failing: Bool

        init(failing: Bool = false) { self.failing = failing }

        var checkedNames: [String] { record.withLock { $0.checkedNames } }
        var savesStarted: Int { record.withLock { $0.savesStarted } }
        var savesCancelled: Int { record.withLock { $0.savesCancelled } }

        func problem(withName name: String) async -> String? {
            record.withLock { $0.checkedNames.append(name) }
            return name == "Ann" ? nil : "\(name) is taken"
        }

        func save(notificationsOn: Bool, displayName: String) async throws {
            do {
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { continuation in
                        record.withLock {
                            $0.savesStarted += 1
                            $0.waiting.append(continuation)
                        }
                    }
                    try Task.checkCancellation()
                } onCancel: {
                    let waiting = record.withLock { record in
                        defer { record.waiting = [] }
                        return record.waiting
                    }
                    for continuation in waiting { continuation.resume(throwing: CancellationError()) }
                }
            } catch is CancellationError {
                record.withLock { $0.savesCancelled += 1 }
                throw CancellationError()
            }
            if failing { throw Offline() }
        }

        /// Answers every save that waits.
        func answerSaves() {
            let waiting = record.withLock { record in
                defer { record.waiting = [] }
                return record.waiting
            }
            for continuation in waiting { continuation.resume() }
        }
    }
#endif
