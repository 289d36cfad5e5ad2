import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStore

/// Part 5 of issue 6: opt-in, bounded undo and redo, as ordinary transitions.
final class UndoTests: XCTestCase {
    /// Issue 40 (4): an answer belongs to the dispatch that asked for it. Was: a tap the state ignores, dispatched
    /// between a fetch and its answer, opened a step that the answer then recorded, so undo went back to `loading`
    /// with no download behind it, and could be undone again; with the answer before the tap, undo gave `idle`.
    func test_undo_aLateAnswer_belongsToTheDispatchThatAskedForIt_whateverCameBetween() {
        for answerBeforeTap in [true, false] {
            let effects = LoaderEffects()
            let store = Store<Loader>(effectHandler: effects)
            store.enableUndo()
            let fetch = store.dispatch(event: .fetch)
            if answerBeforeTap {
                effects.answer.resolve(.downloaded(7))
                XCTAssertEqual(fetch.wait(timeout: .seconds(5))?.phase, .loaded(7))
                store.dispatch(event: .tap)
            } else {
                store.dispatch(event: .tap)
                effects.answer.resolve(.downloaded(7))
                XCTAssertEqual(fetch.wait(timeout: .seconds(5))?.phase, .loaded(7))
            }

            let undone = store.undo().wait(timeout: .seconds(5))
            XCTAssertEqual(undone?.phase, .idle, "answer before tap: \(answerBeforeTap)")
            XCTAssertFalse(store.canUndo, "answer before tap: \(answerBeforeTap)")
            XCTAssertEqual(store.redo().wait(timeout: .seconds(5))?.phase, .loaded(7))
        }
    }

    /// An answer whose dispatch's step was followed by another recorded step is a step of its own: undoing the later
    /// step never reverts half of the earlier chain.
    func test_undo_anAnswerAfterAnotherStep_isAStepOfItsOwn() {
        let effects = LoaderEffects()
        let store = Store<Loader>(initialState: Loader(taps: 0), effectHandler: effects)
        store.enableUndo()
        let fetch = store.dispatch(event: .fetch)  // step 1: idle → loading
        store.dispatch(event: .countedTap)  // step 2: taps 0 → 1
        effects.answer.resolve(.downloaded(7))  // step 3: loading → loaded
        XCTAssertEqual(fetch.wait(timeout: .seconds(5))?.phase, .loaded(7))

        XCTAssertEqual(store.undo().wait(timeout: .seconds(5)), Loader(phase: .loading, taps: 1))
        XCTAssertEqual(store.undo().wait(timeout: .seconds(5)), Loader(phase: .loading, taps: 0))
        XCTAssertEqual(store.undo().wait(timeout: .seconds(5)), Loader(phase: .idle, taps: 0))
        XCTAssertFalse(store.canUndo)
    }

    func test_undoAndRedo_moveBetweenStates_asTransitionsThatSubscribersAndObserversSeeInOrder() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        store.enableUndo()
        let states = Recorder<Int>()
        let origins = Recorder<TransitionOrigin>()
        let subscription = store.subscribe { states.append($0.count) }
        let observation = store.observeTransitions { origins.append($0.origin) }

        store.dispatch(event: .increment)
        store.dispatch(event: .add(10))
        XCTAssertTrue(store.canUndo)
        XCTAssertFalse(store.canRedo)
        XCTAssertEqual(store.undo().wait(timeout: .seconds(5))?.count, 1)
        XCTAssertTrue(store.canRedo)
        store.undo()
        XCTAssertFalse(store.canUndo)
        store.undo()  // nothing left: no transition, no notification
        store.redo()
        store.redo()

        XCTAssertEqual(states.values, [0, 1, 11, 1, 0, 1, 11])
        XCTAssertEqual(origins.values, [.dispatch, .dispatch, .undo, .undo, .redo, .redo])
        XCTAssertEqual(store.state.count, 11)
        XCTAssertFalse(store.canRedo)
        subscription.cancel()
        observation.cancel()
    }

    func test_undo_byDefault_undoesADispatchTogetherWithTheEffectAnswersThatFollowedIt() {
        let effects = ControlledEffects()
        let store = Store<Tally>(effectHandler: effects)
        store.enableUndo()
        let chain = store.dispatch(event: .request(id: 1, amount: 5))  // no change itself: opens a step
        effects.answerNext()  // .add(5) from the effect: records the step the request opened
        XCTAssertEqual(chain.wait(timeout: .seconds(5))?.count, 5)

        store.undo()

        XCTAssertEqual(store.state.count, 0, "undo goes back to before the dispatch, answer included")
        XCTAssertFalse(store.canUndo)
    }

    /// Issue 9 (6): a dispatch that changes nothing itself, while its effect's answer does, is a step of its own;
    /// one undo never reverts the dispatch before it too.
    func test_undo_aDispatchWhoseAnswerAloneChangesTheState_isAStepOfItsOwn() {
        let effects = ControlledEffects()
        let store = Store<Tally>(effectHandler: effects)
        store.enableUndo()
        store.dispatch(event: .increment)  // step 1: 0 → 1
        let refresh = store.dispatch(event: .request(id: 1, amount: 5))  // changes nothing; its answer adds 5
        effects.answerNext()
        XCTAssertEqual(refresh.wait(timeout: .seconds(5))?.count, 6)

        store.undo()
        XCTAssertEqual(store.state.count, 1, "only the refresh and its answer are undone, not the increment")
        XCTAssertTrue(store.canUndo)
        store.undo()
        XCTAssertEqual(store.state.count, 0)
        XCTAssertFalse(store.canUndo)
        store.redo()
        XCTAssertEqual(store.state.count, 1)
        store.redo()
        XCTAssertEqual(store.state.count, 6)
    }

    func test_undo_aDispatchThatNothingChangesAfter_recordsNoStep() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        store.enableUndo()
        store.dispatch(event: .increment)
        store.dispatch(event: .nothing)
        store.undo()
        XCTAssertEqual(store.state.count, 0)
        XCTAssertFalse(store.canUndo)
    }

    func test_aNewChange_clearsTheRedoHistory() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        store.enableUndo()
        store.dispatch(event: .increment)
        store.dispatch(event: .increment)
        store.undo()
        XCTAssertTrue(store.canRedo)

        store.dispatch(event: .add(5))

        XCTAssertFalse(store.canRedo)
        store.redo()
        XCTAssertEqual(store.state.count, 6, "redo after a new change does nothing")
        store.undo()
        XCTAssertEqual(store.state.count, 1)
    }

    func test_anEventThatChangesNothing_keepsTheRedoHistory() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        store.enableUndo()
        store.dispatch(event: .increment)
        store.undo()

        store.dispatch(event: .nothing)

        XCTAssertTrue(store.canRedo)
        store.redo()
        XCTAssertEqual(store.state.count, 1)
    }

    func test_effectInFlight_whenUndoing_stillAnswers_intoTheRestoredState_andItsDispatchFutureResolves() {
        let effects = ControlledEffects()
        let store = Store<Tally>(effectHandler: effects)
        store.enableUndo()
        store.dispatch(event: .increment)
        let chain = store.dispatch(event: .request(id: 1, amount: 5))

        store.undo()  // count 0; the fetch is still in flight
        XCTAssertEqual(store.state.count, 0)
        XCTAssertTrue(store.canRedo)
        effects.answerNext()  // .add(5) is handled by the restored state, and changes it

        XCTAssertEqual(chain.wait(timeout: .seconds(5))?.count, 5, "the chain's future resolves with the state after it")
        XCTAssertEqual(store.state.count, 5)
        XCTAssertFalse(store.canRedo, "the answer changed the state, so there is nothing to redo any more")
        XCTAssertEqual(effects.handledEffects, [.fetch(id: 1, amount: 5)], "undo performs no effect")
    }

    func test_effectInFlight_whoseAnswerChangesNothing_keepsTheRedoHistory() {
        let effects = ControlledEffects()
        let store = Store<Tally>(effectHandler: effects)
        store.enableUndo()
        store.dispatch(event: .increment)
        let chain = store.dispatch(event: .request(id: 1, amount: 0))  // its answer, .add(0), changes nothing
        store.undo()

        effects.answerNext()

        XCTAssertEqual(chain.wait(timeout: .seconds(5))?.count, 0)
        XCTAssertTrue(store.canRedo)
        store.redo()
        XCTAssertEqual(store.state.count, 1)
    }

    func test_history_pastItsLimit_dropsTheOldestSteps() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        store.enableUndo(limit: 2)
        for _ in 0..<5 { store.dispatch(event: .increment) }

        store.undo()
        store.undo()
        store.undo()  // only two steps were kept

        XCTAssertEqual(store.state.count, 3)
        XCTAssertFalse(store.canUndo)
    }

    func test_isUndoable_choosesWhichTransitionsStartAStep() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        store.enableUndo(isUndoable: { $0.event != .increment })
        store.dispatch(event: .add(10))
        store.dispatch(event: .increment)
        store.dispatch(event: .increment)

        store.undo()

        XCTAssertEqual(store.state.count, 0, "the increments are folded into the add's step")
    }

    func test_undo_fromInsideASubscriber_isHandledAfterTheEventsDispatchedBeforeIt() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        store.enableUndo()
        let origins = Recorder<String>()
        let observation = store.observeTransitions { origins.append($0.event.map { "\($0)" } ?? $0.origin.rawValue) }
        let fired = Recorder<Bool>()
        let subscription = store.subscribe { [weak store] state in
            guard let store, state.count == 1, fired.count == 0 else { return }  // once: the undo comes back here
            fired.append(true)
            store.dispatch(event: .note("a"))
            store.undo()  // undoes the note, which was dispatched first
        }

        store.dispatch(event: .increment)

        XCTAssertEqual(origins.values, ["increment", "note(\"a\")", "undo"])
        XCTAssertEqual(store.state, Tally(count: 1, log: []))
        subscription.cancel()
        observation.cancel()
    }

    func test_disableUndo_forgetsTheHistory_andTurnsObservationOff() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        store.enableUndo()
        store.dispatch(event: .increment)
        XCTAssertTrue(store.needsTransitions)

        store.disableUndo()

        XCTAssertFalse(store.canUndo)
        XCTAssertFalse(store.needsTransitions)
    }

    func test_undoRedoAndDispatch_fromManyThreads_keepEveryTransitionChained() {
        let store = Store<Tally>(effectHandler: NoAnswers())
        store.enableUndo(limit: 20)
        let transitions = Recorder<StoreTransition<Tally>>()
        let token = store.observeTransitions { transitions.append($0) }

        runConcurrently(threads: 4) { thread in
            for index in 0..<100 {
                switch (thread + index) % 4 {
                case 0: store.undo()
                case 1: store.redo()
                default: store.dispatch(event: .increment)
                }
                _ = store.canUndo
            }
        }

        let all = transitions.values
        XCTAssertEqual(all.map(\.sequenceNumber), Array(1...UInt64(all.count)))
        XCTAssertTrue(
            zip(all, all.dropFirst()).allSatisfy { $0.to == $1.from }, "each transition starts where the last ended")
        XCTAssertEqual(all.last?.to, store.state)
        token.cancel()
    }
}

/// A download: `fetch` goes to `loading` and asks for it; its answer goes to `loaded`; a tap changes nothing, a counted
/// tap counts.
private struct Loader: State, Equatable {
    enum Phase: Equatable, Sendable { case idle, loading, loaded(Int) }
    var phase = Phase.idle
    var taps = 0

    enum Event: Sendable, Equatable { case fetch, tap, countedTap, downloaded(Int) }
    enum Effect: Sendable, Equatable { case download }

    static var initialState: Loader { Loader() }

    mutating func handle(event: Event) -> Effect? {
        switch event {
        case .fetch:
            phase = .loading
            return .download
        case .tap:
            return nil
        case .countedTap:
            taps += 1
            return nil
        case .downloaded(let size):
            if phase == .loading { phase = .loaded(size) }
            return nil
        }
    }
}

/// Answers the download with a promise the test resolves.
private final class LoaderEffects: EffectHandler, Sendable {
    let answer = Promise<Loader.Event>()

    func handle(effect: Loader.Effect) -> Future<Loader.Event>? { answer.future }
}
