import EffectStore
import EffectStoreTesting

// Four features with ordering bugs that example-based tests pass, each with its fix behind `fixed`: the explorer of
// effect orders finds each bug, and explores each fixed version clean.

/// Search as you type. The bug: a search's answer is shown even when a newer query was typed since, so a stale answer
/// overwrites the newer one. The fix: the newer query cancels the search in flight.
struct StaleSearch: State, Hashable {
    var fixed = false
    var query = ""
    var results: [String] = []
    var resultsQuery = ""
    var isSearching = false

    enum Event: Sendable, Hashable {
        case typed(String)
        case answered(query: String, results: [String])
    }

    enum Work: Sendable, Equatable { case search(String) }
    typealias Effect = Planned<Work>

    static var initialState: StaleSearch { StaleSearch() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .typed(let query):
            self.query = query
            isSearching = true
            let search = Effect.work(.search(query))
            return fixed ? search.cancellable(id: "search", cancelInFlight: true) : search
        case .answered(let query, let results):
            self.results = results
            resultsQuery = query
            isSearching = false
            return nil
        }
    }
}

/// A checkout. The bug: a second tap on "Place order" while the first order is on its way places a second order.
/// The fix: a tap while submitting, or once placed, is ignored.
struct DoubleSubmit: State, Hashable {
    var fixed = false
    var isSubmitting = false
    var orders = 0

    enum Event: Sendable, Hashable { case submitTapped, orderPlaced }
    enum Effect: Sendable, Equatable { case placeOrder }

    static var initialState: DoubleSubmit { DoubleSubmit() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .submitTapped:
            if fixed && (isSubmitting || orders > 0) { return nil }
            isSubmitting = true
            return .placeOrder
        case .orderPlaced:
            isSubmitting = false
            orders += 1
            return nil
        }
    }
}

/// An editor sheet. The bug: dismissing the sheet leaves its save running, and the save's answer then shows a banner
/// on a screen that is gone. The fix: dismissing cancels the save.
struct SaveAfterDismiss: State, Hashable {
    var fixed = false
    var isPresented = true
    var isSaving = false
    var banner: String?

    enum Event: Sendable, Hashable { case saveTapped, dismissed, saved, saveFailed }

    enum Work: Sendable, Equatable { case save }
    typealias Effect = Planned<Work>

    static var initialState: SaveAfterDismiss { SaveAfterDismiss() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .saveTapped:
            guard isPresented else { return nil }
            isSaving = true
            return Effect.work(.save).cancellable(id: "save")
        case .dismissed:
            isPresented = false
            isSaving = false
            banner = nil
            return fixed ? .cancel(id: "save") : nil
        case .saved:
            isSaving = false
            banner = "Saved"
            return nil
        case .saveFailed:
            isSaving = false
            banner = "Could not save"
            return nil
        }
    }
}

/// A ticking timer. The bug: each tick re-arms the timer without its id, so stopping cancels only the first timer
/// and the re-armed one keeps counting. The fix: re-arm under the id, and only while running.
struct RearmedTimer: State, Hashable {
    var fixed = false
    var isRunning = false
    var seconds = 0

    enum Event: Sendable, Hashable { case start, stop, ticked }

    enum Work: Sendable, Equatable { case tick }
    typealias Effect = Planned<Work>

    static var initialState: RearmedTimer { RearmedTimer() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .start:
            isRunning = true
            return Effect.work(.tick).delayed(by: .seconds(1), id: "tick")
        case .stop:
            isRunning = false
            return .cancel(id: "tick")
        case .ticked:
            seconds += 1
            guard fixed else { return Effect.work(.tick).delayed(by: .seconds(1)) }
            return isRunning ? Effect.work(.tick).delayed(by: .seconds(1), id: "tick") : nil
        }
    }
}

// MARK: - The features, as explored

extension StaleSearch {
    static func explorer(fixed: Bool) -> StateExplorer<StaleSearch> {
        StateExplorer(initialState: StaleSearch(fixed: fixed), events: [.typed("a"), .typed("ab")])
            .invariant("the results shown are for the query") { $0.isSearching || $0.resultsQuery == $0.query }
            .answering { effect in
                guard case .work(.search(let query)) = effect else { return [] }
                return [.later(.answered(query: query, results: [query + "!"]))]
            }
    }
}

extension DoubleSubmit {
    static func explorer(fixed: Bool, answer: EffectOutcome<Event> = .later(.orderPlaced)) -> StateExplorer<Self> {
        StateExplorer(initialState: DoubleSubmit(fixed: fixed), events: [.submitTapped, .submitTapped])
            .invariant("one order per checkout") { $0.orders <= 1 }
            .answering { _ in [answer] }
    }
}

extension SaveAfterDismiss {
    static func explorer(fixed: Bool) -> StateExplorer<SaveAfterDismiss> {
        StateExplorer(initialState: SaveAfterDismiss(fixed: fixed), events: [.saveTapped, .dismissed])
            .invariant("no banner on a dismissed sheet") { $0.banner == nil || $0.isPresented }
            .answering { _ in [.later(.saved), .failing(.saveFailed)] }
    }
}

extension RearmedTimer {
    static func explorer(fixed: Bool) -> StateExplorer<RearmedTimer> {
        StateExplorer(initialState: RearmedTimer(fixed: fixed), events: [.start, .stop])
            .transitionInvariant("a stopped timer does not count") {
                $0.from.isRunning || $0.to.seconds == $0.from.seconds
            }
            .answering { _ in [.later(.ticked)] }
    }
}
