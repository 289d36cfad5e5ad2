import EffectStoreLogging
import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStore

/// Part 2 of issue 6: a logger that writes one readable line per transition.
final class TransitionLoggerTests: XCTestCase {
    private func transition(
        _ sequenceNumber: UInt64, _ origin: TransitionOrigin, _ event: Tally.Event?, from: Tally, to: Tally,
        effect: Tally.Effect? = nil, changed: Bool = true
    ) -> StoreTransition<Tally> {
        StoreTransition(
            sequenceNumber: sequenceNumber, time: Date(), origin: origin, event: event, from: from, to: to,
            effect: effect, changedState: changed
        )
    }

    func test_line_readsEventThenStateThenEffect() {
        let logger = TransitionLogger<Tally>()
        let line = logger.line(
            for: transition(
                3, .dispatch, .request(id: 1, amount: 2), from: Tally(), to: Tally(),
                effect:
                    .fetch(id: 1, amount: 2), changed: false)
        )
        XCTAssertEqual(
            line,
            "[Tally] #3 dispatch  request(id: 1, amount: 2) → (unchanged) → fetch(id: 1, amount: 2)"
        )
    }

    func test_line_forUndo_hasNoEventAndNoEffect() {
        let logger = TransitionLogger<Tally>(label: "tally")
        let line = logger.line(for: transition(9, .undo, nil, from: Tally(count: 2), to: Tally(count: 1)))
        XCTAssertEqual(line, "[tally] #9 undo      → {.count: 2 → 1}")
    }

    func test_line_shortensLongValuesFromTheInsideOut() {
        let notes = (1...12).map { "note number \($0)" }
        let logger = TransitionLogger<Tally>(maxValueLength: 40)
        let line = logger.line(for: transition(1, .effect, .note("x"), from: Tally(), to: Tally(count: 1, log: notes)))
        XCTAssertEqual(line, "[Tally] #1 effect    note(\"x\") → {.count: 0 → 1, .log: [] → [12 elements]} → none")
    }

    func test_shortDescription_collapsesInnermostGroupsFirst_thenCuts() {
        let text = "load(processes: [Process(id: \"p-1\", title: \"iOS (Swift)\"), Process(id: \"p-2\", title: \"x\")])"
        XCTAssertEqual(Describing.collapsing(text, to: 60), "load(processes: [Process(…), Process(…)])")
        XCTAssertEqual(Describing.collapsing(text, to: 30), "load(processes: [2 elements])")
        XCTAssertEqual(Describing.collapsing(text, to: 8), "load(…)")
        XCTAssertEqual(Describing.collapsing("\"a very long string indeed\"", to: 10), "\"a very l…")
        XCTAssertEqual(Describing.withoutModulePrefixes("Module.Type(a: \"Keep.This\")"), "Type(a: \"Keep.This\")")
    }

    func test_logTransitions_writesOneLinePerTransition_toAClosureSink_inOrder_fromManyThreads() {
        let store = Store<Tally>(effectHandler: ControlledEffects(answersImmediately: true))
        let lines = Recorder<String>()
        let token = store.logTransitions(TransitionLogger(sink: LogSink { lines.append($0) }))

        runConcurrently(threads: 3) { _ in
            for _ in 0..<50 { store.dispatch(event: .increment) }
        }
        store.dispatch(event: .request(id: 7, amount: 2))

        XCTAssertEqual(lines.count, 152)
        XCTAssertEqual(lines.values.prefix(1), ["[Tally] #1 dispatch  increment → {.count: 0 → 1} → none"])
        XCTAssertEqual(
            lines.values.suffix(2),
            [
                "[Tally] #151 dispatch  request(id: 7, amount: 2) → (unchanged) → fetch(id: 7, amount: 2)",
                "[Tally] #152 effect    add(2) → {.count: 150 → 152} → none",
            ])
        token.cancel()
    }

    func test_logger_showsTime_asHoursMinutesSecondsMilliseconds() {
        let logger = TransitionLogger<Tally>(showsTime: true)
        let line = logger.line(for: transition(1, .dispatch, .increment, from: Tally(), to: Tally(count: 1)))
        XCTAssertNotNil(line.range(of: #"^\d\d:\d\d:\d\d\.\d\d\d \[Tally\] #1 "#, options: .regularExpression), line)
    }
}

/// Issue 35, part 5: a struct state is logged as what changed, and events as Swift writes them. Each of these failed
/// before: the line held `SignUp(…)` for the state and `alert(PresentationEvent<SignUp.AlertAction>.dismiss)`.
final class TransitionLoggerReadableTests: XCTestCase {
    struct Row: Identifiable, Equatable, Sendable {
        let id: Int
        var isOn = false
    }

    struct SignUp: State, Equatable {
        struct Details: Equatable, Sendable { var email: String }
        enum AlertAction: Equatable, Sendable { case retry }
        var email = ""
        var isSubmitting = false
        var rows = IdentifiedStates((0..<1_000).map { Row(id: $0) })
        var tags: Set<String> = []

        enum Event: Sendable {
            case submitted(Details)
            case alert(PresentationEvent<AlertAction>)
            case item(id: Int, ItemEvent)
        }
        enum ItemEvent: Sendable { case toggle }
        typealias Effect = Never
        static var initialState: SignUp { SignUp() }

        mutating func handle(event: Event) -> Never? {
            switch event {
            case .submitted(let details):
                email = details.email
                isSubmitting = false
            case .alert:
                break
            case .item(let id, .toggle):
                rows[id: id]?.isOn.toggle()
                tags.insert("touched")
            }
            return nil
        }
    }

    private func line(_ event: SignUp.Event, from: SignUp = SignUp(isSubmitting: true)) -> String {
        var to = from
        _ = to.handle(event: event)
        return TransitionLogger<SignUp>().line(
            for: StoreTransition(
                sequenceNumber: 4, time: Date(), origin: .effect, event: event, from: from, to: to, effect: nil,
                changedState: from != to))
    }

    func test_aStructState_isLoggedAsWhatChanged() {
        XCTAssertEqual(
            line(.submitted(.init(email: "a@b.c"))),
            #"[SignUp] #4 effect    submitted(TransitionLoggerReadableTests.SignUp.Details(email: "a@b.c")) → "#
                + #"{.email: "" → "a@b.c", .isSubmitting: true → false} → none"#)
    }

    func test_aRowOfAThousand_isOneChange_namedByID_andASetElementIsNamed() {
        XCTAssertEqual(
            line(.item(id: 500, .toggle)),
            #"[SignUp] #4 effect    item(id: 500, .toggle) → {.rows[id: 500].isOn: false → true, .tags: added "touched"} → none"#
        )
    }

    func test_anEventOfANestedGenericEnum_isWrittenAsSwiftWritesIt_andNoChangeIsUnchanged() {
        XCTAssertEqual(line(.alert(.dismiss)), "[SignUp] #4 effect    alert(.dismiss) → (unchanged) → none")
    }
}

/// A logged plan shows which effects run under it, written as the state built it.
final class TransitionLoggerPlanTests: XCTestCase {
    private func line(for effect: Planner.Effect, maxValueLength: Int = 80) -> String {
        let transition = StoreTransition<Planner>(
            sequenceNumber: 1, time: Date(), origin: .dispatch, event: .start(effect), from: Planner(), to: Planner(),
            effect: effect, changedState: false)
        let full = TransitionLogger<Planner>(maxValueLength: maxValueLength).line(for: transition)
        return String(full[full.range(of: "(unchanged) → ")!.upperBound...])
    }

    func test_aPlan_isWrittenAsItWasBuilt_showingTheEffectUnderIt() {
        XCTAssertEqual(
            line(for: Planner.Effect.fetch("a").cancellable(id: "download")),
            "fetch(\"a\").cancellable(id: \"download\")")
        XCTAssertEqual(line(for: .all(.fetch("a"), .endless)), "all(fetch(\"a\"), endless)")
        XCTAssertEqual(line(for: .cancel(id: "search")), "cancel(id: \"search\")")
        XCTAssertEqual(
            line(for: Planner.Effect.fetch("q").debounced(id: "search", for: .milliseconds(300))),
            "fetch(\"q\").debounced(id: \"search\", for: 300 ms)")
        XCTAssertEqual(line(for: .ticks(count: 2)), "ticks(count: 2)")
    }

    func test_aLongPlan_losesItsInnermostDetailFirst() {
        let effect = Planner.Effect.all(.fetch(String(repeating: "x", count: 60)), .endless)
        XCTAssertEqual(line(for: effect, maxValueLength: 30), "all(fetch(…), endless)")
    }
}
