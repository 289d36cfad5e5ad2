// Shared by every case: a ticking child with work, an editor that only tells its parent messages.
import EffectStore

struct Ticker: ChildState, Identifiable {
    var id = 0
    enum Event: Sendable { case start }
    enum Work: Sendable { case tick }
    typealias Effect = Planned<Work>
    mutating func handle(event: Event) -> Effect? { .work(.tick) }
}

struct Editor: ChildState {
    var text = ""
    enum Event: Sendable { case done }
    enum Message: Sendable { case finished(String) }
    typealias Effect = PlannedEffect<Never, Message>
    mutating func handle(event: Event) -> Effect? { .tell(.finished(text)) }
}
