import Foundation
import XCTest

// The README's quick start, verbatim between the markers: this file compiling is the proof that the README's code
// compiles, and `test_readme_quickStartMatchesThisFile` fails when the two drift apart.

// README quick start: begin
import EffectStore

// The functional core: a value that decides the next state and what should happen next.
enum CounterState: State, Equatable {
    case idle(count: Int)
    case saving(count: Int)

    enum Event: Sendable { case increment, saved }
    enum Effect: Sendable, Equatable { case save(count: Int) }

    static var initialState: CounterState { .idle(count: 0) }

    mutating func handle(event: Event) -> Effect? {
        switch (self, event) {
        case (.idle(let count), .increment):
            self = .saving(count: count + 1)
            return .save(count: count + 1)
        case (.saving(let count), .saved):
            self = .idle(count: count)
            return nil
        default:
            return nil  // ignore what makes no sense now, e.g. .increment while saving
        }
    }
}

// The imperative shell: performs an effect and answers with the event to feed back.
final class CounterEffects: EffectHandler {
    typealias S = CounterState

    func handle(effect: CounterState.Effect) -> Future<CounterState.Event>? {
        switch effect {
        case .save(let count):
            return Future { resolve in
                DispatchQueue.global().async {
                    print("saved", count)  // the disk or network work goes here
                    resolve(.saved)
                }
            }
        }
    }
}

// The store runs event → state → effect → event on its own serial queue.
func runCounter() async -> CounterState {
    let store = Store<CounterState>(effectHandler: CounterEffects())
    let token = store.subscribe { state in print("state:", state) }
    defer { token.cancel() }

    // Resolves once the save has answered and `.saved` has been handled.
    return await store.dispatch(event: .increment).value  // .idle(count: 1)
}
// README quick start: end

final class QuickStartTests: XCTestCase {
    func test_quickStart_runsTheWholeLoop() async {
        let final = await runCounter()
        XCTAssertEqual(final, .idle(count: 1))
    }

    func test_quickStart_stateIsTestedDataInDataOut() {
        var state = CounterState.idle(count: 0)
        XCTAssertEqual(state.handle(event: .increment), .save(count: 1))
        XCTAssertEqual(state, .saving(count: 1))
        XCTAssertNil(state.handle(event: .increment), "a second increment while saving is ignored")
        XCTAssertEqual(state, .saving(count: 1))
        XCTAssertNil(state.handle(event: .saved))
        XCTAssertEqual(state, .idle(count: 1))
    }

    func test_readme_quickStartMatchesThisFile() throws {
        let thisFile = URL(fileURLWithPath: #filePath)
        let root = thisFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: thisFile, encoding: .utf8)

        let sourceLines = source.components(separatedBy: "\n")
        guard let begin = sourceLines.firstIndex(of: "// README quick start: begin"),
            let end = sourceLines.firstIndex(of: "// README quick start: end")
        else { return XCTFail("the quick start markers are missing from \(thisFile.lastPathComponent)") }
        let expected = sourceLines[(begin + 1)..<end].joined(separator: "\n")

        guard let heading = readme.range(of: "## Quick start"),
            let open = readme.range(of: "```swift\n", range: heading.upperBound..<readme.endIndex),
            let close = readme.range(of: "\n```", range: open.upperBound..<readme.endIndex)
        else { return XCTFail("README.md has no ```swift block under '## Quick start'") }
        let documented = String(readme[open.upperBound..<close.lowerBound])

        XCTAssertEqual(
            documented, expected,
            "README.md's quick start differs from QuickStartTests.swift. To fix, copy the code between the markers "
                + "in Tests/EffectStoreTests/QuickStartTests.swift into the README's quick start block (or the other "
                + "way round)."
        )
    }
}
