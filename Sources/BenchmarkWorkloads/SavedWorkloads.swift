import Dispatch
import EffectStore
import EffectStoreShared
import Foundation

/// A state that holds a saved collection: one edit toggles one element of it.
public struct BenchSavedList: State, Equatable {
    public struct Item: Codable, Equatable, Sendable {
        public var id: Int
        public var isDone: Bool
    }

    public var items: SavedState<[Item]>

    public enum Event: Sendable {
        case loaded(SavedLoad<[Item]>)
        case toggle(Int)
    }

    public typealias Effect = Never

    public init(elements: Int) {
        items = SavedState((0..<elements).map { Item(id: $0, isDone: false) })
    }

    public static var initialState: BenchSavedList { BenchSavedList(elements: 0) }

    public mutating func handle(event: Event) -> Never? {
        switch event {
        case .loaded(let load): items.apply(load)
        case .toggle(let index): items.value[index].isDone.toggle()
        }
        return nil
    }
}

extension Workloads {
    /// One edit to a saved collection of `elements` elements, through a store that saves it: the dispatch, the
    /// observation that hands the new value to the writer, and the writer's bookkeeping. The writer encodes and
    /// writes on its own queue, to memory, concurrently with the timed loop. Nanoseconds per edit; compare with
    /// `dispatch`.
    public static func savedEdit(elements: Int, count: Int) throws -> Double {
        let store = Store(initialState: BenchSavedList(elements: elements))
        let storage = InMemoryStorage()
        let saving = store.save(
            \.items, as: SavedKey("bench.items"), in: storage, loaded: BenchSavedList.Event.loaded)
        try waitForLoad(store)
        let start = now()
        for edit in 0..<count { store.dispatch(event: .toggle(edit % elements)) }
        let elapsed = now() - start
        try verify(
            saving.flush().waitForValue(seconds: 60) == true, "saved.edit: the last edit did not reach the storage")
        let saved = try JSONDecoder().decode(SavedItems.self, from: storage.data ?? Data()).value
        try verify(saved == store.state.items.value, "saved.edit: the storage holds another value than the state")
        return Double(elapsed) / Double(count)
    }

    /// Writes per second to a file while a store makes 1,000 edits per second to a saved collection of 1,000
    /// elements, for `edits` edits; a figure in writes per second (coalescing keeps it below 1,000).
    public static func savedWritesPerSecond(edits: Int) throws -> Double {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = Store(initialState: BenchSavedList(elements: 1_000))
        let storage = CountingStorage(FileStorage(url: folder.appendingPathComponent("items.json")))
        let saving = store.save(\.items, as: SavedKey("bench.items"), in: storage, loaded: BenchSavedList.Event.loaded)
        try waitForLoad(store)
        let start = now()
        for edit in 0..<edits {
            // Paced: edit `n` is made no sooner than n milliseconds after the start.
            let due = start + UInt64(edit) * 1_000_000
            let current = now()
            if current < due { usleep(UInt32((due - current) / 1_000)) }
            store.dispatch(event: .toggle(edit % 1_000))
        }
        try verify(saving.flush().waitForValue(seconds: 60) == true, "saved.writes: the last edit was not written")
        let elapsed = Double(now() - start) / 1e9
        return Double(storage.writes.withLock { $0 }) / elapsed
    }

    private static func waitForLoad(_ store: Store<BenchSavedList>) throws {
        let loaded = DispatchSemaphore(value: 0)
        let token = store.subscribe { state in if state.items.phase == .saving { loaded.signal() } }
        try verify(loaded.wait(timeout: .now() + .seconds(30)) == .success, "saved: the load never arrived")
        token.cancel()
    }
}

/// The file format, as the workloads read it back.
private struct SavedItems: Decodable {
    let value: [BenchSavedList.Item]
}

/// A storage that counts the writes that reach it.
private final class CountingStorage: SavedValueStorage {
    let inner: any SavedValueStorage
    let writes = LockedBox<Int>.make(0)

    init(_ inner: any SavedValueStorage) { self.inner = inner }

    func read() throws -> Data? { try inner.read() }
    func keepAside(_ data: Data) throws -> String { try inner.keepAside(data) }

    func write(_ data: Data) throws {
        try inner.write(data)
        writes.withLock { $0 += 1 }
    }

    func write(_ data: Data, replacing expected: Data?) throws -> Data? {
        let found = try inner.write(data, replacing: expected)
        if found == nil { writes.withLock { $0 += 1 } }
        return found
    }
}

extension Future where Value == SavedFlush {
    /// Whether the flush succeeded, waiting at most `seconds`; `nil` on a timeout.
    fileprivate func waitForValue(seconds: Int) -> Bool? {
        let answer = LockedBox<Bool?>.make(nil)
        let done = DispatchSemaphore(value: 0)
        onComplete { result in
            answer.withLock {
                $0 = result == .written
            }
            done.signal()
        }
        _ = done.wait(timeout: .now() + .seconds(seconds))
        return answer.withLock { $0 }
    }
}
