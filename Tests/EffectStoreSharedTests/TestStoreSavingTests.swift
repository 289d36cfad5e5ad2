import EffectStore
import EffectStoreShared
import EffectStoreSharedTesting
import EffectStoreTesting
import Foundation
import XCTest

/// The test store's saves: the load arrives when the test receives it, each save is an obligation asserted with its
/// value, edits within the coalescing window are one save, and failures are injected through the storage.
final class TestStoreSavingTests: XCTestCase {
    private let seeded = Notes(items: ["seeded"])

    /// A test store of the notes, saving to `storage` with a window of one second; its failures go to `failures`.
    private func notesStore(
        _ storage: any SavedValueStorage, failures: TestFailureCollector? = nil, delay: DispatchTimeInterval = .seconds(1)
    ) -> (TestStore<NotesFeature>, TestSavedStateLink<NotesFeature, Notes>) {
        let store = TestStore<NotesFeature>(reporter: failures?.reporter ?? .automatic)
        let saving = store.save(
            \.notes, as: notesKey, in: storage, delay: delay, loaded: NotesFeature.Event.loaded,
            failed: NotesFeature.Event.saveFailed)
        return (store, saving)
    }

    // MARK: - Obligations met

    func test_aSeededStorage_loadsWhenTheTestReceivesTheLoad_andThreeEditsInTheWindow_areOneSaveOfTheLastValue()
        throws
    {
        let storage = InMemoryStorage(seeding: seeded, as: notesKey)
        let (store, saving) = notesStore(storage)
        XCTAssertEqual(saving.load, .loaded(seeded))

        store.send(.add("while loading")) { $0.notes.value.items.append("while loading") }  // not saved
        saving.receiveLoad { $0.notes.apply(.loaded(self.seeded)) }
        store.send(.add("a")) { $0.notes.value.items.append("a") }
        store.send(.add("b")) { $0.notes.value.items.append("b") }
        store.advance(by: .milliseconds(999))  // still inside the window
        store.send(.add("c")) { $0.notes.value.items.append("c") }
        XCTAssertEqual(storage.writes, [], "nothing is written inside the window")

        saving.receiveSave(Notes(items: ["seeded", "a", "b", "c"]))
        XCTAssertEqual(storage.writes.count, 1)
        XCTAssertEqual(try decodedWrite(XCTUnwrap(storage.data), as: Notes.self).items, ["seeded", "a", "b", "c"])
        store.finish()
    }

    func test_theWindowEnds_whenTheClockPassesIt_andTheNextEditIsASaveOfItsOwn() throws {
        let storage = InMemoryStorage(seeding: seeded, as: notesKey)
        let (store, saving) = notesStore(storage)
        saving.receiveLoad { $0.notes.apply(.loaded(self.seeded)) }

        store.send(.add("a")) { $0.notes.value.items.append("a") }
        store.advance(by: .seconds(1))
        XCTAssertEqual(storage.writes.count, 1, "the window ended: the save is written")
        saving.receiveSave(Notes(items: ["seeded", "a"]))
        store.send(.add("b")) { $0.notes.value.items.append("b") }
        saving.receiveSave(Notes(items: ["seeded", "a", "b"]))
        XCTAssertEqual(storage.writes.count, 2)
        store.finish()
    }

    func test_withNoWindow_eachChangeIsASave() {
        let (store, saving) = notesStore(InMemoryStorage(), delay: .nanoseconds(0))
        saving.receiveLoad { $0.notes.apply(.absent) }
        store.send(.add("a")) { $0.notes.value.items.append("a") }
        saving.receiveSave(Notes(items: ["a"]))
        store.send(.add("b")) { $0.notes.value.items.append("b") }
        saving.receiveSave(Notes(items: ["a", "b"]))
        store.finish()
    }

    /// Issue 54, point 2, under the test store: an edit made while loading is saved once a load that found nothing
    /// keeps it. Failed before: no save was made.
    func test_anEditWhileLoading_isSaved_whenTheLoadFindsNothing() throws {
        let storage = InMemoryStorage()
        let (store, saving) = notesStore(storage, delay: .nanoseconds(0))
        store.send(.add("while loading")) { $0.notes.value.items.append("while loading") }
        saving.receiveLoad { $0.notes.apply(.absent) }
        saving.receiveSave(Notes(items: ["while loading"]))
        XCTAssertEqual(try decodedWrite(XCTUnwrap(storage.data), as: Notes.self).items, ["while loading"])
        store.finish()
    }

    func test_whatWasLoaded_isNotSavedBack() {
        let storage = InMemoryStorage(seeding: seeded, as: notesKey)
        let (store, saving) = notesStore(storage)
        saving.receiveLoad { $0.notes.apply(.loaded(self.seeded)) }
        store.advance(by: .seconds(5))
        XCTAssertEqual(storage.writes, [])
        store.finish()
    }

    func test_aRelaunch_loadsWhatTheFirstStoreSaved() {
        let storage = InMemoryStorage()
        let (first, firstSaving) = notesStore(storage)
        firstSaving.receiveLoad { $0.notes.apply(.absent) }
        first.send(.add("kept")) { $0.notes.value.items.append("kept") }
        firstSaving.receiveSave(Notes(items: ["kept"]))
        first.finish()

        let (relaunched, saving) = notesStore(storage)
        saving.receiveLoad { $0.notes.apply(.loaded(Notes(items: ["kept"]))) }
        relaunched.finish()
    }

    // MARK: - Failures injected

    func test_aCorruptFile_isLeftUntouched_andNothingIsSaved_untilTheStateStartsFresh() throws {
        let storage = InMemoryStorage(data: Data("not json".utf8))
        let (store, saving) = notesStore(storage)
        guard case .failed(let error) = saving.load else { return XCTFail("loaded \(saving.load)") }
        XCTAssertEqual(error.reason, .unreadable)
        XCTAssertEqual(storage.keptAside, [Data("not json".utf8)])

        saving.receiveLoad { $0.notes.apply(.failed(error)) }
        store.send(.add("a")) { $0.notes.value.items.append("a") }
        store.advance(by: .seconds(1))
        XCTAssertEqual(storage.data, Data("not json".utf8), "nothing is written over what could not be read")

        store.send(.startFresh) { $0.notes.startFresh() }
        saving.receiveSave(Notes(items: ["a"]))
        XCTAssertEqual(try decodedWrite(XCTUnwrap(storage.data), as: Notes.self).items, ["a"])
        store.finish()
    }

    func test_aFailedRead_arrivesWithTheLoad() {
        let storage = InMemoryStorage(seeding: seeded, as: notesKey)
        storage.failReads()
        let (store, saving) = notesStore(storage)
        guard case .failed(let error) = saving.load else { return XCTFail("loaded \(saving.load)") }
        XCTAssertEqual(error.reason, .readFailed)
        saving.receiveLoad { $0.notes.apply(.failed(error)) }
        store.finish()
    }

    func test_aRefusedWrite_isAssertedWithTheFailedEvent_andTheNextSaveWritesTheValue() throws {
        let storage = InMemoryStorage()
        let (store, saving) = notesStore(storage)
        saving.receiveLoad { $0.notes.apply(.absent) }
        storage.failWrites(1)

        store.send(.add("a")) { $0.notes.value.items.append("a") }
        let refused = saving.receiveSave(Notes(items: ["a"])) {
            $0.saveFailure = SavedValueError(
                key: "notes", reason: .writeFailed, detail: "InMemoryStorage: an injected write failure")
        }
        XCTAssertEqual(refused?.error?.reason, .writeFailed)
        XCTAssertEqual(storage.data, nil)

        store.send(.add("b")) { $0.notes.value.items.append("b") }
        XCTAssertEqual(saving.receiveSave(Notes(items: ["a", "b"])), .written)
        XCTAssertEqual(try decodedWrite(XCTUnwrap(storage.data), as: Notes.self).items, ["a", "b"])
        store.finish()
    }

    /// A write that meets a change made to the storage since (another process's) is not made over it: the change is
    /// handled as the load's event when the test asserts the save, as a real store link delivers it.
    func test_aSaveThatMeetsAnOutsideChange_isNotWritten_andTheChangeIsHandledAsTheLoad() throws {
        let storage = InMemoryStorage(seeding: seeded, as: notesKey)
        let (store, saving) = notesStore(storage, delay: .nanoseconds(0))
        saving.receiveLoad { $0.notes.apply(.loaded(self.seeded)) }
        let outside = Notes(items: ["outside"])
        try storage.write(XCTUnwrap(InMemoryStorage(seeding: outside, as: notesKey).data))

        store.send(.add("local")) { $0.notes.value.items.append("local") }
        let answer = saving.receiveSave(Notes(items: ["seeded", "local"])) { $0.notes.apply(.loaded(outside)) }
        XCTAssertEqual(answer?.error?.reason, .changedOutside)
        XCTAssertEqual(try decodedWrite(XCTUnwrap(storage.data), as: Notes.self), outside)

        store.send(.add("after")) { $0.notes.value.items.append("after") }
        XCTAssertEqual(saving.receiveSave(Notes(items: ["outside", "after"])), .written)
        XCTAssertEqual(try decodedWrite(XCTUnwrap(storage.data), as: Notes.self).items, ["outside", "after"])
        store.finish()
    }

    // MARK: - Obligations broken

    func test_aSaveNotAsserted_failsAtFinish_sayingWhatWasSavedAndHowToAssertIt() {
        let failures = TestFailureCollector()
        let (store, saving) = notesStore(InMemoryStorage(), failures: failures)
        saving.receiveLoad { $0.notes.apply(.absent) }
        store.send(.add("a")) { $0.notes.value.items.append("a") }
        store.finish()

        XCTAssertEqual(failures.messages.count, 1, "\(failures.messages)")
        let message = failures.messages.first ?? ""
        XCTAssertTrue(message.contains("saved value \"notes\" had obligations left"), message)
        XCTAssertTrue(message.contains("save not asserted: Notes(items: [\"a\"])"), message)
        XCTAssertTrue(message.contains("receiveSave(_:)"), message)
    }

    func test_aSaveMade_andNotAssertedBeforeTheNextEvent_fails() {
        let failures = TestFailureCollector()
        let (store, saving) = notesStore(InMemoryStorage(), failures: failures, delay: .nanoseconds(0))
        saving.receiveLoad { $0.notes.apply(.absent) }
        store.send(.add("a")) { $0.notes.value.items.append("a") }
        store.send(.add("b")) { $0.notes.value.items.append("b") }
        XCTAssertEqual(failures.messages.count, 1, "\(failures.messages)")
        let message = failures.messages.first ?? ""
        XCTAssertTrue(message.contains("was not asserted: it saved Notes(items: [\"a\"])"), message)
        XCTAssertTrue(message.contains("To fix, call `receiveSave(Notes(items: [\"a\"]))`"), message)
        saving.receiveSave(Notes(items: ["a", "b"]))
        store.finish()
        XCTAssertEqual(failures.messages.count, 1, "one omission is reported once")
    }

    func test_aSaveAsserted_thatDidNotHappen_fails() {
        let failures = TestFailureCollector()
        let (store, saving) = notesStore(InMemoryStorage(seeding: seeded, as: notesKey), failures: failures)
        saving.receiveLoad { $0.notes.apply(.loaded(self.seeded)) }
        saving.receiveSave(seeded)
        store.finish()
        XCTAssertEqual(failures.messages.count, 1, "\(failures.messages)")
        XCTAssertTrue(
            failures.messages.first?.contains("but nothing was saved since the last save asserted") == true,
            "\(failures.messages)")
    }

    func test_aSaveOfAnotherValue_failsWithTheDifference() {
        let failures = TestFailureCollector()
        let (store, saving) = notesStore(InMemoryStorage(), failures: failures)
        saving.receiveLoad { $0.notes.apply(.absent) }
        store.send(.add("a")) { $0.notes.value.items.append("a") }
        store.send(.add("b")) { $0.notes.value.items.append("b") }
        saving.receiveSave(Notes(items: ["a"]))  // the first edit's value: but the window saves the last one
        store.finish()
        XCTAssertEqual(failures.messages.count, 1, "\(failures.messages)")
        XCTAssertTrue(failures.messages.first?.contains("is not the one expected") == true, "\(failures.messages)")
    }

    func test_aLoadNotReceived_failsAtFinish() {
        let failures = TestFailureCollector()
        let (store, _) = notesStore(InMemoryStorage(seeding: seeded, as: notesKey), failures: failures)
        store.finish()
        XCTAssertEqual(failures.messages.count, 1, "\(failures.messages)")
        XCTAssertTrue(
            failures.messages.first?.contains("load not received: it found .loaded(Notes(items: [\"seeded\"]))")
                == true, "\(failures.messages)")
    }

    func test_aStoreReleasedWithoutFinish_reportsTheSaveLeft() {
        let failures = TestFailureCollector()
        do {
            let (store, saving) = notesStore(InMemoryStorage(), failures: failures)
            saving.receiveLoad { $0.notes.apply(.absent) }
            store.send(.add("a")) { $0.notes.value.items.append("a") }
        }
        XCTAssertEqual(failures.messages.count, 1, "\(failures.messages)")
        XCTAssertTrue(failures.messages.first?.contains("released without finish()") == true, "\(failures.messages)")
    }

    func test_inPartialMode_savesNeedNotBeAsserted_butOneAssertedIsChecked() {
        let failures = TestFailureCollector()
        let store = TestStore<NotesFeature>(exhaustivity: .partial, reporter: failures.reporter)
        let saving = store.save(\.notes, as: notesKey, in: InMemoryStorage(), loaded: NotesFeature.Event.loaded)
        saving.receiveLoad()
        store.send(.add("a"))
        store.send(.add("b"))
        saving.receiveSave(Notes(items: ["a", "b"]))
        saving.receiveSave(Notes(items: ["c"]))
        store.finish()
        XCTAssertEqual(failures.messages.count, 1, "\(failures.messages)")
        XCTAssertTrue(failures.messages.first?.contains("expected a save of \"notes\"") == true, "\(failures.messages)")
    }
}
