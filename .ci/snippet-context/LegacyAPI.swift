// For the README's "Future and Promise" snippet: a callback API of the kind a future wraps.
import EffectStore

struct Process: Sendable {
    let title: String
}

struct API: Sendable {
    func get(_ path: String, completion: @escaping @Sendable ([Process]) -> Void) { completion([]) }
}

let api = API()
