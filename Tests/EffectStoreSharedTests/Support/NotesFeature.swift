import EffectStore
import EffectStoreShared
import Foundation
import XCTest

/// A feature that keeps its notes saved: the state applies the load, edits, and decides to start fresh.
struct NotesFeature: State, Equatable {
    var notes = SavedState(Notes(items: []))
    var saveFailure: SavedValueError?

    enum Event: Equatable, Sendable {
        case loaded(SavedLoad<Notes>)
        case add(String)
        case startFresh
        case saveFailed(SavedValueError)
    }

    typealias Effect = Never

    static let initialState = NotesFeature()

    mutating func handle(event: Event) -> Never? {
        switch event {
        case .loaded(let load): notes.apply(load)
        case .add(let item): notes.value.items.append(item)
        case .startFresh: notes.startFresh()
        case .saveFailed(let error): saveFailure = error
        }
        return nil
    }
}

extension Store {
    /// Waits (bounded, without polling: a subscription signals) until the state satisfies `condition`.
    func wait(
        until condition: @escaping @Sendable (S) -> Bool, file: StaticString = #filePath, line: UInt = #line
    ) {
        let met = DispatchSemaphore(value: 0)
        let token = subscribe { state in if condition(state) { met.signal() } }
        if met.wait(timeout: .now() + .seconds(10)) == .timedOut {
            XCTFail("the store's state never met the condition; it is \(state)", file: file, line: line)
        }
        token.cancel()
    }
}

/// A storage whose reads wait at a gate, so a test can act while a load is under way; its writes do not.
final class GatedReads: SavedValueStorage {
    let inner: InMemoryStorage
    let gate = DispatchSemaphore(value: 0)
    /// Signalled as each read starts to wait at the gate.
    let readWaiting = DispatchSemaphore(value: 0)

    init(_ inner: InMemoryStorage) { self.inner = inner }

    func read() throws -> Data? {
        readWaiting.signal()
        _ = gate.wait(timeout: .now() + .seconds(10))
        return try inner.read()
    }

    func write(_ data: Data) throws { try inner.write(data) }
    func write(_ data: Data, replacing expected: Data?) throws -> Data? { try inner.write(data, replacing: expected) }
    func keepAside(_ data: Data) throws -> String { try inner.keepAside(data) }
}
