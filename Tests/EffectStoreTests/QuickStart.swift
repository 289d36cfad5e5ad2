// The README's quick start, verbatim between the markers, and nothing else: no import above it, so this file
// compiles only if the quick start writes every import it needs. `QuickStartTests` runs it and fails when the two
// drift apart.

// README quick start: begin
import Dispatch
import EffectStore

// The functional core: a value that decides the next state and what should happen next.
enum CounterState: State, Equatable {
    case idle(count: Int)
    case saving(count: Int)

    enum Event: Sendable { case increment, saved }
    enum Effect: Sendable, Equatable { case save(count: Int) }

    static var initialState: CounterState { .idle(count: 0) }

    mutating func handle(event: Event) -> Effect? {
        switch (self, event) {
        case (.idle(let count), .increment):
            self = .saving(count: count + 1)
            return .save(count: count + 1)
        case (.saving(let count), .saved):
            self = .idle(count: count)
            return nil
        default:
            return nil  // ignore what makes no sense now, e.g. .increment while saving
        }
    }
}

// The imperative shell: performs an effect and answers with the event to feed back.
final class CounterEffects: EffectHandler {
    func handle(effect: CounterState.Effect) -> Future<CounterState.Event>? {
        switch effect {
        case .save(let count):
            return Future { resolve in
                DispatchQueue.global().async {
                    print("saved", count)  // the disk or network work goes here
                    resolve(.saved)
                }
            }
        }
    }
}

// The store runs event → state → effect → event on its own serial queue.
func runCounter() async -> CounterState {
    let store = Store<CounterState>(effectHandler: CounterEffects())
    let token = store.subscribe { state in print("state:", state) }
    defer { token.cancel() }

    // Resolves once the save has answered and `.saved` has been handled.
    return await store.dispatch(event: .increment).value  // .idle(count: 1)
}
// README quick start: end
