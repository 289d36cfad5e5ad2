import EffectStore
import XCTest

/// A metronome that comes with a label, as TCA's `.meeting(Meeting, syncUp: SyncUp)` comes with its sync-up. A case
/// place holds one child, so the values that go with it are kept beside it in one value, which routes to the child at
/// a place of its own and keeps the rest as it is.
private struct LabelledMetronome: ChildState, Hashable {
    var metronome: Metronome
    var label: String

    typealias Event = Metronome.Event
    typealias Effect = Planned<Metronome.Work>

    static let metronome = ChildPlace(\LabelledMetronome.metronome, event: { $0 }, work: { $0 })
    static let places: ChildPlaces<LabelledMetronome> = [metronome]

    mutating func handle(event: Event) -> Effect? { route(event, to: Self.metronome) }
}

/// A screen kind whose case holds a child with a label. Stacks and presentations route an event to the screen whole,
/// and the screen routes it to its case.
private enum LabelledScreen: ChildState, Hashable {
    case metronome(LabelledMetronome)
    case note(String)

    enum Event: Hashable, Sendable { case metronome(Metronome.Event) }
    enum Work: Sendable, Hashable { case metronome(Metronome.Work) }
    typealias Effect = Planned<Work>

    static let metronome = ChildPlace(
        case: LabelledScreen.metronome, extract: { if case .metronome(let labelled) = $0 { labelled } else { nil } },
        event: Event.metronome, work: Work.metronome)
    static let places: ChildPlaces<LabelledScreen> = [metronome]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .metronome(let event): route(event, to: Self.metronome)
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
        case screen(StackElementID, LabelledScreen.Work)
        case sheet(LabelledScreen.Work)
    }
    typealias Effect = Planned<Work>

    static let path = ChildPlace(\LabelledHost.path, event: Event.path, work: Work.screen)
    static let sheet = ChildPlace(\LabelledHost.sheet, event: Event.sheet, work: Work.sheet)
    static let places: ChildPlaces<Self> = [path, sheet]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .push(let screen):
            path.push(screen)
            return nil
        case .present(let screen):
            sheet = screen
            return nil
        case .path(let event):
            return route(event, to: Self.path)
        case .sheet(let event):
            return route(event, to: Self.sheet)
        }
    }
}

/// The metronome's next beat, as its screen's case returns it.
private let nextBeat = LabelledScreen.metronome.lift(
    LabelledMetronome.metronome.lift(Metronome.Effect.work(.tick).delayed(by: .seconds(1), id: "timer")))

private func labelled(_ id: Int, ticks: Int = 0, _ label: String) -> LabelledScreen {
    .metronome(LabelledMetronome(metronome: Metronome(id: id, ticks: ticks), label: label))
}

final class MultiValueCaseRoutingTests: XCTestCase {
    func test_anEventForAStackScreenWhoseChildHasALabel_changesTheChild_keepsTheLabel_andRunsUnderTheScreen() {
        var host = LabelledHost()
        _ = host.transition(on: .push(.note("root")))
        _ = host.transition(on: .push(labelled(1, "standup")))

        XCTAssertEqual(
            host.transition(on: .path(.element(id: 1, .metronome(.start)))), LabelledHost.path.lift((1, nextBeat)))
        _ = host.transition(on: .path(.element(id: 1, .metronome(.tick))))
        XCTAssertEqual(host.path[id: 1], labelled(1, ticks: 1, "standup"))
        XCTAssertNil(host.transition(on: .path(.element(id: 0, .metronome(.tick)))), "the note is in another case")
        XCTAssertEqual(host.path[id: 0], .note("root"))
        XCTAssertEqual(host.transition(on: .path(.popFrom(id: 1))), LabelledHost.path.ending(1))
    }

    func test_anEventForAPresentedScreenWhoseChildHasALabel_changesTheChild_andKeepsTheLabel() {
        var host = LabelledHost()
        _ = host.transition(on: .present(labelled(2, "retro")))

        XCTAssertEqual(host.transition(on: .sheet(.presented(.metronome(.start)))), LabelledHost.sheet.lift(nextBeat))
        _ = host.transition(on: .sheet(.presented(.metronome(.tick))))
        XCTAssertEqual(host.sheet, labelled(2, ticks: 1, "retro"))
        XCTAssertEqual(host.transition(on: .sheet(.dismiss)), LabelledHost.sheet.ending())
        XCTAssertNil(host.transition(on: .sheet(.presented(.metronome(.tick)))), "dismissed: ignored")
    }

    /// The same effect spelled out: the metronome's timer id made its own at each level, and its plan started under
    /// its case's scope and its screen's.
    func test_theScreensEffect_isScopedToTheMetronome_itsCase_andItsScreen() {
        var host = LabelledHost()
        _ = host.transition(on: .push(labelled(1, "standup")))
        let effect = host.transition(on: .path(.element(id: 0, .metronome(.start)))).map(String.init(describing:)) ?? ""
        XCTAssertTrue(effect.hasPrefix(".work(.screen(0, "), effect)
        XCTAssertTrue(
            effect.hasSuffix(
                #".delayed(by: 1000 ms, id: \LabelledHost.path[0]/LabelledScreen, case LabelledMetronome/"#
                    + #"\LabelledMetronome.metronome/"timer")"#
                    + #".cancellable(id: \LabelledHost.path[0]/LabelledScreen, case LabelledMetronome)"#
                    + #".cancellable(id: \LabelledHost.path[0])"#),
            effect)
    }
}
