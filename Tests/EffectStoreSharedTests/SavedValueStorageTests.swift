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
