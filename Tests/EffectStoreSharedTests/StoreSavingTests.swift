import EffectStore
import EffectStoreShared
import EffectStoreTesting
import Foundation
import XCTest

final class StoreSavingTests: XCTestCase {
    func test_theLoad_arrivesAsAnEvent_isNotSavedBack_andEachChangeIsSaved_andARelaunchSeesIt() throws {
        let url = temporaryFolder(self).appendingPathComponent("notes.json")
        let seeding = SavedValueWriter(key: notesKey, storage: FileStorage(url: url))
        seeding.save(Notes(items: ["saved before"]))
        XCTAssertEqual(flushed(seeding), .written)
        let storage = CountingFileStorage(url: url)

        let store = Store<NotesFeature>()
        let saving = store.save(\.notes, as: notesKey, in: storage, loaded: NotesFeature.Event.loaded)
        store.wait { $0.notes.phase == .saving }
        XCTAssertEqual(store.state.notes.value, Notes(items: ["saved before"]))
        XCTAssertEqual(saving.flush().wait(timeout: .seconds(10)), .written)
        XCTAssertEqual(storage.writes.withLock { $0 }, 0, "what was loaded is not saved straight back")

        _ = store.dispatch(event: .add("new")).wait(timeout: .seconds(10))
        XCTAssertEqual(saving.flush().wait(timeout: .seconds(10)), .written)
        XCTAssertEqual(storage.writes.withLock { $0 }, 1)

        let relaunched = Store<NotesFeature>()
        let relaunchedSaving = relaunched.save(
            \.notes, as: notesKey, in: FileStorage(url: url), loaded: NotesFeature.Event.loaded)
        relaunched.wait { $0.notes.phase == .saving }
        XCTAssertEqual(relaunched.state.notes.value, Notes(items: ["saved before", "new"]))
        relaunchedSaving.cancel()
    }

    func test_afterALoadThatFoundNothing_theStartingValueIsNotWritten_untilItChanges() throws {
        let storage = InMemoryStorage()
        let store = Store<NotesFeature>()
        let saving = store.save(\.notes, as: notesKey, in: storage, loaded: NotesFeature.Event.loaded)
        store.wait { $0.notes.phase == .saving }
        XCTAssertEqual(saving.flush().wait(timeout: .seconds(10)), .written)
        XCTAssertEqual(storage.writes, [])
        _ = store.dispatch(event: .add("first")).wait(timeout: .seconds(10))
        XCTAssertEqual(saving.flush().wait(timeout: .seconds(10)), .written)
        XCTAssertEqual(storage.writes.count, 1)
    }

    func test_anEditWhileLoading_isNotSaved_andTheLoadReplacesIt() throws {
        let inner = InMemoryStorage(seeding: Notes(items: ["on disk"]), as: notesKey)
        let storage = GatedReads(inner)
        let store = Store<NotesFeature>()
        let saving = store.save(\.notes, as: notesKey, in: storage, loaded: NotesFeature.Event.loaded)
        _ = store.dispatch(event: .add("too early")).wait(timeout: .seconds(10))
        XCTAssertEqual(saving.flush().wait(timeout: .seconds(10)), .written)
        XCTAssertEqual(inner.writes, [], "an edit before the load would overwrite what is saved")

        storage.gate.signal()
        store.wait { $0.notes.phase == .saving }
        XCTAssertEqual(store.state.notes.value, Notes(items: ["on disk"]))
        XCTAssertEqual(saving.flush().wait(timeout: .seconds(10)), .written)
        XCTAssertEqual(inner.writes, [])
    }

    /// Issue 54, point 7: a real store's save delay ran on wall-clock time even when the store was given a
    /// `TestClock`. It runs on the store's clock, and counts from the first change after a quiet spell: with a delay
    /// of a minute, edits at 0 s and 36 s are written at 60 s, one write of the last value; an edit made then waits
    /// for a delay of its own, or a flush. Failed before: no write came when the test clock passed the delay.
    func test_theSaveDelay_runsOnTheStoresClock_fromTheFirstChange() throws {
        let clock = TestClock()
        let storage = ObservedStorage()
        let store = Store<NotesFeature>(effectHandler: NoNotesEffects(), clock: clock)
        let saving = store.save(
            \.notes, as: notesKey, in: storage, delay: .seconds(60), loaded: NotesFeature.Event.loaded)
        XCTAssertNotNil(saving.load.wait(timeout: .seconds(10)))

        _ = store.dispatch(event: .add("a")).wait(timeout: .seconds(10))
        clock.advance(by: .seconds(36))
        _ = store.dispatch(event: .add("b")).wait(timeout: .seconds(10))
        XCTAssertEqual(storage.inner.writes, [], "nothing is written before the delay passed on the store's clock")
        clock.advance(by: .seconds(24))  // a minute after the first change
        XCTAssertEqual(storage.writeStarted.wait(timeout: .now() + .seconds(10)), .success)

        _ = store.dispatch(event: .add("c")).wait(timeout: .seconds(10))  // at 60 s, once the write has started
        clock.advance(by: .seconds(59))
        XCTAssertEqual(saving.flush().wait(timeout: .seconds(10)), .written)  // a flush does not wait for the delay
        XCTAssertEqual(
            try storage.inner.writes.map { try decodedWrite($0, as: Notes.self).items }, [["a", "b"], ["a", "b", "c"]])
    }

    /// Issue 54, point 6: a test could not wait for a real store's load (`waitUntilSettled` does not know about it),
    /// so tests polled the state. The link's `load` resolves once the store has handled the load's event.
    func test_theLinksLoad_resolvesOnceTheStoreHasHandledTheLoad() throws {
        let inner = InMemoryStorage(seeding: Notes(items: ["on disk"]), as: notesKey)
        let storage = GatedReads(inner)
        let store = Store<NotesFeature>()
        let saving = store.save(\.notes, as: notesKey, in: storage, loaded: NotesFeature.Event.loaded)
        XCTAssertFalse(saving.load.isResolved, "the load waits at the gate")

        storage.gate.signal()
        XCTAssertEqual(saving.load.wait(timeout: .seconds(10)), .loaded(Notes(items: ["on disk"])))
        XCTAssertEqual(store.state.notes.phase, .saving, "the state has the load already")
        XCTAssertEqual(store.state.notes.value, Notes(items: ["on disk"]))
    }

    /// Issue 54, point 2: an edit made while loading, when nothing was saved yet, stayed in the state (which was then
    /// saving) and was never written, though the flush answered that everything was. The state keeps it, so it is
    /// saved. Failed before: the storage held nothing.
    func test_anEditWhileLoading_isSaved_whenTheLoadFindsNothing() throws {
        let inner = InMemoryStorage()
        let storage = GatedReads(inner)
        let store = Store<NotesFeature>()
        let saving = store.save(\.notes, as: notesKey, in: storage, loaded: NotesFeature.Event.loaded)
        _ = store.dispatch(event: .add("while loading")).wait(timeout: .seconds(10))

        storage.gate.signal()
        store.wait { $0.notes.phase == .saving }
        XCTAssertEqual(store.state.notes.value, Notes(items: ["while loading"]), "the state kept the edit")
        XCTAssertEqual(saving.flush().wait(timeout: .seconds(10)), .written)
        XCTAssertEqual(try decodedWrite(XCTUnwrap(inner.data), as: Notes.self), Notes(items: ["while loading"]))
    }

    func test_anUnreadableFile_arrivesAsAnEvent_andNothingIsSaved_untilTheStateStartsFresh() throws {
        let garbage = Data("not json".utf8)
        let storage = InMemoryStorage(data: garbage)
        let store = Store<NotesFeature>()
        let saving = store.save(\.notes, as: notesKey, in: storage, loaded: NotesFeature.Event.loaded)
        store.wait {
            if case .unreadable = $0.notes.phase { return true }
            return false
        }
        guard case .unreadable(let error) = store.state.notes.phase else { return XCTFail("expected unreadable") }
        XCTAssertEqual(error.reason, .unreadable)
        XCTAssertEqual(storage.keptAside, [garbage])

        _ = store.dispatch(event: .add("while read-only")).wait(timeout: .seconds(10))
        XCTAssertEqual(saving.flush().wait(timeout: .seconds(10)), .written)
        XCTAssertEqual(storage.data, garbage, "nothing is written until the state decides")

        _ = store.dispatch(event: .startFresh).wait(timeout: .seconds(10))
        XCTAssertEqual(saving.flush().wait(timeout: .seconds(10)), .written)
        XCTAssertEqual(try decodedWrite(XCTUnwrap(storage.data), as: Notes.self), Notes(items: ["while read-only"]))
    }

    func test_aRefusedWrite_arrivesAsAnEvent_andTheValueIsWrittenAtTheNextFlush() throws {
        let storage = InMemoryStorage()
        let store = Store<NotesFeature>()
        let saving = store.save(
            \.notes, as: notesKey, in: storage, delay: .seconds(5), loaded: NotesFeature.Event.loaded,
            failed: NotesFeature.Event.saveFailed)
        store.wait { $0.notes.phase == .saving }
        storage.failWrites(1)
        _ = store.dispatch(event: .add("precious")).wait(timeout: .seconds(10))
        XCTAssertEqual(saving.flush().wait(timeout: .seconds(10))?.error?.reason, .writeFailed)
        // The `failed:` event was dispatched before the flush answered: an event dispatched now comes after it.
        let after = store.dispatch(event: .startFresh).wait(timeout: .seconds(10))
        XCTAssertEqual(after?.saveFailure?.reason, .writeFailed)

        XCTAssertEqual(saving.flush().wait(timeout: .seconds(10)), .written)
        XCTAssertEqual(try decodedWrite(XCTUnwrap(storage.data), as: Notes.self), Notes(items: ["precious"]))
    }

    func test_anUndo_thatChangesTheValue_isSaved() throws {
        let storage = InMemoryStorage()
        let store = Store<NotesFeature>()
        store.enableUndo(limit: 10)
        let saving = store.save(\.notes, as: notesKey, in: storage, loaded: NotesFeature.Event.loaded)
        store.wait { $0.notes.phase == .saving }
        _ = store.dispatch(event: .add("a")).wait(timeout: .seconds(10))
        _ = store.dispatch(event: .add("b")).wait(timeout: .seconds(10))
        store.undo()
        store.wait { $0.notes.value.items == ["a"] }
        XCTAssertEqual(saving.flush().wait(timeout: .seconds(10)), .written)
        XCTAssertEqual(try decodedWrite(XCTUnwrap(storage.data), as: Notes.self), Notes(items: ["a"]))
    }
}

/// The effect handler of a notes store that is given a clock: the notes have no effects.
final class NoNotesEffects: EffectHandler {
    func handle(effect: Never) -> Future<NotesFeature.Event>? {}
}

/// A file storage that counts its writes.
final class CountingFileStorage: SavedValueStorage {
    let file: FileStorage
    let writes = LockedBox<Int>.make(0)

    init(url: URL) { file = FileStorage(url: url) }

    func read() throws -> Data? { try file.read() }
    func keepAside(_ data: Data) throws -> String { try file.keepAside(data) }

    func write(_ data: Data) throws {
        writes.withLock { $0 += 1 }
        try file.write(data)
    }

    func write(_ data: Data, replacing expected: Data?) throws -> Data? {
        let found = try file.write(data, replacing: expected)
        if found == nil { writes.withLock { $0 += 1 } }
        return found
    }
}

final class StoreOutsideChangeTests: XCTestCase {
    /// The rule: a change from outside arrives as the load's event; the state applies it, and its value — the outside
    /// one — replaces a local change not yet written.
    func test_anOutsideChange_arrivesAsAnEvent_andWinsOverAPendingLocalWrite_whenTheStateAppliesIt() throws {
        let url = temporaryFolder(self).appendingPathComponent("notes.json")
        let store = Store<NotesFeature>()
        let saving = store.save(
            \.notes, as: notesKey, in: FileStorage(url: url), delay: .seconds(5), loaded: NotesFeature.Event.loaded)
        store.wait { $0.notes.phase == .saving }
        _ = store.dispatch(event: .add("local, pending")).wait(timeout: .seconds(10))

        let other = SavedValueWriter(key: notesKey, storage: FileStorage(url: url))
        _ = other.load()
        other.save(Notes(items: ["outside"]))
        XCTAssertEqual(flushed(other), .written)

        saving.checkForOutsideChange()
        store.wait { $0.notes.value == Notes(items: ["outside"]) }
        XCTAssertEqual(saving.flush().wait(timeout: .seconds(10)), .written)
        XCTAssertEqual(
            SavedValueWriter(key: notesKey, storage: FileStorage(url: url)).load(), .loaded(Notes(items: ["outside"])))
    }

    /// Issue 54, point 3, through a store: a local edit whose write finds another process's change is not written
    /// over it; the change arrives as the load's event, and what the state decides is saved. Failed before: the edit
    /// was written over the other change, which nothing reported.
    func test_aWriteThatMeetsAnOutsideChange_deliversIt_andTheStatesDecisionIsSaved() throws {
        let url = temporaryFolder(self).appendingPathComponent("notes.json")
        let store = Store<NotesFeature>()
        let saving = store.save(
            \.notes, as: notesKey, in: FileStorage(url: url), delay: .seconds(5), loaded: NotesFeature.Event.loaded,
            failed: NotesFeature.Event.saveFailed)
        store.wait { $0.notes.phase == .saving }
        let other = SavedValueWriter(key: notesKey, storage: FileStorage(url: url))
        _ = other.load()
        other.save(Notes(items: ["outside"]))
        XCTAssertEqual(flushed(other), .written)

        _ = store.dispatch(event: .add("local")).wait(timeout: .seconds(10))
        XCTAssertEqual(saving.flush().wait(timeout: .seconds(10))?.error?.reason, .changedOutside)
        store.wait { $0.notes.value == Notes(items: ["outside"]) }  // NotesFeature applies an outside change
        XCTAssertNil(store.state.saveFailure, "not a refused write")
        XCTAssertEqual(saving.flush().wait(timeout: .seconds(10)), .written)
        XCTAssertEqual(
            SavedValueWriter(key: notesKey, storage: FileStorage(url: url)).load(), .loaded(Notes(items: ["outside"])))

        _ = store.dispatch(event: .add("after")).wait(timeout: .seconds(10))
        XCTAssertEqual(saving.flush().wait(timeout: .seconds(10)), .written)
        XCTAssertEqual(
            SavedValueWriter(key: notesKey, storage: FileStorage(url: url)).load(),
            .loaded(Notes(items: ["outside", "after"])))
    }

    func test_checkEvery_findsAnOutsideChange_byItself() throws {
        let storage = InMemoryStorage()
        let store = Store<NotesFeature>()
        let saving = store.save(
            \.notes, as: notesKey, in: storage, checkEvery: .milliseconds(20), loaded: NotesFeature.Event.loaded)
        store.wait { $0.notes.phase == .saving }
        try storage.write(InMemoryStorage(seeding: Notes(items: ["from elsewhere"]), as: notesKey).data!)
        store.wait { $0.notes.value == Notes(items: ["from elsewhere"]) }
        saving.cancel()
    }
}
