import EffectStore

/// A small `Equatable` state with two independent fields, for derived-state and subscription tests.
struct TwoFieldState: State, Equatable {
    var count = 0
    var name = ""

    enum Event: Sendable {
        case increment
        case rename(String)
        case set(Int)
    }

    typealias Effect = Never

    static var initialState: TwoFieldState { TwoFieldState() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .increment: count += 1
        case .rename(let name): self.name = name
        case .set(let count): self.count = count
        }
        return nil
    }
}
