// For the fragment of Effects in practice that is a feature's `Work` and its `Planned` effect type, shown alone.
import EffectStore

struct SearchFeature: State {
    enum Event: Sendable { case queryChanged(String) }
    static var initialState: SearchFeature { SearchFeature() }
    mutating func handle(event: Event) -> Effect? {
        guard case .queryChanged(let query) = event else { return nil }
        return Effect.work(.search(query)).debounced(id: "search", for: .milliseconds(300))
    }

// SNIPPET
}
