// For the fragment of Effects in practice that is an effect enum of a feature's own, conforming to ComposableEffect, shown alone.
import EffectStore

struct SearchFeature: State {
    enum Event: Sendable { case queryChanged(String) }
    static var initialState: SearchFeature { SearchFeature() }
    mutating func handle(event: Event) -> Effect? {
        guard case .queryChanged(let query) = event else { return nil }
        return Effect.search(query).debounced(id: "search", for: .milliseconds(300))
    }

// SNIPPET
}
