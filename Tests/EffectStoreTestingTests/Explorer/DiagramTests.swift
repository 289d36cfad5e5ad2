import EffectStoreTesting
import XCTest

final class DiagramTests: XCTestCase {
    func test_mermaid_drawsTheMachineWithEffectsOnTheEdges() {
        let diagram = StateExplorer(initialState: Door()).explore().mermaid()

        XCTAssertEqual(diagram, """
            stateDiagram-v2
                state "Door(isOpen: false, isLocked: false)" as s0
                state "Door(isOpen: true, isLocked: false)" as s1
                state "Door(isOpen: false, isLocked: true)" as s2
                state "Door(isOpen: true, isLocked: true)" as s3
                [*] --> s0
                s0 --> s1: open / chime
                s0 --> s2: lock
                s1 --> s0: close
                s1 --> s3: lock
                s2 --> s0: unlock
                s3 --> s2: close
                s3 --> s1: unlock

            """)
    }

    func test_dot_drawsTheSameMachine() {
        let diagram = StateExplorer(initialState: Door()).explore().dot()

        XCTAssertEqual(diagram, """
            digraph "Door" {
                rankdir=LR;
                node [shape=box, style=rounded];
                start [shape=point];
                s0 [label="Door(isOpen: false, isLocked: false)"];
                s1 [label="Door(isOpen: true, isLocked: false)"];
                s2 [label="Door(isOpen: false, isLocked: true)"];
                s3 [label="Door(isOpen: true, isLocked: true)"];
                start -> s0;
                s0 -> s1 [label="open / chime"];
                s0 -> s2 [label="lock"];
                s1 -> s0 [label="close"];
                s1 -> s3 [label="lock"];
                s2 -> s0 [label="unlock"];
                s3 -> s2 [label="close"];
                s3 -> s1 [label="unlock"];
            }

            """)
    }

    func test_diagrams_areTheSameOnEveryRun() {
        let events: [Login.Event] = [.submit(password: "pw"), .succeeded(user: "ada"), .failed, .logOut, .ping]
        let first = StateExplorer(initialState: Login.initialState, events: events).explore()
        let second = StateExplorer(initialState: Login.initialState, events: events).explore()

        XCTAssertEqual(first.mermaid(), second.mermaid())
        XCTAssertEqual(first.dot(), second.dot())
        XCTAssertTrue(first.mermaid().contains(
            "    s1 --> s2: succeeded(user: 'ada') / loadProfile(user: 'ada')\n"), first.mermaid())
    }

    func test_mermaid_canDrawEventsThatChangeNothing() {
        let diagram = StateExplorer(initialState: Door()).explore().mermaid(DiagramStyle(includeNoOps: true))

        XCTAssertTrue(diagram.contains("    s0 --> s0: close\n"), diagram)
        XCTAssertEqual(diagram.components(separatedBy: "-->").count - 1, 17, "16 transitions and the start")
    }

    func test_labels_areSanitisedShortenedAndCustomisable() {
        let processes = [Process(id: 1, title: #"a"b;c#d and a title that goes on and on"#)]
        let exploration = StateExplorer(initialState: Catalog.loading, events: [.load(processes)]).explore()

        let mermaid = exploration.mermaid(DiagramStyle(maxLabelLength: 50))
        XCTAssertTrue(mermaid.contains(#"state "loaded([Process(id: 1, title: 'a\'b,c＃d and a tit…" as s1"#), mermaid)
        XCTAssertTrue(mermaid.hasSuffix(#"s0 --> s1: load([Process(id: 1, title: 'a\'b,c＃d and a title…"# + "\n"),
                      mermaid)
        let dot = exploration.dot(DiagramStyle(maxLabelLength: 50))
        XCTAssertTrue(dot.contains(#"s1 [label="loaded([Process(id: 1, title: \"a\\\"b;c#d and a tit…"];"#), dot)

        let custom = exploration.mermaid(DiagramStyle(stateLabel: { state in
            if case .loaded(let processes) = state { return "loaded (\(processes.count))" }
            return DiagramStyle<Catalog>.plainLabel(state)
        }, eventLabel: { _ in "load" }))
        XCTAssertTrue(custom.contains(#"state "loaded (1)" as s1"#), custom)
        XCTAssertTrue(custom.contains("    s0 --> s1: load\n"), custom)
    }
}
