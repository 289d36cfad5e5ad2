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
    enum Work: MessagingEffect, Hashable {
        case tick
        case tell(Message)

        var message: Message? { if case .tell(let message) = self { message } else { nil } }
    }
    typealias Effect = Planned<Work>

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
    enum Work: Sendable, Hashable {
        case sheet(Ticker.Effect)
    }
    typealias Effect = Planned<Work>

    static let places: ChildPlaces<Panel> = [.presented(\.sheet)]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .open(let id):
            sheet = Ticker(id: id)
            return nil
        case .sheet(let event):
            return handle(event, in: \.sheet, effect: { .work(.sheet($0)) }) { state, message in
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
    enum Work: MessagingEffect, Hashable {
        case ticker(Ticker.Effect)
        case panel(Panel.Effect)
        case tell(Ticker.Message)

        var message: Ticker.Message? { if case .tell(let message) = self { message } else { nil } }
    }
    typealias Effect = Planned<Work>
    typealias Message = Ticker.Message

    /// A ticker's timer ends when the screen leaves its case; a panel's own sheet too.
    static let places: ChildPlaces<HostScreen> = [
        .case { if case .ticker(let ticker) = $0 { ticker } else { nil } },
        .case { if case .panel(let panel) = $0 { panel } else { nil } },
    ]

    mutating func handle(event: Event) -> Effect? {
        switch self {
        case .ticker(let ticker):
            guard case .ticker(let event) = event else { return nil }
            return handle(event, of: ticker, as: Self.ticker, effect: { .work(.ticker($0)) }, message: { $0 })
        case .panel(let panel):
            guard case .panel(let event) = event else { return nil }
            return handle(event, of: panel, as: Self.panel, effect: { .work(.panel($0)) })
        case .note: return nil  // data only
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
        case sheet(Ticker.Effect)
        case screen(StackElementID, HostScreen.Effect)
        case saved(Int)
    }
    typealias Effect = Planned<Work>

    static var initialState: Host { Host() }

    static let places: ChildPlaces<Host> = [.stack(\.path), .presented(\.sheet)]

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
            return .all([.cancel(id: PresentationScope(\Host.sheet))] + (start.map { [$0] } ?? []))
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
            switch handleAlert(event, in: \.alert) {
            case .reset?:
                log.removeAll()
                return nil
            case nil:
                return nil
            }
        }
    }

    /// Routes an event of the sheet, and handles what it tells.
    mutating func routeSheet(_ event: PresentationEvent<Ticker.Event>) -> Effect? {
        handle(event, in: \.sheet, effect: { .work(.sheet($0)) }) { state, message in
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
        handle(event, in: \.path, effect: { .work(.screen($0, $1)) }) { state, said in
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

/// Performs ``Host``'s effects: every tick answers at once with the event that routes it back; a save answers nothing.
/// Keeps what it performed.
final class HostEffects: EffectHandler, @unchecked Sendable {
    // Guarded by `lock`.
    private var log: [Host.Effect] = []
    private let lock = NSLock()

    var performed: [Host.Effect] { lock.withLock { log } }

    /// The ticks performed so far: the sheet's, the screens' and the panels' sheets'.
    var tickCount: Int {
        performed.filter {
            switch $0 {
            case .work(.sheet(.work(.tick))), .work(.screen(_, .work(.ticker(.work(.tick))))),
                .work(.screen(_, .work(.panel(.work(.sheet(.work(.tick))))))):
                true
            default: false
            }
        }.count
    }

    func handle(effect: Host.Effect) -> Future<Host.Event>? {
        lock.withLock { log.append(effect) }
        switch effect {
        case .work(.sheet(.work(.tick))): return Future(value: .sheet(.presented(.tick)))
        case .work(.screen(let id, .work(.ticker(.work(.tick))))):
            return Future(value: .path(.element(id: id, .ticker(.tick))))
        case .work(.screen(let id, .work(.panel(.work(.sheet(.work(.tick))))))):
            return Future(value: .path(.element(id: id, .panel(.sheet(.presented(.tick))))))
        default: return nil
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
        enum Work: MessagingEffect, Hashable {
            case ticker(Ticker.Effect)
            case tell(Ticker.Message)

            var message: Ticker.Message? { if case .tell(let message) = self { message } else { nil } }
        }
        typealias Effect = Planned<Work>
        typealias Message = Ticker.Message

        static let places: ChildPlaces<Flow> = [.case { if case .ticking(let ticker) = $0 { ticker } else { nil } }]

        mutating func handle(event: Event) -> Effect? {
            switch self {
            case .ticking(let ticker):
                guard case .ticker(let event) = event else { return nil }
                return handle(event, of: ticker, as: Self.ticking, effect: { .work(.ticker($0)) }, message: { $0 })
            case .idle: return nil
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
    enum Work: Sendable, Hashable {
        case flow(Flow.Effect)
    }
    typealias Effect = Planned<Work>

    static var initialState: FlowHost { FlowHost() }
    static let places: ChildPlaces<FlowHost> = [.child(\.flow)]

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
        handle(event, in: \.flow, effect: { .work(.flow($0)) }) { state, message in
            if case .finished = message { state.finished += 1 }
            return nil
        }
    }
}

/// Performs ``FlowHost``'s effects: a tick answers at once with the event that routes it back. Counts the ticks.
final class FlowHostEffects: EffectHandler, @unchecked Sendable {
    // Guarded by `lock`.
    private var ticks = 0
    private let lock = NSLock()

    var tickCount: Int { lock.withLock { ticks } }

    func handle(effect: FlowHost.Effect) -> Future<FlowHost.Event>? {
        guard case .work(.flow(.work(.ticker(.work(.tick))))) = effect else { return nil }
        lock.withLock { ticks += 1 }
        return Future(value: .flow(.ticker(.tick)))
    }
}
