// For the snippets of Coming from TCA after its first: the counter of that first snippet, as it is there, and a
// stand-in for the app's network client.
import EffectStore

struct Counter: State, Equatable {
    var count = 0
    var fact: String?
    var isLoading = false

    enum Event: Sendable, Equatable {
        case incrementTapped, factTapped
        case factLoaded(String), factFailed(String)
    }
    enum Effect: Sendable, Equatable { case fetchFact(Int) }

    static var initialState: Counter { Counter() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .incrementTapped:
            count += 1
            fact = nil
            return nil
        case .factTapped:
            isLoading = true
            return .fetchFact(count)
        case .factLoaded(let fact):
            isLoading = false
            self.fact = fact
            return nil
        case .factFailed:
            isLoading = false
            return nil
        }
    }
}

protocol NumberFactClient: Sendable {
    func fetch(_ number: Int) async throws -> String
}

final class CounterEffects: EffectHandler {
    let numberFact: any NumberFactClient
    init(numberFact: any NumberFactClient) { self.numberFact = numberFact }

    func handle(effect: Counter.Effect) -> Future<Counter.Event>? {
        switch effect {
        case .fetchFact(let number):
            return Future(
                catching: { [numberFact] in .factLoaded(try await numberFact.fetch(number)) },
                mapError: { .factFailed("\($0)") })
        }
    }
}

/// The app's client, over the network; a stand-in here.
struct LiveNumberFact: NumberFactClient {
    func fetch(_ number: Int) async throws -> String { "\(number)" }
}
