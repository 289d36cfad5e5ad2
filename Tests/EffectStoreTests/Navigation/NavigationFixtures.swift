import EffectStore
import Foundation

/// A screen with a repeating one-second timer and a message for its parent: the shape of a timed screen.
struct Ticker: ChildState, Identifiable, Hashable, Codable {
    var id: Int
    var ticks = 0

    enum Event: Hashable, Sendable {
        case start, tick, finish, stop
        /// Tells the parent it is done, and asks for its next tick all the same.
        case finishStillTicking
        /// Asks the parent to put a ticker with `id` in its place, and asks for its next tick all the same.
        case replaceMe(id: Int)
    }
    enum Message: Hashable, Sendable { case finished(ticks: Int), replaceMe(id: Int) }
    enum Work: Sendable, Hashable { case tick }
    typealias Effect = PlannedEffect<Work, Message>

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .start: return Effect.work(.tick).delayed(by: .seconds(1), id: "timer")
        case .tick:
            ticks += 1
            return Effect.work(.tick).delayed(by: .seconds(1), id: "timer")
        case .finish: return .tell(.finished(ticks: ticks))
        case .stop: return .cancel(id: "timer")
        case .finishStillTicking:
            return .all(.tell(.finished(ticks: ticks)), Effect.work(.tick).delayed(by: .seconds(1), id: "timer"))
        case .replaceMe(let id):
            return .all(.tell(.replaceMe(id: id)), Effect.work(.tick).delayed(by: .seconds(1), id: "timer"))
        }
    }
}

/// A repeating one-second timer that tells its parent nothing: a child with no messages.
struct Metronome: ChildState, Identifiable, Hashable {
    var id: Int
    var ticks = 0

    enum Event: Hashable, Sendable { case start, tick }
    enum Work: Sendable, Hashable {
        case tick
    }
    typealias Effect = Planned<Work>

    mutating func handle(event: Event) -> Effect? {
        if event == .tick { ticks += 1 }
        return Effect.work(.tick).delayed(by: .seconds(1), id: "timer")
    }
}

/// A screen that presents a ``Ticker`` of its own: a presentation nested in a stack element.
struct Panel: ChildState, Hashable, Codable {
    var sheet: Ticker?

    enum Event: Hashable, Sendable { case open(id: Int), sheet(PresentationEvent<Ticker.Event>) }
    enum Work: Sendable, Hashable { case sheet(Ticker.Work) }
    typealias Effect = Planned<Work>

    static let sheet = ChildPlace(\Panel.sheet, event: Event.sheet, work: Work.sheet)
    static let places: ChildPlaces<Panel> = [sheet]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .open(let id):
            sheet = Ticker(id: id)
            return nil
        case .sheet(let event):
            return route(event, to: Self.sheet) { state, message in
                switch message {
                case .finished: state.sheet = nil
                case .replaceMe(let id): state.sheet = Ticker(id: id)
                }
                return nil
            }
        }
    }
}

/// The screens of ``Host``'s stack.
enum HostScreen: ChildState, Hashable, Codable {
    case ticker(Ticker)
    case note(String)
    case panel(Panel)

    enum Event: Hashable, Sendable { case ticker(Ticker.Event), panel(Panel.Event) }
    enum Work: Sendable, Hashable { case ticker(Ticker.Work), panel(Panel.Work) }
    typealias Effect = PlannedEffect<Work, Ticker.Message>

    /// A ticker's timer ends when the screen leaves its case; a panel's own sheet too.
    static let ticker = ChildPlace(
        case: HostScreen.ticker, extract: { if case .ticker(let ticker) = $0 { ticker } else { nil } },
        event: Event.ticker, work: Work.ticker)
    static let panel = ChildPlace(
        case: HostScreen.panel, extract: { if case .panel(let panel) = $0 { panel } else { nil } },
        event: Event.panel, work: Work.panel)
    static let places: ChildPlaces<HostScreen> = [ticker, panel]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .ticker(let event): route(event, to: Self.ticker) { _, message in .tell(message) }
        case .panel(let event): route(event, to: Self.panel)
        }
    }
}

/// A parent that presents a ``Ticker`` in a sheet, keeps a stack of screens, and shows an alert.
struct Host: State, Hashable {
    var sheet: Ticker?
    var path = ScreenStack<HostScreen>()
    var alert: AlertState<AlertAction>?
    var log: [String] = []

    enum AlertAction: Hashable, Codable, Sendable { case reset }

    enum Event: Hashable, Sendable {
        case present(id: Int)
        case closeSheet
        case sheet(PresentationEvent<Ticker.Event>)
        case push(HostScreen)
        case popTop
        case popToRoot
        /// Assigns a new stack of these screens (`path = ScreenStack(screens)`), as a deep link might.
        case replacePath([HostScreen])
        /// Assigns a new stack of one ticker and starts it, in one transition.
        case replacePathAndStart(Ticker)
        /// Assigns a stack read from outside, as a restored path or a deep link decoded by the app.
        case restorePath(ScreenStack<HostScreen>)
        /// Puts another screen in the place of the screen with the id, by plain assignment.
        case replaceScreen(StackElementID, HostScreen)
        case path(StackEvent<HostScreen.Event>)
        /// Starts the sheet's timer, then dismisses the sheet, in one transition.
        case startSheetThenClose
        /// Starts the timer of the screen with the id, then pops to the root, in one transition.
        case startScreenThenPopToRoot(StackElementID)
        /// Pushes a ticker, starts it and pops it again, in one transition.
        case pushStartAndPop(Ticker)
        /// Presents a ticker, starts it and dismisses it again, in one transition.
        case presentStartAndClose(Ticker)
        /// Puts a new ticker in the sheet's place and starts it, in one transition; with `endingFirst`, after
        /// returning the end of the old sheet's presentation explicitly.
        case replaceSheetAndStart(Ticker, endingFirst: Bool)
        /// Replaces the stack's screens with one ticker (`setScreens`, new ids) and starts it, in one transition.
        case setPathAndStart(Ticker)
        case showAlert
        case alert(PresentationEvent<AlertAction>)
    }

    enum Work: Sendable, Hashable {
        case sheet(Ticker.Work)
        case screen(StackElementID, HostScreen.Work)
        case saved(Int)
    }
    typealias Effect = Planned<Work>

    static var initialState: Host { Host() }

    static let sheet = ChildPlace(\Host.sheet, event: Event.sheet, work: Work.sheet)
    static let path = ChildPlace(\Host.path, event: Event.path, work: Work.screen)
    static let alert = ChildPlace(\Host.alert, event: Event.alert)
    static let places: ChildPlaces<Host> = [path, sheet, alert]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .present(let id):
            sheet = Ticker(id: id)
            return nil
        case .closeSheet:
            sheet = nil
            return nil
        case .sheet(let event):
            return routeSheet(event)
        case .push(let screen):
            path.push(screen)
            return nil
        case .popTop:
            path.pop()
            return nil
        case .popToRoot:
            path.popToRoot()
            return nil
        case .replacePath(let screens):
            path = ScreenStack(screens)
            return nil
        case .restorePath(let restored):
            path = restored
            return nil
        case .replaceScreen(let id, let screen):
            path.modify(id: id) { $0 = screen }
            return nil
        case .replacePathAndStart(let ticker):
            path = [.ticker(ticker)]
            return routePath(.element(id: 0, .ticker(.start)))
        case .path(let event):
            return routePath(event)
        case .startSheetThenClose:
            let effect = routeSheet(.presented(.start))
            sheet = nil
            return effect
        case .startScreenThenPopToRoot(let id):
            let effect = routePath(.element(id: id, .ticker(.start)))
            path.popToRoot()
            return effect
        case .pushStartAndPop(let ticker):
            let id = path.push(.ticker(ticker))
            let effect = routePath(.element(id: id, .ticker(.start)))
            path.pop()
            return effect
        case .presentStartAndClose(let ticker):
            sheet = ticker
            let effect = routeSheet(.presented(.start))
            sheet = nil
            return effect
        case .replaceSheetAndStart(let ticker, let endingFirst):
            sheet = ticker
            let start = routeSheet(.presented(.start))
            guard endingFirst else { return start }
            return .all([Self.sheet.ending()] + (start.map { [$0] } ?? []))
        case .setPathAndStart(let ticker):
            path.setScreens([.ticker(ticker)])
            return routePath(.element(id: path.topID!, .ticker(.start)))
        case .showAlert:
            alert = AlertState(
                title: "Reset?",
                buttons: [ButtonState(role: .destructive, "Reset", action: .reset), ButtonState(role: .cancel, "No")]
            )
            return nil
        case .alert(let event):
            return route(event, to: Self.alert) { state, action in
                switch action {
                case .reset: state.log.removeAll()
                }
                return nil
            }
        }
    }

    /// Routes an event of the sheet, and handles what it tells.
    mutating func routeSheet(_ event: PresentationEvent<Ticker.Event>) -> Effect? {
        route(event, to: Self.sheet) { state, message in
            switch message {
            case .finished(let ticks):
                state.log.append("sheet finished after \(ticks)")
                state.sheet = nil
                return .work(.saved(ticks))
            case .replaceMe(let id):
                state.sheet = Ticker(id: id)
                return nil
            }
        }
    }

    /// Routes an event of the stack, and handles what its screens tell.
    mutating func routePath(_ event: StackEvent<HostScreen.Event>) -> Effect? {
        route(event, to: Self.path) { state, said in
            let id = said.id
            switch said.message {
            case .finished(let ticks):
                state.log.append("screen \(id) finished after \(ticks)")
                state.path.pop(from: id)
                return .work(.saved(ticks))
            case .replaceMe(let newID):
                state.path.pop(from: id)
                state.path.push(.ticker(Ticker(id: newID)))
                return nil
            }
        }
    }
}

/// Performs ``Host``'s effects: every tick answers at once with the event that routes it back, through the places of
/// the sheet, the stack, a screen's case and a panel's sheet; a save answers nothing. Keeps what it performed.
final class HostEffects: PlannedEffectHandler, @unchecked Sendable {
    // Guarded by `lock`.
    private var log: [Host.Effect] = []
    private let lock = NSLock()

    /// The work performed so far, as `.work` effects.
    var performed: [Host.Effect] { lock.withLock { log } }

    /// The ticks performed so far: the sheet's, the screens' and the panels' sheets'.
    var tickCount: Int {
        performed.filter {
            switch $0 {
            case .work(.sheet(.tick)), .work(.screen(_, .ticker(.tick))), .work(.screen(_, .panel(.sheet(.tick)))): true
            default: false
            }
        }.count
    }

    func perform(_ work: Host.Work) -> EffectAnswer<Host.Event>? {
        lock.withLock { log.append(.work(work)) }
        switch work {
        case .sheet(let work): return Host.sheet.answer(work, by: Self.tick)
        case .screen(let id, let work): return Host.path.answer((id, work), by: Self.screen)
        case .saved: return nil
        }
    }

    private static func screen(_ work: HostScreen.Work) -> EffectAnswer<HostScreen.Event>? {
        switch work {
        case .ticker(let work): return HostScreen.ticker.answer(work, by: tick)
        case .panel(let work): return HostScreen.panel.answer(work, by: panel)
        }
    }

    private static func panel(_ work: Panel.Work) -> EffectAnswer<Panel.Event>? {
        switch work {
        case .sheet(let work): Panel.sheet.answer(work, by: tick)
        }
    }

    private static func tick(_ work: Ticker.Work) -> Future<Ticker.Event>? {
        switch work {
        case .tick: Future(value: .tick)
        }
    }
}

/// A parent that keeps an enum of children in a plain property: a ticker while ticking, nothing when idle. The enum
/// declares its ticking case, and the parent the property, so that leaving the case ends the ticker's timer.
struct FlowHost: State, Hashable {
    enum Flow: ChildState, Hashable {
        case ticking(Ticker)
        case idle

        enum Event: Hashable, Sendable { case ticker(Ticker.Event) }
        enum Work: Sendable, Hashable { case ticker(Ticker.Work) }
        typealias Effect = PlannedEffect<Work, Ticker.Message>

        static let ticking = ChildPlace(
            case: Flow.ticking, extract: { if case .ticking(let ticker) = $0 { ticker } else { nil } },
            event: Event.ticker, work: Work.ticker)
        static let places: ChildPlaces<Flow> = [ticking]

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .ticker(let event): route(event, to: Self.ticking) { _, message in .tell(message) }
            }
        }
    }

    var flow = Flow.idle
    var finished = 0

    enum Event: Hashable, Sendable {
        /// Puts a new ticker in the flow, by plain assignment.
        case tick(id: Int)
        /// Leaves the ticking case, by plain assignment.
        case rest
        /// Puts a new ticker in the flow and starts it, in one transition.
        case tickAndStart(id: Int)
        case flow(Flow.Event)
    }
    enum Work: Sendable, Hashable { case flow(Flow.Work) }
    typealias Effect = Planned<Work>

    static var initialState: FlowHost { FlowHost() }
    static let flow = ChildPlace(\FlowHost.flow, event: Event.flow, work: Work.flow)
    static let places: ChildPlaces<FlowHost> = [flow]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .tick(let id):
            flow = .ticking(Ticker(id: id))
            return nil
        case .rest:
            flow = .idle
            return nil
        case .tickAndStart(let id):
            flow = .ticking(Ticker(id: id))
            return routeFlow(.ticker(.start))
        case .flow(let event):
            return routeFlow(event)
        }
    }

    private mutating func routeFlow(_ event: Flow.Event) -> Effect? {
        route(event, to: Self.flow) { state, message in
            if case .finished = message { state.finished += 1 }
            return nil
        }
    }
}

/// Performs ``FlowHost``'s effects: a tick answers at once with the event that routes it back. Counts the ticks.
final class FlowHostEffects: PlannedEffectHandler, @unchecked Sendable {
    // Guarded by `lock`.
    private var ticks = 0
    private let lock = NSLock()

    var tickCount: Int { lock.withLock { ticks } }

    func perform(_ work: FlowHost.Work) -> EffectAnswer<FlowHost.Event>? {
        switch work {
        case .flow(let work): FlowHost.flow.answer(work, by: flow)
        }
    }

    private func flow(_ work: FlowHost.Flow.Work) -> EffectAnswer<FlowHost.Flow.Event>? {
        switch work {
        case .ticker(let work): FlowHost.Flow.ticking.answer(work, by: tick)
        }
    }

    private func tick(_ work: Ticker.Work) -> Future<Ticker.Event>? {
        switch work {
        case .tick:
            lock.withLock { ticks += 1 }
            return Future(value: .tick)
        }
    }
}
