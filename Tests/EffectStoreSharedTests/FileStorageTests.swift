import EffectStore
import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStoreShared

/// ``FileStorage``'s files: the folder made at the first write, the names beside the file that any legal name leaves
/// room for, and the temporary files a read removes.
final class FileStorageTests: XCTestCase {
    func test_fileStorage_createsItsFolder_atTheFirstWrite() {
        let url = temporaryFolder(self).appendingPathComponent("a/b/notes.json")
        let writer = SavedValueWriter(key: notesKey, storage: FileStorage(url: url))
        writer.save(Notes(items: ["x"]))
        XCTAssertEqual(flushed(writer), .written)
        XCTAssertEqual(SavedValueWriter(key: notesKey, storage: FileStorage(url: url)).load().value?.items, ["x"])
    }

    /// Issue 54, point 1: a legal name of 214 to 255 bytes could never be written, as the temporary file's name added
    /// 42 bytes to it ("File name too long"). Failed before: every flush of these names failed.
    func test_aFileNameOfUpTo255Bytes_isWritten_andReadBack() throws {
        let folder = temporaryFolder(self)
        let names = [
            String(repeating: "n", count: 209) + ".json",  // 214 bytes
            String(repeating: "n", count: 250) + ".json",  // 255 bytes
            String(repeating: "é", count: 125) + ".json",  // 255 bytes, two a character: cut between characters
        ]
        for name in names {
            let url = folder.appendingPathComponent(name)
            let writer = SavedValueWriter(key: notesKey, storage: FileStorage(url: url))
            XCTAssertEqual(writer.load(), .absent)
            writer.save(Notes(items: [name]))
            XCTAssertEqual(flushed(writer), .written, "\(name.utf8.count) bytes")
            XCTAssertEqual(
                SavedValueWriter(key: notesKey, storage: FileStorage(url: url)).load(), .loaded(Notes(items: [name])))
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(left.filter { !$0.hasPrefix(".") }.sorted(), names.sorted())
        XCTAssertEqual(left.filter { $0.hasSuffix(".tmp") }, [], "no temporary file stays behind a finished write")
        XCTAssertEqual(left.filter { $0.hasSuffix(".lock") }.count, 3, "the writers' lock files, one a name, stay")
    }

    /// Issue 54, point 4: each launch over the same unreadable file kept one more copy of it, so an app carrying on
    /// read-only filled its folder. Failed before: five launches left five copies.
    func test_launchesOverOneUnreadableFile_keepOneCopy_andOtherUnreadableBytesAnother() throws {
        let folder = temporaryFolder(self)
        let url = folder.appendingPathComponent("notes.json")
        try Data("garbage".utf8).write(to: url)
        var copies: [String?] = []
        for _ in 1...5 {
            guard case .failed(let error) = SavedValueWriter(key: notesKey, storage: FileStorage(url: url)).load()
            else {
                return XCTFail("an unreadable file must fail to load")
            }
            copies.append(error.copyKeptAt)
        }
        let first = folder.appendingPathComponent("notes.unreadable-1.json").path
        XCTAssertEqual(copies, Array(repeating: first, count: 5))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
            [
                "notes.json", "notes.unreadable-1.json",
            ])

        try Data("other garbage".utf8).write(to: url)
        let other = SavedValueWriter(key: notesKey, storage: FileStorage(url: url)).load()
        guard case .failed(let error) = other else { return XCTFail("an unreadable file must fail to load") }
        XCTAssertEqual(error.copyKeptAt, folder.appendingPathComponent("notes.unreadable-2.json").path)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first)), Data("garbage".utf8))
    }

    /// The copy of a long name's unreadable file keeps within the length of a file name too.
    func test_theCopyOfALongNamesUnreadableFile_isKept() throws {
        let folder = temporaryFolder(self)
        let url = folder.appendingPathComponent(String(repeating: "n", count: 250) + ".json")
        try Data("garbage".utf8).write(to: url)
        guard case .failed(let error) = SavedValueWriter(key: notesKey, storage: FileStorage(url: url)).load() else {
            return XCTFail("an unreadable file must fail to load")
        }
        let copy = try XCTUnwrap(error.copyKeptAt, error.description)
        XCTAssertTrue(copy.hasSuffix(".unreadable-1.json"), copy)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), Data("garbage".utf8))
    }

    /// A killed write leaves its temporary file behind; the next read removes it once it is old enough to be
    /// abandoned, and leaves a young one — possibly another process's write in progress — and every file that is not
    /// one of its own temporary files alone. Issue 54, point 5: a read of `notes.json` removed any old
    /// `.notes.json.*.tmp`, `.notes.json.draft.tmp` among them. Failed before: that file was removed.
    func test_aRead_removesItsOwnAbandonedTemporaryFiles_only() throws {
        let folder = temporaryFolder(self)
        let url = folder.appendingPathComponent("notes.json")
        let storage = FileStorage(url: url)
        try storage.write(Data("[]".utf8))
        let old = FileStorage.abandonedAfter + 60
        let abandoned = try file(".notes.json.\(UUID().uuidString).tmp", age: old, in: folder)
        let young = try file(".notes.json.\(UUID().uuidString).tmp", age: 1, in: folder)
        let anotherFiles = try file(".other.json.\(UUID().uuidString).tmp", age: old, in: folder)
        let notATemporaryFile = try file(".notes.json.draft.tmp", age: old, in: folder)
        let lowercase = try file(".notes.json.\(UUID().uuidString.lowercased()).tmp", age: old, in: folder)

        XCTAssertEqual(try storage.read(), Data("[]".utf8))

        XCTAssertFalse(FileManager.default.fileExists(atPath: abandoned), "an abandoned temporary file stays")
        XCTAssertFalse(FileManager.default.fileExists(atPath: lowercase), "an abandoned temporary file stays")
        XCTAssertTrue(FileManager.default.fileExists(atPath: young), "a write that may be in progress was removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: anotherFiles), "another file's temporary file was removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: notATemporaryFile), "a file of the user's was removed")
    }

    /// The temporary file of a long name, which a killed write left, is removed too, and not another long name's.
    func test_aRead_ofALongName_removesItsAbandonedTemporaryFiles_andNotThoseOfAnotherLongName() throws {
        let folder = temporaryFolder(self)
        let name = String(repeating: "n", count: 250) + ".json"
        let other = String(repeating: "n", count: 250) + ".jsox"
        let url = folder.appendingPathComponent(name)
        let writer = SavedValueWriter(key: notesKey, storage: FileStorage(url: url))
        writer.save(Notes(items: ["a"]))
        XCTAssertEqual(flushed(writer), .written)
        let mine = try file(DurableFile.temporaryName(of: name), age: FileStorage.abandonedAfter + 60, in: folder)
        let theirs = try file(DurableFile.temporaryName(of: other), age: FileStorage.abandonedAfter + 60, in: folder)

        XCTAssertEqual(
            SavedValueWriter(key: notesKey, storage: FileStorage(url: url)).load(), .loaded(Notes(items: ["a"])))

        XCTAssertFalse(FileManager.default.fileExists(atPath: mine))
        XCTAssertTrue(FileManager.default.fileExists(atPath: theirs))
    }

    /// Makes the file `name` in `folder`, last changed `age` seconds ago.
    private func file(_ name: String, age: TimeInterval, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: path)
        return path
    }
}
