import EffectStore
import EffectStoreShared
import EffectStoreTesting
import Foundation
import XCTest

final class SavedValueWriterTests: XCTestCase {
    func test_save_thenFlush_putsTheValueInTheFile_andARelaunchLoadsIt() throws {
        let url = temporaryFolder(self).appendingPathComponent("notes.json")
        let writer = SavedValueWriter(key: notesKey, storage: FileStorage(url: url))
        XCTAssertEqual(writer.load(), .absent)
        writer.save(Notes(items: ["milk"]))
        writer.save(Notes(items: ["milk", "eggs"]))
        XCTAssertEqual(flushed(writer), .written)

        let relaunched = SavedValueWriter(key: notesKey, storage: FileStorage(url: url))
        XCTAssertEqual(relaunched.load(), .loaded(Notes(items: ["milk", "eggs"])))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        XCTAssertEqual(
            leftovers.sorted(), [".notes.json.lock", "notes.json"],
            "no temporary file stays behind a finished write; the lock file of the writers does")
    }

    func test_threeSaves_insideTheDelay_giveOneWriteOfTheLast() throws {
        let storage = InMemoryStorage()
        let writer = SavedValueWriter(key: notesKey, storage: storage, delay: .seconds(5))
        writer.save(Notes(items: ["a"]))
        writer.save(Notes(items: ["a", "b"]))
        writer.save(Notes(items: ["a", "b", "c"]))
        XCTAssertEqual(flushed(writer), .written, "a flush does not wait for the delay")
        XCTAssertEqual(storage.writes.count, 1)
        XCTAssertEqual(try decodedWrite(storage.writes[0], as: Notes.self), Notes(items: ["a", "b", "c"]))
    }

    func test_aValue_isEncodedOnlyWhenItIsWritten() {
        let encodings = LockedBox<Int>.make(0)
        let writer = SavedValueWriter(
            key: SavedKey<CountedEncodings>("counted"), storage: InMemoryStorage(), delay: .seconds(5))
        for number in 1...1_000 { writer.save(CountedEncodings(number: number, encodings: encodings)) }
        XCTAssertEqual(flushed(writer), .written)
        XCTAssertEqual(encodings.withLock { $0 }, 1, "1,000 saves coalesced into one write encode once")
    }

    func test_atMostOneWrite_isInFlight_andTheLastValueIsWrittenLast() throws {
        let storage = ObservedStorage()
        let writer = SavedValueWriter(key: SavedKey<Int>("count"), storage: storage)
        let threads = 4
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for number in 0..<250 { writer.save(thread * 1_000 + number) }
        }
        writer.save(-1)
        XCTAssertEqual(flushed(writer), .written)
        XCTAssertEqual(storage.counts.withLock { $0.mostInFlight }, 1)
        XCTAssertLessThan(storage.inner.writes.count, 1_001, "saves during a write join the next one")
        XCTAssertEqual(try decodedWrite(XCTUnwrap(storage.inner.data), as: Int.self), -1)
    }

    func test_flush_answersOnlyOnceEverySaveBeforeItIsWritten() throws {
        let storage = ObservedStorage(gated: true)
        let writer = SavedValueWriter(key: SavedKey<Int>("count"), storage: storage)
        writer.save(1)
        XCTAssertEqual(storage.writeStarted.wait(timeout: .now() + .seconds(10)), .success)
        writer.save(2)  // arrives while 1 is being written
        let flush = writer.flush()
        storage.gate?.signal()  // 1 is written; 2 is not yet
        XCTAssertEqual(storage.writeStarted.wait(timeout: .now() + .seconds(10)), .success)
        XCTAssertFalse(flush.isResolved, "2, saved before the flush, is still being written")
        storage.gate?.signal()
        XCTAssertEqual(flush.wait(timeout: .seconds(10)), .written)
        XCTAssertEqual(try decodedWrite(XCTUnwrap(storage.inner.data), as: Int.self), 2)
    }

    func test_flush_withNothingPending_answersAtOnce() {
        let writer = SavedValueWriter(key: notesKey, storage: InMemoryStorage())
        XCTAssertTrue(writer.flush().isResolved)
    }

    func test_theLoadedValue_savedStraightBack_writesNothing() throws {
        let storage = InMemoryStorage(seeding: Notes(items: ["kept"]), as: notesKey)
        let writer = SavedValueWriter(key: notesKey, storage: storage)
        let loaded = try XCTUnwrap(writer.load().value)
        writer.save(loaded)
        XCTAssertEqual(flushed(writer), .written)
        XCTAssertEqual(storage.writes, [])
    }

    func test_anUnreadableFile_isLeftUntouched_aCopyIsKeptAside_andNothingIsWrittenUntilAllowed() throws {
        let url = temporaryFolder(self).appendingPathComponent("notes.json")
        let garbage = Data("{\"version\": 1, \"value\": {\"items\": 42}}".utf8)
        try garbage.write(to: url)
        let writer = SavedValueWriter(key: notesKey, storage: FileStorage(url: url))

        guard case .failed(let error) = writer.load() else { return XCTFail("an unreadable file must fail to load") }
        XCTAssertEqual(error.reason, .unreadable)
        let copy = try XCTUnwrap(error.copyKeptAt)
        XCTAssertEqual(copy, url.deletingLastPathComponent().appendingPathComponent("notes.unreadable-1.json").path)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), garbage)
        XCTAssertTrue(writer.writesHeldBack)

        writer.save(Notes(items: ["new"]))
        XCTAssertEqual(flushed(writer)?.error?.reason, .writesHeldBack)
        XCTAssertEqual(try Data(contentsOf: url), garbage, "the file is untouched until the app decides")

        writer.allowWrites()  // the app starts fresh
        XCTAssertEqual(flushed(writer), .written)
        XCTAssertEqual(
            SavedValueWriter(key: notesKey, storage: FileStorage(url: url)).load(), .loaded(Notes(items: ["new"])))
    }

    func test_aFileOfANewerVersion_isLeftUntouched_andACopyKeptAside() throws {
        let storage = InMemoryStorage(data: Data("{\"version\": 3, \"value\": {\"items\": [], \"tags\": []}}".utf8))
        let writer = SavedValueWriter(key: SavedKey<Notes>("notes", version: 2, migrations: [v1ToV2]), storage: storage)
        guard case .failed(let error) = writer.load() else { return XCTFail("a newer file must fail to load") }
        XCTAssertEqual(error.reason, .newerVersion(found: 3, supported: 2))
        XCTAssertEqual(storage.keptAside, [storage.data])
        XCTAssertEqual(error.copyKeptAt, "memory, copy 1")
        XCTAssertTrue(error.description.contains("version 3"), error.description)
    }

    func test_anOlderFile_isMigratedInOrder_andWrittenBackAtTheCurrentVersion() throws {
        let storage = InMemoryStorage(data: Data("{\"version\": 1, \"value\": {\"text\": \"a\\nb\"}}".utf8))
        let key = SavedKey<Notes>("notes", version: 3, migrations: [v1ToV2, v2ToV3])
        let writer = SavedValueWriter(key: key, storage: storage)
        XCTAssertEqual(writer.load(), .migrated(Notes(items: ["a", "b", "(v3)"]), fromVersion: 1))
        XCTAssertEqual(storage.writes.count, 1)
        XCTAssertEqual(
            SavedValueWriter(key: key, storage: storage).load(), .loaded(Notes(items: ["a", "b", "(v3)"])),
            "the migrated value was written back at version 3")
    }

    func test_aMigration_thatDoesNotDecode_leavesTheFileUntouched() throws {
        let original = Data("{\"version\": 1, \"value\": {\"text\": \"a\"}}".utf8)
        let storage = InMemoryStorage(data: original)
        let broken = SavedValueMigration(from: 1, decoding: NotesV1.self) { _ in ["not": "notes"] }
        let writer = SavedValueWriter(key: SavedKey<Notes>("notes", version: 2, migrations: [broken]), storage: storage)
        XCTAssertEqual(writer.load().failedReason, .migrationFailed(from: 1))
        XCTAssertEqual(storage.writes, [], "a migrated value is written back only after it decoded")
        XCTAssertEqual(storage.data, original)
    }

    func test_aFileOlderThanEveryMigration_hasNoMigration_withTheVersionsInItsMessage() {
        let storage = InMemoryStorage(data: Data("{\"version\": 1, \"value\": {}}".utf8))
        let writer = SavedValueWriter(key: SavedKey<Notes>("notes", version: 3, migrations: [v2ToV3]), storage: storage)
        guard case .failed(let error) = writer.load() else { return XCTFail("expected a failure") }
        XCTAssertEqual(error.reason, .noMigration(from: 1))
        XCTAssertTrue(error.detail.contains("oldest is from version 2"), error.detail)
    }

    /// Issue 54, point 9: corrupt bytes, a file no migration starts from, a migration that threw and one that gave what
    /// the next version does not read shared one reason, told apart only by text. Failed before: `.unreadable` for
    /// all.
    func test_whyAFileCouldNotBeRead_isToldApartByItsReason() {
        struct Refusal: Error {}
        let throwing = SavedValueMigration(from: 1, decoding: NotesV1.self) { _ -> Notes in throw Refusal() }
        func reason(_ file: String, _ migrations: [SavedValueMigration], version: Int = 2) -> SavedValueError.Reason? {
            let storage = InMemoryStorage(data: Data(file.utf8))
            let key = SavedKey<Notes>("notes", version: version, migrations: migrations)
            return SavedValueWriter(key: key, storage: storage).load().failedReason
        }
        let versionOne = "{\"version\": 1, \"value\": {\"text\": \"a\"}}"
        XCTAssertEqual(reason("{\"vers", [v1ToV2]), .unreadable, "not JSON")
        XCTAssertEqual(reason("{\"version\": 2, \"value\": {\"items\": 42}}", [v1ToV2]), .unreadable, "not the value")
        XCTAssertEqual(reason("{\"version\": 1, \"value\": {\"items\": []}}", [v1ToV2]), .unreadable, "not version 1's")
        XCTAssertEqual(reason(versionOne, [v2ToV3], version: 3), .noMigration(from: 1))
        XCTAssertEqual(reason(versionOne, [throwing]), .migrationFailed(from: 1))
        XCTAssertEqual(reason(versionOne, [v1ToV2, v2ToV3Broken], version: 3), .migrationFailed(from: 2))
    }

    /// Issue 54, point 8: a file that holds a plain JSON value, as swift-sharing's `fileStorage` writes one, was always
    /// unreadable, with no way to adopt it. It is version 0, which a migration `from: 0` reads. Failed before: the
    /// load was `.unreadable` ("no version field"), with the migration or without.
    func test_aPlainJSONFile_isVersion0_adoptedByAMigrationFrom0_andWrittenBackWithItsVersion() throws {
        let plain = Data("{\"items\":[\"milk\",\"eggs\"],\"version\":7}".utf8)  // the value's own field "version"
        struct PlainNotes: Codable { var items: [String]; var version: Int }
        let adopt = SavedValueMigration(from: 0, decoding: PlainNotes.self) { Notes(items: $0.items) }
        let key = SavedKey<Notes>("notes", migrations: [adopt])
        let storage = InMemoryStorage(data: plain)

        XCTAssertEqual(
            SavedValueWriter(key: key, storage: storage).load(),
            .migrated(Notes(items: ["milk", "eggs"]), fromVersion: 0))
        XCTAssertEqual(SavedValueWriter(key: key, storage: storage).load(), .loaded(Notes(items: ["milk", "eggs"])))
        XCTAssertEqual(storage.keptAside, [])

        let unadopted = InMemoryStorage(data: plain)
        guard case .failed(let error) = SavedValueWriter(key: notesKey, storage: unadopted).load() else {
            return XCTFail("a plain file without a migration from 0 must fail to load")
        }
        XCTAssertEqual(error.reason, .noMigration(from: 0))
        XCTAssertTrue(error.detail.contains("plain JSON value"), error.detail)
        XCTAssertEqual(unadopted.data, plain, "left untouched")
    }

    /// A plain JSON array, or any JSON that is not this library's envelope, is version 0 too.
    func test_aPlainJSONArray_isVersion0() {
        let key = SavedKey<[String]>(
            "groceries", version: 2,
            migrations: [
                SavedValueMigration(from: 0, decoding: [String].self) { $0 },
                SavedValueMigration(from: 1, decoding: [String].self) { $0.map { $0.capitalized } },
            ])
        let storage = InMemoryStorage(data: Data("[\"milk\"]".utf8))
        XCTAssertEqual(SavedValueWriter(key: key, storage: storage).load(), .migrated(["Milk"], fromVersion: 0))
    }

    func test_aFailedWrite_keepsTheValuePending_andTheNextFlushWritesIt() throws {
        let storage = InMemoryStorage()
        let reported = LockedBox<[SavedValueError.Reason]>.make([])
        // The delay keeps the write for the flush, so the flush sees the failure.
        let writer = SavedValueWriter(key: notesKey, storage: storage, delay: .seconds(5)) { error in
            reported.withLock { $0.append(error.reason) }
        }
        storage.failWrites(1)
        writer.save(Notes(items: ["precious"]))
        XCTAssertEqual(flushed(writer)?.error?.reason, .writeFailed)
        XCTAssertEqual(reported.withLock { $0 }, [.writeFailed])
        XCTAssertEqual(flushed(writer), .written)
        XCTAssertEqual(try decodedWrite(XCTUnwrap(storage.data), as: Notes.self), Notes(items: ["precious"]))
    }

    /// Issue 54, point 9: the order of `onWriteFailure` and a flush's answer was not said. `onWriteFailure` comes
    /// first, so that a store link's `failed:` event is dispatched before the flush answers. Failed before: the flush
    /// answered first.
    func test_aFailedWrite_callsOnWriteFailure_beforeTheFlushAnswers() {
        let storage = ObservedStorage(gated: true)
        storage.inner.failWrites(1)
        let order = LockedBox<[String]>.make([])
        let writer = SavedValueWriter(key: notesKey, storage: storage, delay: .seconds(5)) { _ in
            order.withLock { $0.append("onWriteFailure") }
        }
        writer.save(Notes(items: ["a"]))
        let flush = writer.flush()
        flush.onComplete { _ in order.withLock { $0.append("flush answered") } }
        storage.gate?.signal()  // the write, held until the flush's callback is in place, fails
        XCTAssertEqual(flush.wait(timeout: .seconds(10))?.error?.reason, .writeFailed)
        XCTAssertEqual(order.withLock { $0 }, ["onWriteFailure", "flush answered"])
    }

    /// Issue 54, point 9: a value that can never be encoded was reported twice — the failed write, then its retry at
    /// the flush — as `.writeFailed`, the reason of a write the disk refused. Failed before: two `.writeFailed`.
    func test_aValueThatCannotBeEncoded_isReportedOnce_asUnencodable_untilANewerValueIsWritten() throws {
        struct Reading: Codable, Equatable, Sendable { var celsius: Double }
        let storage = InMemoryStorage()
        let reported = LockedBox<[SavedValueError.Reason]>.make([])
        let key = SavedKey<Reading>("reading")
        let writer = SavedValueWriter(key: key, storage: storage) { error in
            reported.withLock { $0.append(error.reason) }
        }
        writer.save(Reading(celsius: .nan))
        XCTAssertEqual(flushed(writer)?.error?.reason, .unencodable)
        XCTAssertEqual(flushed(writer)?.error?.reason, .unencodable, "no retry can write it; the flush says so")
        XCTAssertEqual(reported.withLock { $0 }, [.unencodable])
        XCTAssertEqual(storage.writes, [])

        writer.save(Reading(celsius: 21.5))
        XCTAssertEqual(flushed(writer), .written)
        XCTAssertEqual(try decodedWrite(XCTUnwrap(storage.data), as: Reading.self), Reading(celsius: 21.5))
        XCTAssertEqual(reported.withLock { $0 }, [.unencodable])
    }

    func test_aFailedRead_holdsBackWrites() {
        let storage = InMemoryStorage(seeding: Notes(items: ["there"]), as: notesKey)
        storage.failReads()
        let writer = SavedValueWriter(key: notesKey, storage: storage)
        XCTAssertEqual(writer.load().failedReason, .readFailed)
        writer.save(Notes(items: []))
        XCTAssertEqual(flushed(writer)?.error?.reason, .writesHeldBack)
        XCTAssertEqual(storage.writes, [])
    }

    func test_defaultsStorage_roundTrip() {
        let suite = "EffectStoreSharedTests-\(UUID().uuidString)"
        addTeardownBlock { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        let writer = SavedValueWriter(key: notesKey, storage: DefaultsStorage(key: "notes", suiteName: suite))
        writer.save(Notes(items: ["setting"]))
        XCTAssertEqual(flushed(writer), .written)
        let relaunched = SavedValueWriter(key: notesKey, storage: DefaultsStorage(key: "notes", suiteName: suite))
        XCTAssertEqual(relaunched.load(), .loaded(Notes(items: ["setting"])))
    }

    func test_migrationsOutOfOrder_stopWithAMessageSayingHowToFix() {
        runInChildProcess(self, expectingCrashWith: "must be contiguous, oldest first") {
            _ = SavedKey<Notes>("notes", version: 3, migrations: [v2ToV3, v1ToV2])
        }
    }
}

/// Version 1 of the notes: one text, a note per line.
struct NotesV1: Codable {
    var text: String
}

/// Version 2 of the notes is `Notes` without the marker version 3 adds.
let v1ToV2 = SavedValueMigration(from: 1, decoding: NotesV1.self) { old in
    Notes(items: old.text.split(separator: "\n").map(String.init))
}

let v2ToV3 = SavedValueMigration(from: 2, decoding: Notes.self) { old in
    Notes(items: old.items + ["(v3)"])
}

/// A step from 2 whose value version 3 does not read.
let v2ToV3Broken = SavedValueMigration(from: 2, decoding: Notes.self) { _ in ["not": "notes"] }

/// A value that counts how often it is encoded.
struct CountedEncodings: Codable, Equatable, Sendable {
    var number: Int
    var encodings: LockedBox<Int>?

    init(number: Int, encodings: LockedBox<Int>) {
        self.number = number
        self.encodings = encodings
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.number == rhs.number }

    init(from decoder: any Decoder) throws {
        number = try decoder.singleValueContainer().decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
        encodings?.withLock { $0 += 1 }
        var container = encoder.singleValueContainer()
        try container.encode(number)
    }
}

extension SavedLoad {
    var failedReason: SavedValueError.Reason? {
        if case .failed(let error) = self { return error.reason }
        return nil
    }
}

final class SavedValueOutsideChangeTests: XCTestCase {
    func test_aValueAnotherWriterSaved_isReportedOnce_andTheWritersOwnWritesNever() throws {
        let url = temporaryFolder(self).appendingPathComponent("notes.json")
        let mine = SavedValueWriter(key: notesKey, storage: FileStorage(url: url))
        XCTAssertEqual(mine.load(), .absent)
        mine.save(Notes(items: ["mine"]))
        XCTAssertEqual(flushed(mine), .written)
        XCTAssertNil(mine.checkForOutsideChange(), "its own write is not an outside change")

        let other = SavedValueWriter(key: notesKey, storage: FileStorage(url: url))
        _ = other.load()
        other.save(Notes(items: ["theirs"]))
        XCTAssertEqual(flushed(other), .written)
        XCTAssertEqual(mine.checkForOutsideChange(), .loaded(Notes(items: ["theirs"])))
        XCTAssertNil(mine.checkForOutsideChange(), "reported once")

        mine.save(Notes(items: ["theirs"]))  // the state took the outside value: nothing to write
        XCTAssertEqual(flushed(mine), .written)
        XCTAssertEqual(try Data(contentsOf: url), try XCTUnwrap(other.storage.read()))
    }

    func test_aLocalValueNotYetWritten_isWrittenAfterAnOutsideChange_unlessANewerSaveReplacesIt() throws {
        let storage = InMemoryStorage()
        let writer = SavedValueWriter(key: notesKey, storage: storage, delay: .seconds(5))
        XCTAssertEqual(writer.load(), .absent)
        writer.save(Notes(items: ["local"]))
        try storage.write(InMemoryStorage(seeding: Notes(items: ["outside"]), as: notesKey).data!)
        XCTAssertEqual(writer.checkForOutsideChange(), .loaded(Notes(items: ["outside"])))
        XCTAssertEqual(flushed(writer), .written)
        XCTAssertEqual(try decodedWrite(XCTUnwrap(storage.data), as: Notes.self), Notes(items: ["local"]))
    }

    /// Issue 54, point 3: writer A saved 3 over another process's 2, which it had not read: the flush succeeded,
    /// `checkForOutsideChange()` answered nil, and nothing ever reported the 2. A write now goes only over what the
    /// writer last read or wrote. Failed before: the flush answered `.written` and the file held 3.
    func test_aWrite_overAValueAnotherWriterWroteSince_isNotMade_andThatValueIsReported() throws {
        let url = temporaryFolder(self).appendingPathComponent("count.json")
        let key = SavedKey<Int>("count")
        let a = SavedValueWriter(key: key, storage: FileStorage(url: url))
        XCTAssertEqual(a.load(), .absent)
        a.save(1)
        XCTAssertEqual(flushed(a), .written)
        let b = SavedValueWriter(key: key, storage: FileStorage(url: url))  // another process's
        XCTAssertEqual(b.load(), .loaded(1))
        b.save(2)
        XCTAssertEqual(flushed(b), .written)

        a.save(3)
        XCTAssertEqual(flushed(a)?.error?.reason, .changedOutside)
        XCTAssertEqual(SavedValueWriter(key: key, storage: FileStorage(url: url)).load(), .loaded(2), "2 is kept")
        XCTAssertEqual(a.checkForOutsideChange(), .loaded(2), "and reported")

        a.save(3)  // the app saw the 2, and decided
        XCTAssertEqual(flushed(a), .written)
        XCTAssertEqual(SavedValueWriter(key: key, storage: FileStorage(url: url)).load(), .loaded(3))
    }

    /// The same when nothing was saved at the load: a file another process made since is not written over.
    func test_aWrite_overAFileMadeSinceALoadThatFoundNone_isNotMade() throws {
        let storage = InMemoryStorage()
        let writer = SavedValueWriter(key: SavedKey<Int>("count"), storage: storage)
        XCTAssertEqual(writer.load(), .absent)
        let theirs = try XCTUnwrap(InMemoryStorage(seeding: 7, as: SavedKey<Int>("count")).data)
        try storage.write(theirs)
        writer.save(1)
        XCTAssertEqual(flushed(writer)?.error?.reason, .changedOutside)
        XCTAssertEqual(storage.data, theirs)
        XCTAssertEqual(writer.checkForOutsideChange(), .loaded(7))
        XCTAssertEqual(flushed(writer), .written, "the pending value, written after the change was reported")
        XCTAssertEqual(try decodedWrite(XCTUnwrap(storage.data), as: Int.self), 1)
    }

    /// A flush asked for while a check finds unreadable bytes from outside — the check first on the writer's queue,
    /// the flush's write after it — is answered, with the writes held back. Failed before: it never answered.
    func test_aFlushWaitingWhileACheckFindsUnreadableBytes_isAnswered() throws {
        let inner = InMemoryStorage(seeding: Notes(items: ["a"]), as: notesKey)
        let storage = GatedReads(inner)
        let writer = SavedValueWriter(key: notesKey, storage: storage, delay: .seconds(60))
        storage.gate.signal()
        XCTAssertEqual(writer.load(), .loaded(Notes(items: ["a"])))
        XCTAssertEqual(storage.readWaiting.wait(timeout: .now() + .seconds(10)), .success)  // the load's read
        writer.save(Notes(items: ["a", "b"]))
        try inner.write(Data("garbage".utf8))

        let checked = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = writer.checkForOutsideChange()  // holds the writer's queue, its read waiting at the gate
            checked.signal()
        }
        XCTAssertEqual(storage.readWaiting.wait(timeout: .now() + .seconds(10)), .success)  // the check's read
        let flush = writer.flush()
        storage.gate.signal()
        XCTAssertEqual(checked.wait(timeout: .now() + .seconds(10)), .success)
        XCTAssertEqual(flush.wait(timeout: .seconds(10))?.error?.reason, .writesHeldBack)
        XCTAssertEqual(inner.data, Data("garbage".utf8))
    }

    func test_unreadableBytesFromOutside_areLeftUntouched_andHoldBackThePendingWrite() throws {
        let storage = InMemoryStorage()
        let writer = SavedValueWriter(key: notesKey, storage: storage, delay: .seconds(5))
        XCTAssertEqual(writer.load(), .absent)
        writer.save(Notes(items: ["pending"]))
        try storage.write(Data("garbage".utf8))
        XCTAssertEqual(writer.checkForOutsideChange()?.failedReason, .unreadable)
        XCTAssertEqual(storage.keptAside, [Data("garbage".utf8)])
        XCTAssertEqual(flushed(writer)?.error?.reason, .writesHeldBack)
        XCTAssertEqual(storage.data, Data("garbage".utf8))
    }
}
