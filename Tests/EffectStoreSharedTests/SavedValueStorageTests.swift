import EffectStoreShared
import Foundation
import XCTest

/// The obligations every storage of the library keeps (``SavedValueStorage``), for the storages other than a file's
/// (``FileStorageTests`` has the file's).
final class SavedValueStorageTests: XCTestCase {
    /// Issue 54, point 4: one copy of unreadable bytes however often they are read. Failed before: a copy a read.
    func test_inMemory_keepsOneCopyOfTheSameBytes() throws {
        let storage = InMemoryStorage()
        XCTAssertEqual(try storage.keepAside(Data("a".utf8)), "memory, copy 1")
        XCTAssertEqual(try storage.keepAside(Data("b".utf8)), "memory, copy 2")
        XCTAssertEqual(try storage.keepAside(Data("a".utf8)), "memory, copy 1")
        XCTAssertEqual(storage.keptAside, [Data("a".utf8), Data("b".utf8)])
    }

    /// A setting that `@AppStorage` or swift-sharing's `appStorage` stored as a plain property-list value reads as its
    /// JSON, version 0: a migration from 0 adopts it, and without one it is left untouched. Failed before: it read as
    /// nothing, and the first save wrote over it.
    func test_defaults_aPlainSettingStoredByAnotherLibrary_isVersion0_andAdopted() throws {
        let suite = "EffectStoreSharedTests-\(UUID().uuidString)"
        addTeardownBlock { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        let defaults = try XCTUnwrap(UserDefaults(suiteName: suite))
        defaults.set(true, forKey: "isDarkMode")
        let storage = DefaultsStorage(key: "isDarkMode", suiteName: suite)

        guard case .failed(let error) = SavedValueWriter(key: SavedKey<Bool>("isDarkMode"), storage: storage).load()
        else { return XCTFail("a plain value without a migration from 0 must fail to load") }
        XCTAssertEqual(error.reason, .noMigration(from: 0))
        XCTAssertEqual(defaults.object(forKey: "isDarkMode") as? Bool, true, "left untouched")

        let adopting = SavedKey<Bool>(
            "isDarkMode", migrations: [SavedValueMigration(from: 0, decoding: Bool.self) { $0 }])
        let writer = SavedValueWriter(key: adopting, storage: storage)
        XCTAssertEqual(writer.load(), .migrated(true, fromVersion: 0))
        XCTAssertEqual(SavedValueWriter(key: adopting, storage: storage).load(), .loaded(true))
    }

    func test_defaults_keepOneCopyOfTheSameBytes() throws {
        let suite = "EffectStoreSharedTests-\(UUID().uuidString)"
        addTeardownBlock { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        let storage = DefaultsStorage(key: "notes", suiteName: suite)
        XCTAssertEqual(try storage.keepAside(Data("a".utf8)), "defaults key notes.unreadable-1")
        XCTAssertEqual(try storage.keepAside(Data("b".utf8)), "defaults key notes.unreadable-2")
        XCTAssertEqual(try storage.keepAside(Data("a".utf8)), "defaults key notes.unreadable-1")
        XCTAssertNil(UserDefaults(suiteName: suite)?.object(forKey: "notes.unreadable-3"))
    }
}
