import EffectStore
import EffectStoreTesting
import Foundation
import XCTest

/// A drummer whose effect type is `Planned`: a beat a second under one id, stopped by one cancel.
private struct Drummer: State, Equatable {
    var beats = 0
    var isRunning = false

    enum Event: Sendable, Equatable { case start, stop, beat }
    enum Work: Sendable, Equatable, Encodable { case beat, click(count: Int) }
    typealias Effect = Planned<Work>

    static var initialState: Drummer { Drummer() }
    static let nextBeat = Effect.work(.beat).delayed(by: .seconds(1), id: "beat")

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .start where !isRunning:
            isRunning = true
            return Self.nextBeat
        case .stop where isRunning:
            isRunning = false
            return .cancel(id: "beat")
        case .beat where isRunning:
            beats += 1
            return .all(.work(.click(count: beats)), Self.nextBeat)
        case .start, .stop, .beat:
            return nil
        }
    }
}

/// Performs the metronome's work, naming only its `Work`; keeps what it was handed.
private final class DrummerEffects: PlannedEffectHandler, @unchecked Sendable {
    // Guarded by `lock`.
    private var log: [Drummer.Work] = []
    private let lock = NSLock()

    var performed: [Drummer.Work] { lock.withLock { log } }

    func perform(_ work: Drummer.Work) -> Future<Drummer.Event>? {
        lock.withLock { log.append(work) }
        switch work {
        case .beat: return Future(value: .beat)
        case .click: return nil
        }
    }
}

/// A child in an enum case of its parent, with a `Planned` effect: a beat a second while it is in its case.
private struct Pulse: ChildState, Hashable {
    var id: Int
    var beats = 0

    enum Event: Hashable, Sendable { case start, beat }
    enum Work: Hashable, Sendable { case beat }
    typealias Effect = Planned<Work>

    mutating func handle(event: Event) -> Effect? {
        if event == .beat { beats += 1 }
        return Effect.work(.beat).delayed(by: .seconds(1), id: "beat")
    }
}

/// A parent whose `Planned` work holds its phase's effects; the phase holds a `Pulse` in a declared case, so that
/// leaving the case ends the pulse's beat.
private struct PulseHost: State, Hashable {
    enum Phase: ChildState, Hashable {
        case pulsing(Pulse)
        case idle

        enum Event: Hashable, Sendable { case pulse(Pulse.Event) }
        enum Work: Hashable, Sendable { case pulse(Pulse.Work) }
        typealias Effect = Planned<Work>

        static let pulsing = ChildPlace(
            case: Phase.pulsing, extract: { if case .pulsing(let pulse) = $0 { pulse } else { nil } },
            event: Event.pulse, work: Work.pulse)
        static let places: ChildPlaces<Phase> = [pulsing]

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .pulse(let event): route(event, to: Self.pulsing)
            }
        }
    }

    var phase = Phase.idle

    enum Event: Hashable, Sendable { case pulse(id: Int), rest, phase(Phase.Event) }
    enum Work: Hashable, Sendable { case phase(Phase.Work) }
    typealias Effect = Planned<Work>

    static var initialState: PulseHost { PulseHost() }
    static let phase = ChildPlace(\PulseHost.phase, event: Event.phase, work: Work.phase)
    static let places: ChildPlaces<PulseHost> = [phase]

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .pulse(let id):
            phase = .pulsing(Pulse(id: id))
            return nil
        case .rest:
            phase = .idle
            return nil
        case .phase(let event):
            return route(event, to: Self.phase)
        }
    }
}

/// Performs the host's one piece of work, the pulse's beat, through the places of the phase and the pulse; counts the
/// beats.
private final class PulseHostEffects: PlannedEffectHandler, @unchecked Sendable {
    // Guarded by `lock`.
    private var beats = 0
    private let lock = NSLock()

    var beatCount: Int { lock.withLock { beats } }

    func perform(_ work: PulseHost.Work) -> EffectAnswer<PulseHost.Event>? {
        switch work {
        case .phase(let work):
            PulseHost.phase.answer(work) { work in
                switch work {
                case .pulse(let work): PulseHost.Phase.pulsing.answer(work, by: beat)
                }
            }
        }
    }

    private func beat(_ work: Pulse.Work) -> Future<Pulse.Event>? {
        switch work {
        case .beat:
            lock.withLock { beats += 1 }
            return Future(value: .beat)
        }
    }
}

/// `Planned` effects and `PlannedEffectHandler`s: a feature with neither a `case plan` nor a `var plan` of its own, in
/// real stores and test stores.
final class PlannedTests: XCTestCase {
    func test_aPlannedFeature_inARealStore_runsItsDelayedWork_untilItIsCancelled() {
        let clock = TestClock()
        let effects = DrummerEffects()
        let store = Store<Drummer>(effectHandler: effects, clock: clock)

        store.dispatch(event: .start)
        clock.advance(by: .milliseconds(2500))
        XCTAssertEqual(store.state.beats, 2)
        store.dispatch(event: .stop)
        XCTAssertEqual(clock.scheduledCount, 0, "the next beat waits no more")
        clock.advance(by: .seconds(5))

        XCTAssertEqual(store.state.beats, 2)
        XCTAssertEqual(effects.performed, [.beat, .click(count: 1), .beat, .click(count: 2)])
    }

    func test_aPlannedEffectHandler_performsWork_andAnswersAPlanWithNothing() throws {
        let effects = DrummerEffects()

        let answer = try XCTUnwrap(effects.handle(effect: .work(.beat)))

        XCTAssertEqual(answer.wait(timeout: .seconds(1)), .beat)
        XCTAssertNil(effects.handle(effect: Drummer.nextBeat), "the store carries plans out itself")
        XCTAssertEqual(effects.performed, [.beat])
    }

    func test_aParent_routesAPlannedChild_andEndsItsTimerWhenTheChildLeaves() {
        let clock = TestClock()
        let effects = PulseHostEffects()
        let store = Store<PulseHost>(effectHandler: effects, clock: clock)

        store.dispatch(event: .pulse(id: 1))
        store.dispatch(event: .phase(.pulse(.start)))
        clock.advance(by: .milliseconds(2500))
        store.dispatch(event: .rest)

        XCTAssertEqual(clock.scheduledCount, 0, "the pulse's beat outlived it")
        clock.advance(by: .seconds(5))
        XCTAssertEqual(effects.beatCount, 2)
        XCTAssertEqual(store.state.phase, .idle)
    }

    func test_aParent_liftsAPlannedChildsPlan_underItsCase() {
        var host = PulseHost()
        _ = host.transition(on: .pulse(id: 1))

        let effect = host.transition(on: .phase(.pulse(.start)))

        let pulseEffect = Pulse.Effect.work(.beat).delayed(by: .seconds(1), id: "beat")
        XCTAssertEqual(effect, PulseHost.phase.lift(PulseHost.Phase.pulsing.lift(pulseEffect)))
        XCTAssertEqual(host.transition(on: .rest), PulseHost.phase.lift(PulseHost.Phase.pulsing.ending()))
    }

    func test_testStore_aWrongEffect_isShownAsWritten() {
        let failures = TestFailureCollector()
        let store = TestStore(initialState: Drummer(), reporter: failures.reporter)

        store.send(.start) { $0.isRunning = true }
        store.receiveEffect(.work(.click(count: 1)))
        store.clock.runAll()

        let message = failures.messages.joined(separator: "\n")
        XCTAssertTrue(message.contains(#".work(.beat).delayed(by: 1000 ms, id: "beat")"#), message)
        XCTAssertTrue(message.contains(".work(.click(count: 1))"), message)
    }

    func test_work_encodesAsItsWorkDoes_andAPlanRefusesWithWhatToDo() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys

        XCTAssertEqual(
            String(decoding: try encoder.encode(Drummer.Effect.work(.click(count: 2))), as: UTF8.self),
            String(decoding: try encoder.encode(Drummer.Work.click(count: 2)), as: UTF8.self))
        XCTAssertThrowsError(try encoder.encode(Drummer.nextBeat)) { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(context.debugDescription.contains("encode the work in it"), context.debugDescription)
        }
    }
}
