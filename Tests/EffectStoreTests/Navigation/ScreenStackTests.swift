import EffectStore
import EffectStoreTesting
import Foundation
import XCTest

/// `ScreenStack` as a value: ids, pushes, pops, equality and `Codable`.
final class ScreenStackTests: XCTestCase {
    func test_ids_countUpAndAreNeverGivenTwice() {
        var stack = ScreenStack<String>()
        XCTAssertEqual(stack.push("a"), 0)
        XCTAssertEqual(stack.push("b"), 1)
        stack.pop()
        XCTAssertEqual(stack.push("c"), 2, "the popped screen's id is not given again")
        stack.setScreens(["x", "y"])
        XCTAssertEqual(stack.ids, [3, 4], "setScreens keeps counting")
        stack.popToRoot()
        XCTAssertTrue(stack.isEmpty)
        XCTAssertEqual(stack.push("z"), 5)
    }

    func test_popFrom_popTo_andUnknownIDsChangeNothing() {
        var stack: ScreenStack<String> = ["a", "b", "c", "d"]
        XCTAssertTrue(stack.pop(to: 1))
        XCTAssertEqual(Array(stack), ["a", "b"])
        XCTAssertTrue(stack.pop(from: 1))
        XCTAssertEqual(Array(stack), ["a"])
        let before = stack
        XCTAssertFalse(stack.pop(from: 9))
        XCTAssertFalse(stack.pop(to: 9))
        XCTAssertEqual(stack, before)
        XCTAssertEqual(stack.nextID, 4)
    }

    func test_subscriptAndModify_byID() {
        var stack: ScreenStack<String> = ["a", "b"]
        XCTAssertEqual(stack[id: 1], "b")
        XCTAssertNil(stack[id: 7])
        XCTAssertEqual(stack.modify(id: 0) { $0 += "!"; return 1 }, 1)
        XCTAssertNil(stack.modify(id: 7) { _ in 1 })
        XCTAssertEqual(Array(stack), ["a!", "b"])
        XCTAssertEqual(stack.topID, 1)
        XCTAssertEqual(stack.index(id: 1), 1)
    }

    func test_byIDAndCase_readsAndChangesOnlyAScreenInThatCase() {
        var stack: ScreenStack<HostScreen> = [.note("a"), .ticker(Ticker(id: 1))]
        XCTAssertEqual(stack[id: 1, case: HostScreen.ticker], Ticker(id: 1))
        XCTAssertNil(stack[id: 0, case: HostScreen.ticker], "another case")
        XCTAssertNil(stack[id: 9, case: HostScreen.ticker], "not on the stack")
        stack[id: 1, case: HostScreen.ticker]?.ticks = 3
        stack[id: 0, case: HostScreen.ticker] = Ticker(id: 5)
        stack[id: 1, case: HostScreen.ticker] = nil
        XCTAssertEqual(Array(stack), [.note("a"), .ticker(Ticker(id: 1, ticks: 3))], "nil and another case: no change")
        XCTAssertEqual(stack.modify(id: 1, case: HostScreen.ticker) { $0.ticks += 1; return $0.ticks }, 4)
        XCTAssertNil(stack.modify(id: 0, case: HostScreen.ticker) { _ in XCTFail("not a ticker") })
        XCTAssertEqual(stack.ids, [0, 1])
    }

    func test_equality_ignoresTheNextID_butNotTheIDs() {
        var pushedAndPopped: ScreenStack<String> = ["a"]
        pushedAndPopped.push("b")
        pushedAndPopped.pop()
        XCTAssertEqual(pushedAndPopped, ["a"])
        var renumbered = ScreenStack<String>()
        renumbered.push("x")
        renumbered.pop()
        renumbered.push("a")
        XCTAssertNotEqual(renumbered, ["a"], "the same screen under id 1 is another stack than under id 0")
    }

    func test_codable_roundTripKeepsIDsAndTheNextID() throws {
        var stack: ScreenStack<String> = ["a", "b", "c"]
        stack.pop()
        let data = try JSONEncoder().encode(stack)
        var decoded = try JSONDecoder().decode(ScreenStack<String>.self, from: data)
        XCTAssertEqual(decoded, stack)
        XCTAssertEqual(decoded.push("d"), 3, "id 2 was given before the round trip: not again")
    }

    func test_decoding_aRepeatedID_failsWithAMessageNamingIt() {
        let json = #"{"screens": [{"id": 0, "screen": "a"}, {"id": 4, "screen": "b"}, {"id": 4, "screen": "c"}]}"#
        XCTAssertThrowsError(try JSONDecoder().decode(ScreenStack<String>.self, from: Data(json.utf8))) { error in
            guard case DecodingError.dataCorrupted(let context) = error else {
                return XCTFail("expected dataCorrupted, got \(error)")
            }
            let message = context.debugDescription
            XCTAssertTrue(message.contains("the id 4 is given to two screens"), message)
        }
    }

    func test_decoding_withoutNextID_continuesAfterTheGreatestID() throws {
        let json = #"{"screens": [{"id": 2, "screen": "a"}, {"id": 5, "screen": "b"}]}"#
        var stack = try JSONDecoder().decode(ScreenStack<String>.self, from: Data(json.utf8))
        XCTAssertEqual(stack.ids, [2, 5])
        XCTAssertEqual(stack.push("c"), 6)
    }

    func test_decoding_aNegativeID_fails() {
        let json = #"{"screens": [{"id": -1, "screen": "a"}]}"#
        XCTAssertThrowsError(try JSONDecoder().decode(ScreenStack<String>.self, from: Data(json.utf8)))
    }

    /// Stopped the process (an arithmetic overflow while counting the next id), hence the child process: a path
    /// decoded from a link must never crash the app.
    func test_decoding_anIDTooLargeToCountOn_failsWithAMessage_insteadOfStoppingTheProcess() {
        runInChildProcess(self) {
            let message = Self.decodingFailure(#"{"screens":[{"id":9223372036854775807,"screen":"a"}]}"#)
            XCTAssertTrue(message.contains("the id 9223372036854775807 is too large"), message)
            XCTAssertTrue(message.contains("9007199254740992"), "names the largest id allowed: \(message)")
        }
    }

    /// Decoded, and the next push stopped the process: the data is refused when it is read instead.
    func test_decoding_aNextIDTooLargeToCountOn_failsWithAMessage_soNoLaterPushTraps() {
        runInChildProcess(self) {
            let message = Self.decodingFailure(#"{"screens":[],"nextID":9223372036854775807}"#)
            XCTAssertTrue(message.contains("the next id 9223372036854775807 is too large"), message)
        }
    }

    func test_decoding_aNegativeNextID_failsWithAMessage() {
        let message = Self.decodingFailure(#"{"screens":[],"nextID":-3}"#)
        XCTAssertTrue(message.contains("the next id -3 is negative"), message)
    }

    func test_decoding_theLargestIDsAllowed_leavesRoomToPush() throws {
        let largest = 9_007_199_254_740_992
        let json = #"{"screens":[{"id":\#(largest),"screen":"a"}],"nextID":\#(largest)}"#
        var stack = try JSONDecoder().decode(ScreenStack<String>.self, from: Data(json.utf8))
        XCTAssertEqual(stack.ids, [StackElementID(rawValue: largest)])
        XCTAssertEqual(stack.push("b"), StackElementID(rawValue: largest + 1))
        var empty = try JSONDecoder().decode(
            ScreenStack<String>.self, from: Data(#"{"screens":[],"nextID":\#(largest)}"#.utf8))
        XCTAssertEqual(empty.push("a"), StackElementID(rawValue: largest))
    }

    /// The debug description of the `DecodingError.dataCorrupted` that decoding `json` as a stack throws; a failure
    /// when it decodes, or throws something else.
    private static func decodingFailure(_ json: String, line: UInt = #line) -> String {
        do {
            let stack = try JSONDecoder().decode(ScreenStack<String>.self, from: Data(json.utf8))
            XCTFail("decoded \(stack)", line: line)
        } catch DecodingError.dataCorrupted(let context) {
            return context.debugDescription
        } catch {
            XCTFail("expected DecodingError.dataCorrupted, got \(error)", line: line)
        }
        return ""
    }

    func test_description_showsIDsAndScreens() {
        let stack: ScreenStack<String> = ["a", "b"]
        XCTAssertEqual(stack.description, #"[0: a, 1: b]"#)
    }
}

/// A parent's stack: routing by id, pops that cancel, messages, late events.
final class StackRoutingTests: XCTestCase {
    /// The ticker's next tick on screen `id`, as the stack's place and the ticker's case place lift it.
    private func nextTick(_ id: StackElementID) -> Host.Effect {
        Host.path.lift((id, HostScreen.ticker.lift(Ticker.Effect.work(.tick).delayed(by: .seconds(1), id: "timer"))))
    }

    func test_elementEvent_isRoutedByID_andItsEffectRunsUnderTheElementsScope() {
        var host = Host()
        _ = host.transition(on: .push(.note("root")))
        _ = host.transition(on: .push(.ticker(Ticker(id: 1))))
        let effect = host.transition(on: .path(.element(id: 1, .ticker(.start))))
        XCTAssertEqual(effect, nextTick(1))
        // The same value spelled out: the timer id made the ticker's own in its case and its screen, and the plan
        // started under the case's scope and the screen's.
        XCTAssertEqual(
            effect.map { String(describing: $0) },
            ".work(.screen(1, .ticker(.tick)))"
                + #".delayed(by: 1000 ms, id: \Host.path[1]/HostScreen, case Ticker/"timer")"#
                + #".cancellable(id: \Host.path[1]/HostScreen, case Ticker).cancellable(id: \Host.path[1])"#
        )
        XCTAssertNil(host.transition(on: .path(.element(id: 0, .ticker(.start)))), "a note ignores ticker events")
    }

    func test_eventForAPoppedScreen_isIgnored_evenWhenAScreenOfTheSameKindWasPushedSince() {
        var host = Host()
        _ = host.transition(on: .push(.ticker(Ticker(id: 1))))
        _ = host.transition(on: .popTop)
        _ = host.transition(on: .push(.ticker(Ticker(id: 1))))
        let before = host
        XCTAssertNil(host.transition(on: .path(.element(id: 0, .ticker(.tick)))))
        XCTAssertEqual(host, before)
    }

    func test_popFrom_popsTheScreenAndThoseAbove_cancellingTopFirst() {
        var host = Host()
        for _ in 0..<3 { _ = host.transition(on: .push(.note("n"))) }
        XCTAssertEqual(
            host.transition(on: .path(.popFrom(id: 1))),
            Host.path.ending(2, 1),
            "one cancellation each, not repeated by navigating"
        )
        XCTAssertEqual(host.path.ids, [0])
        XCTAssertNil(host.transition(on: .path(.popFrom(id: 1))), "unknown id: nothing changes")
        XCTAssertEqual(host.path.ids, [0])
    }

    func test_pushesAndPopsBackToTheRoot_throughNavigating_leaveEveryCopyAsItWas() {
        // navigating hands an emptied stack the array of ids it saved, and a push appends to it: in place only when
        // no copy shares it.
        var host = Host()
        XCTAssertNil(host.transition(on: .push(.note("a"))))
        let pushed = host
        XCTAssertEqual(host.transition(on: .popTop), Host.path.ending(0))
        let popped = host
        XCTAssertNil(host.transition(on: .push(.note("b"))))
        XCTAssertEqual(host.transition(on: .popTop), Host.path.ending(1))
        XCTAssertEqual(host.path, ScreenStack())
        XCTAssertNil(host.transition(on: .push(.note("c"))))
        XCTAssertNil(host.transition(on: .push(.note("d"))))
        XCTAssertEqual(host.transition(on: .popToRoot), Host.path.ending(3, 2))
        XCTAssertNil(host.transition(on: .push(.note("e"))))
        XCTAssertEqual(host.path.ids, [4])
        XCTAssertEqual(Array(host.path), [.note("e")])
        XCTAssertEqual(pushed.path.ids, [0])
        XCTAssertEqual(Array(pushed.path), [.note("a")])
        XCTAssertEqual(popped.path.ids, [])
        XCTAssertEqual(popped.path.nextID, 1)
    }

    func test_popsByTheParent_cancelThroughNavigating() {
        var host = Host()
        for _ in 0..<2 { _ = host.transition(on: .push(.note("n"))) }
        XCTAssertEqual(host.transition(on: .popTop), Host.path.ending(1))
        _ = host.transition(on: .push(.note("n")))
        XCTAssertEqual(host.transition(on: .popToRoot), Host.path.ending(2, 0))
        XCTAssertNil(host.transition(on: .popToRoot))
    }

    func test_aNewStackAssignedThroughNavigating_endsEveryScreenOfTheOldOne_andCountsOn() {
        var host = Host()
        for name in ["a", "b"] { _ = host.transition(on: .push(.note(name))) }
        // The new stack's screen has the id 0 too: without the old stack's 0 cancelled, it would be taken for it.
        XCTAssertEqual(
            host.transition(on: .replacePath([.note("c")])), Host.path.ending(1, 0))
        XCTAssertEqual(host.path.ids, [0])
        XCTAssertEqual(host.path.nextID, 2, "no later push gives an id of the replaced stack again")
        XCTAssertNil(host.transition(on: .push(.note("d"))))
        XCTAssertEqual(host.path.ids, [0, 2])
        XCTAssertEqual(host.transition(on: .popTop), Host.path.ending(2))
    }

    func test_anEmptyStackAssignedThroughNavigating_endsEveryScreen_andCountsOn() {
        var host = Host()
        for name in ["a", "b"] { _ = host.transition(on: .push(.note(name))) }
        XCTAssertEqual(host.transition(on: .replacePath([])), Host.path.ending(1, 0))
        XCTAssertNil(host.transition(on: .push(.note("c"))))
        XCTAssertEqual(host.path.ids, [2])
    }

    /// A new stack counts from 0: its screen 0 is another screen than the replaced screen 0, so the replaced one's work
    /// ends first and the work the transition starts for the new one is kept; `setScreens(_:)` gives the new screens
    /// ids of their own. (Before issue 52 the two shared a scope, and the new screen's work was dropped.)
    func test_aNewStackAssignedAndStarted_inOneTransition_endsTheReplacedScreen_andStartsTheNewOne() {
        var host = Host()
        _ = host.transition(on: .push(.ticker(Ticker(id: 1))))
        XCTAssertEqual(
            host.transition(on: .replacePathAndStart(Ticker(id: 2))), .all(Host.path.ending(0), nextTick(0)))
        XCTAssertEqual(host.transition(on: .setPathAndStart(Ticker(id: 3))), .all(Host.path.ending(0), nextTick(1)))
    }

    // MARK: Removal wins: nothing scoped to a screen a transition removes survives it

    /// Was `.all(.cancel(screen 0), tick.cancellable(screen 0))`: the timer outlived the screen.
    func test_routeThenPopToRoot_inOneTransition_theScreensNewWorkNeverStarts() {
        var host = Host()
        _ = host.transition(on: .push(.ticker(Ticker(id: 1))))
        XCTAssertEqual(host.transition(on: .startScreenThenPopToRoot(0)), Host.path.ending(0))
    }

    /// Was `.all(tick.cancellable(screen 0), .cancel(screen 0), .saved(0))`: the timer started, then was cancelled.
    func test_aScreenPoppedByItsOwnMessage_startsNoneOfItsOtherEffects() {
        var host = Host()
        _ = host.transition(on: .push(.ticker(Ticker(id: 1))))
        XCTAssertEqual(
            host.transition(on: .path(.element(id: 0, .ticker(.finishStillTicking)))),
            .all(Host.path.ending(0), .work(.saved(0)))
        )
    }

    func test_aScreenReplacedByItsOwnMessage_keepsNoneOfItsWork() {
        var host = Host()
        _ = host.transition(on: .push(.ticker(Ticker(id: 1))))
        XCTAssertEqual(host.transition(on: .path(.element(id: 0, .ticker(.replaceMe(id: 2))))), Host.path.ending(0))
        XCTAssertEqual(host.path.ids, [1])
    }

    /// Was the tick, scoped to a screen no longer on the stack, running for nobody.
    func test_aScreenPushedAndPoppedWithinOneTransition_leavesNothingRunning() {
        var host = Host()
        XCTAssertNil(host.transition(on: .pushStartAndPop(Ticker(id: 1))))
        XCTAssertEqual(host.path.ids, [])
        XCTAssertEqual(host.path.nextID, 1)
    }

    func test_aStackAssignedInTheFirstTransition_replacesNothingToCancel() {
        var host = Host()
        XCTAssertNil(host.transition(on: .replacePath([.note("a")])))
        XCTAssertEqual(host.path.ids, [0])
        XCTAssertNil(host.transition(on: .push(.note("b"))))
        XCTAssertEqual(host.path.ids, [0, 1])
    }

    func test_screenMessage_popsItself_inTheSameTransition() {
        var host = Host()
        _ = host.transition(on: .push(.ticker(Ticker(id: 1))))
        _ = host.transition(on: .path(.element(id: 0, .ticker(.tick))))
        XCTAssertEqual(
            host.transition(on: .path(.element(id: 0, .ticker(.finish)))), .all(Host.path.ending(0), .work(.saved(1))))
        XCTAssertTrue(host.path.isEmpty)
        XCTAssertEqual(host.log, ["screen 0 finished after 1"])
    }

    func test_popFrom_returnsTheCancellations_topFirst() {
        var host = Host()
        for _ in 0..<2 { _ = host.transition(on: .push(.note("n"))) }
        XCTAssertEqual(host.transition(on: .path(.popFrom(id: 0))), Host.path.ending(1, 0))
        XCTAssertNil(host.transition(on: .path(.popFrom(id: 0))))
    }
}

/// Alerts and dialogs as presented places, or case places of a destination: a tapped button's action is told to the
/// feature and the alert goes away; dismissing tells nothing; a tap the alert shown does not offer is ignored.
final class AlertStateTests: XCTestCase {
    /// A tap on an alert with no work ends nothing: there is nothing to end. (It returned the cancellation of the
    /// alert's place.)
    func test_tappedButtonsAction_reachesTheFeature_andTheAlertIsDismissed() {
        var host = Host(log: ["x"])
        _ = host.transition(on: .showAlert)
        XCTAssertEqual(host.alert?.buttons.map(\.role), [.destructive, .cancel])
        XCTAssertNil(host.transition(on: .alert(.presented(.reset))))
        XCTAssertNil(host.alert)
        XCTAssertEqual(host.log, [])
    }

    func test_dismissing_sendsNothing() {
        var host = Host(log: ["x"])
        _ = host.transition(on: .showAlert)
        _ = host.transition(on: .alert(.dismiss))
        XCTAssertNil(host.alert)
        XCTAssertEqual(host.log, ["x"])
    }

    func test_lateTap_forAnAlertNoLongerShown_isIgnored() {
        var host = Host(log: ["x"])
        XCTAssertNil(host.transition(on: .alert(.presented(.reset))))
        XCTAssertEqual(host.log, ["x"])
    }

    /// A feature with an alert, a dialog and a destination whose case is an alert; it keeps what they told.
    private struct Feature: State {
        enum Action: Equatable, Sendable { case confirmDelete, confirmSave }

        enum Destination: ChildState, Equatable {
            case alert(AlertState<Action>)
            case other

            enum Event: Sendable { case alert(Action) }
            typealias Effect = PlannedEffect<Never, Action>

            static let alert = ChildPlace(
                case: Destination.alert, extract: { if case .alert(let alert) = $0 { alert } else { nil } },
                event: Event.alert)
            static let places: ChildPlaces<Destination> = [alert]

            mutating func handle(event: Event) -> Effect? {
                switch event {
                case .alert(let action): route(action, to: Self.alert) { _, action in .tell(action) }
                }
            }
        }

        var alert: AlertState<Action>?
        var destination: Destination?
        var dialog: ConfirmationDialogState<Action>?
        var told: [Action] = []

        enum Event: Sendable {
            case alert(PresentationEvent<Action>)
            case destination(PresentationEvent<Destination.Event>)
            case dialog(PresentationEvent<Action>)
        }
        // Planned<Never>, not Never: a parent whose Effect is Never stops when an alert leaves (see
        // test_aParentWithNoEffects_presentsAnAlert_andATapDismissesIt).
        typealias Effect = Planned<Never>

        static var initialState: Feature { Feature() }

        static let alert = ChildPlace(\Feature.alert, event: Event.alert)
        static let destination = ChildPlace(\Feature.destination, event: Event.destination)
        static let dialog = ChildPlace(\Feature.dialog, event: Event.dialog)
        static let places: ChildPlaces<Feature> = [alert, destination, dialog]

        mutating func handle(event: Event) -> Effect? {
            switch event {
            case .alert(let event): return route(event, to: Self.alert, messages: Self.keep)
            case .dialog(let event): return route(event, to: Self.dialog, messages: Self.keep)
            case .destination(let event):
                return route(event, to: Self.destination) { feature, action in
                    feature.destination = nil
                    return Self.keep(&feature, action)
                }
            }
        }

        private static func keep(_ feature: inout Feature, _ action: Action) -> Effect? {
            feature.told.append(action)
            return nil
        }
    }

    /// Told `.confirmDelete` for a tap on the delete alert that arrived once the save alert showed.
    func test_aStaleTap_forAnAlertThatIsGone_neverActsOnTheAlertShownAfterIt() {
        let delete = AlertState<Feature.Action>(
            title: "Delete?", buttons: [ButtonState("Delete", action: .confirmDelete)])
        let save = AlertState<Feature.Action>(title: "Save?", buttons: [ButtonState("Save", action: .confirmSave)])
        var feature = Feature()

        feature.alert = delete
        _ = feature.transition(on: .alert(.presented(.confirmDelete)))
        XCTAssertEqual(feature.told, [.confirmDelete])
        feature.alert = save
        _ = feature.transition(on: .alert(.presented(.confirmDelete)))
        XCTAssertEqual(feature.told, [.confirmDelete], "the save alert never offered it")
        XCTAssertEqual(feature.alert, save, "the save alert still shows")
        _ = feature.transition(on: .alert(.presented(.confirmSave)))
        XCTAssertEqual(feature.told, [.confirmDelete, .confirmSave])

        feature.destination = .alert(delete)
        _ = feature.transition(on: .destination(.presented(.alert(.confirmDelete))))
        XCTAssertEqual(feature.told.last, .confirmDelete)
        feature.destination = .alert(save)
        _ = feature.transition(on: .destination(.presented(.alert(.confirmDelete))))
        XCTAssertEqual(feature.told.count, 3)
        XCTAssertEqual(feature.destination, .alert(save))

        feature.dialog = ConfirmationDialogState(
            title: "Delete?", buttons: [ButtonState("Delete", action: .confirmDelete)])
        _ = feature.transition(on: .dialog(.presented(.confirmDelete)))
        XCTAssertEqual(feature.told.count, 4)
        let saveDialog = ConfirmationDialogState<Feature.Action>(
            title: "Save?", buttons: [ButtonState("Save", action: .confirmSave)])
        feature.dialog = saveDialog
        _ = feature.transition(on: .dialog(.presented(.confirmDelete)))
        XCTAssertEqual(feature.told.count, 4)
        XCTAssertEqual(feature.dialog, saveDialog)
    }

    func test_alertIsEquatableAndCodable() throws {
        let alert = AlertState<Host.AlertAction>(
            title: "Reset?", message: "Sure?", buttons: [ButtonState(role: .destructive, "Reset", action: .reset)])
        let decoded = try JSONDecoder().decode(
            AlertState<Host.AlertAction>.self, from: JSONEncoder().encode(alert))
        XCTAssertEqual(decoded, alert)
        let dialog = ConfirmationDialogState<Host.AlertAction>(
            title: "Share", titleVisibility: .visible, buttons: [ButtonState(role: .cancel, "Cancel")])
        XCTAssertEqual(
            try JSONDecoder().decode(
                ConfirmationDialogState<Host.AlertAction>.self, from: JSONEncoder().encode(dialog)),
            dialog
        )
    }

    func test_dialogAndAlertInADestination() {
        var feature = Feature(destination: .other)
        _ = feature.transition(on: .destination(.presented(.alert(.confirmDelete))))
        XCTAssertEqual(feature.destination, .other, "another destination is left alone")
        XCTAssertEqual(feature.told, [])
        feature.destination = .alert(AlertState(title: "T", buttons: [ButtonState("One", action: .confirmDelete)]))
        _ = feature.transition(on: .destination(.presented(.alert(.confirmDelete))))
        XCTAssertEqual(feature.told, [.confirmDelete])
        XCTAssertNil(feature.destination)
        feature.dialog = ConfirmationDialogState(title: "D", buttons: [ButtonState("Two", action: .confirmSave)])
        _ = feature.transition(on: .dialog(.presented(.confirmSave)))
        XCTAssertEqual(feature.told, [.confirmDelete, .confirmSave])
        XCTAssertNil(feature.dialog, "a tapped dialog goes away by itself")
        _ = feature.transition(on: .dialog(.presented(.confirmSave)))
        XCTAssertEqual(feature.told, [.confirmDelete, .confirmSave], "gone: a late tap tells nothing")
    }

    /// A feature with no effects at all, presenting an alert.
    private struct Prompt: State {
        var alert: AlertState<Int>?
        var told: [Int] = []

        enum Event: Sendable { case show, alert(PresentationEvent<Int>) }
        typealias Effect = Never

        static var initialState: Prompt { Prompt() }

        static let alert = ChildPlace(\Prompt.alert, event: Event.alert)
        static let places: ChildPlaces<Prompt> = [alert]

        mutating func handle(event: Event) -> Never? {
            switch event {
            case .show:
                alert = AlertState(title: "Pick", buttons: [ButtonState("One", action: 1), ButtonState("Cancel")])
                return nil
            case .alert(let event):
                return route(event, to: Self.alert) { prompt, action in
                    prompt.told.append(action)
                    return nil
                }
            }
        }
    }

    /// Stopped with `Never.plan(.cancel(id: \Prompt.alert))`: the alert's leaving was ended with a cancellation,
    /// which a parent whose Effect is Never cannot carry. Hence the child process.
    func test_aParentWithNoEffects_presentsAnAlert_andATapDismissesIt() {
        runInChildProcess(self) {
            var prompt = Prompt()
            _ = prompt.transition(on: .show)
            XCTAssertNil(prompt.transition(on: .alert(.presented(1))))
            XCTAssertEqual(prompt.told, [1])
            XCTAssertNil(prompt.alert)
            _ = prompt.transition(on: .show)
            XCTAssertNil(prompt.transition(on: .alert(.dismiss)))
            XCTAssertNil(prompt.alert)
        }
    }
}

/// Stamps: deterministic where they must be.
final class EventStampTests: XCTestCase {
    func test_incrementingStamper_givesKnownIDsAndTimes() {
        let stamper = EventStamper.incrementing(from: Date(timeIntervalSince1970: 100), step: 2)
        XCTAssertEqual(stamper.stamp(), EventStamp(id: UUID(number: 0), date: Date(timeIntervalSince1970: 100)))
        XCTAssertEqual(stamper.stamp(), EventStamp(id: UUID(number: 1), date: Date(timeIntervalSince1970: 102)))
        XCTAssertEqual(UUID(number: 1).uuidString, "00000000-0000-0000-0000-000000000001")
        XCTAssertEqual(UUID(number: 0xABC).uuidString, "00000000-0000-0000-0000-000000000ABC")
    }

    func test_incrementingStamper_fromManyThreads_givesEachStampOnce() {
        let stamper = EventStamper.incrementing(from: Date(timeIntervalSince1970: 0))
        let seen = LockedIDs()
        DispatchQueue.concurrentPerform(iterations: 200) { _ in seen.insert(stamper.stamp().id) }
        XCTAssertEqual(seen.count, 200)
    }

    func test_aStampOfSeveralIDs_takesTheNextIDsInTurn_andOneStepOfTime() {
        let stamper = EventStamper.incrementing(from: Date(timeIntervalSince1970: 100), step: 2)
        XCTAssertEqual(stamper.stamp(), EventStamp(id: UUID(number: 0), date: Date(timeIntervalSince1970: 100)))
        let two = stamper.stamp(ids: 2)
        XCTAssertEqual(two, EventStamp(ids: [UUID(number: 1), UUID(number: 2)], date: Date(timeIntervalSince1970: 102)))
        XCTAssertEqual(two.id, UUID(number: 1))
        XCTAssertEqual(two.id(1), UUID(number: 2))
        XCTAssertEqual(stamper.stamp(), EventStamp(id: UUID(number: 3), date: Date(timeIntervalSince1970: 104)))

        let made = LockedIDs()
        let custom = EventStamper(id: { let id = UUID(); made.insert(id); return id }, date: { .distantPast })
        XCTAssertEqual(custom.stamp(ids: 3).ids.count, 3)
        XCTAssertEqual(made.count, 3, "one call of `id` per id")
    }

    func test_aStamp_isWrittenAsBefore_andSeveralIDsRoundTrip() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let one = EventStamp(id: UUID(number: 1), date: Date(timeIntervalSinceReferenceDate: 0))
        XCTAssertEqual(
            String(decoding: try encoder.encode(one), as: UTF8.self),
            #"{"date":0,"id":"00000000-0000-0000-0000-000000000001"}"#)
        let several = EventStamp(ids: [UUID(number: 1), UUID(number: 2)], date: Date(timeIntervalSinceReferenceDate: 0))
        XCTAssertEqual(try JSONDecoder().decode(EventStamp.self, from: encoder.encode(several)), several)
        XCTAssertEqual(try JSONDecoder().decode(EventStamp.self, from: encoder.encode(one)), one)
    }

    func test_stamping_stampsEachEventWhenItIsMade() {
        enum Event: Equatable, Sendable { case alert(PresentationEvent<Int>, EventStamp) }
        let stamper = EventStamper.incrementing(from: Date(timeIntervalSince1970: 0))
        func at(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }
        let alert = stamper.stamping(Event.alert)
        XCTAssertEqual(alert(.presented(1)), .alert(.presented(1), EventStamp(id: UUID(number: 0), date: at(0))))
        XCTAssertEqual(alert(.dismiss), .alert(.dismiss, EventStamp(id: UUID(number: 1), date: at(1))))
        let twice = stamper.stamping(ids: 2, Event.alert)
        let stamp = EventStamp(ids: [UUID(number: 2), UUID(number: 3)], date: at(2))
        XCTAssertEqual(twice(.presented(2)), .alert(.presented(2), stamp))
    }

    func test_askingAStampForAnIDItDoesNotHave_stopsWithAMessageSayingHowToFixIt() {
        runInChildProcess(self, expectingCrashWith: "id(1) was asked of a stamp with 1 id(s)") {
            _ = EventStamp(id: UUID(number: 0), date: .distantPast).id(1)
        }
    }

    func test_aStampOfNoIDs_stopsWithAMessage() {
        runInChildProcess(self, expectingCrashWith: "a stamp has at least one id") {
            _ = EventStamper.live.stamp(ids: 0)
        }
    }

    func test_liveStamper_givesFreshIDs() {
        let stamper = EventStamper.live
        XCTAssertNotEqual(stamper.stamp().id, stamper.stamp().id)
    }
}

/// A set of ids, written from several threads.
private final class LockedIDs: @unchecked Sendable {
    // Guarded by `lock`.
    private var ids = Set<UUID>()
    private let lock = NSLock()

    func insert(_ id: UUID) { lock.withLock { _ = ids.insert(id) } }
    var count: Int { lock.withLock { ids.count } }
}
