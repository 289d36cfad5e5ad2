import EffectStore
import XCTest

/// A screen kind whose case holds two values, as TCA's `.meeting(Meeting, syncUp: SyncUp)` does. Stacks and
/// presentations route an event to the screen whole, and the screen's own `handle(event:)` opens its case: no case
/// needs a single associated value.
private enum LabelledScreen: ChildState, Hashable {
    case ticker(Ticker, label: String)
    case note(String)

    enum Event: Hashable, Sendable { case ticker(Ticker.Event) }
    enum Work: Sendable, Hashable {
        case ticker(Ticker.Effect)
    }
    typealias Effect = Planned<Work>

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .ticker(let event):
            guard case .ticker(var ticker, let label) = self else { return nil }
            let effect = ticker.transition(on: event)
            self = .ticker(ticker, label: label)
            return effect.map { Effect.lifting($0, into: { .work(.ticker($0)) }) }
        }
    }
}

/// A parent with a stack and a sheet of ``LabelledScreen``s.
private struct LabelledHost: ChildState, Hashable {
    var path = ScreenStack<LabelledScreen>()
    var sheet: LabelledScreen?

    enum Event: Hashable, Sendable {
        case push(LabelledScreen)
        case present(LabelledScreen)
        case path(StackEvent<LabelledScreen.Event>)
        case sheet(PresentationEvent<LabelledScreen.Event>)
    }

    enum Work: Sendable, Hashable {
        case screen(StackElementID, LabelledScreen.Effect)
        case sheet(LabelledScreen.Effect)
    }
    typealias Effect = Planned<Work>

    static let places: ChildPlaces<Self> = [.stack(\.path), .presented(\.sheet)]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .push(let screen):
            path.push(screen)
            return nil
        case .present(let screen):
            sheet = screen
            return nil
        case .path(let event):
            return handle(event, in: \.path, effect: { .work(.screen($0, $1)) })
        case .sheet(let event):
            return handle(event, in: \.sheet, effect: { .work(.sheet($0)) })
        }
    }
}

final class MultiValueCaseRoutingTests: XCTestCase {
    func test_anEventForAStackScreenInACaseOfTwoValues_changesTheChild_keepsTheOtherValue_andRunsUnderTheScreen() {
        var host = LabelledHost()
        _ = host.transition(on: .push(.note("root")))
        _ = host.transition(on: .push(.ticker(Ticker(id: 1), label: "standup")))
        let screen = ScreenScope(\LabelledHost.path, 1)

        XCTAssertEqual(
            host.transition(on: .path(.element(id: 1, .ticker(.start)))),
            LabelledHost.Effect.work(.screen(1, .work(.ticker(.work(.tick)))))
                .delayed(by: .seconds(1), id: ScopedEffectID(scope: screen, id: "timer"))
                .cancellable(id: screen)
        )
        _ = host.transition(on: .path(.element(id: 1, .ticker(.tick))))
        XCTAssertEqual(host.path[id: 1], .ticker(Ticker(id: 1, ticks: 1), label: "standup"))
        XCTAssertNil(host.transition(on: .path(.element(id: 0, .ticker(.tick)))), "the note is in another case")
        XCTAssertEqual(host.path[id: 0], .note("root"))
        XCTAssertEqual(host.transition(on: .path(.popFrom(id: 1))), .cancel(id: screen))
    }

    func test_anEventForAPresentedScreenInACaseOfTwoValues_changesTheChild_andKeepsTheOtherValue() {
        var host = LabelledHost()
        let sheet = PresentationScope(\LabelledHost.sheet)
        _ = host.transition(on: .present(.ticker(Ticker(id: 2), label: "retro")))

        XCTAssertEqual(
            host.transition(on: .sheet(.presented(.ticker(.start)))),
            LabelledHost.Effect.work(.sheet(.work(.ticker(.work(.tick)))))
                .delayed(by: .seconds(1), id: ScopedEffectID(scope: sheet, id: "timer"))
                .cancellable(id: sheet)
        )
        _ = host.transition(on: .sheet(.presented(.ticker(.tick))))
        XCTAssertEqual(host.sheet, .ticker(Ticker(id: 2, ticks: 1), label: "retro"))
        XCTAssertEqual(host.transition(on: .sheet(.dismiss)), .cancel(id: sheet))
        XCTAssertNil(host.transition(on: .sheet(.presented(.ticker(.tick)))), "dismissed: ignored")
    }
}
