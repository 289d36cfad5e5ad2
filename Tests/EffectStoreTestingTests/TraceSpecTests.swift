import EffectStoreTesting
import XCTest

final class TraceSpecTests: XCTestCase {
    private let ios = Process(id: 1, title: "iOS")

    func test_assertTrace_passesForTheExactTrace() {
        let failures = TestFailureCollector()

        assertTrace(given: Catalog.idle, [
            .when(.fetch, then: .loading, effect: .download),
            .when(.load([ios]), then: .loaded([ios])),
            .when(.load([]), then: .loaded([ios])),
        ], reporter: failures.reporter)

        XCTAssertEqual(failures.messages, [])
    }

    func test_assertTrace_failsAtTheStepWithTheWrongState_showingADiff() {
        let failures = TestFailureCollector()
        let android = Process(id: 1, title: "Android")

        let stepLine: UInt = #line + 3
        assertTrace(given: Catalog.idle, [
            .when(.fetch, then: .loading, effect: .download),
            .when(.load([android]), then: .loaded([ios])),
        ], reporter: failures.reporter)

        XCTAssertEqual(failures.messages, [
            """
            Trace step 2 of 2, when .load([Process(id: 1, title: "Android")]) in .loading: the state differs:
              .loaded[0].title: expected "iOS", actual "Android"
            """,
        ])
        XCTAssertEqual(failures.failures.first?.line, stepLine)
        XCTAssertEqual(failures.failures.first?.file, "\(#filePath)")
    }

    func test_assertTrace_failsForAnEffectTheStepDidNotExpect() {
        let failures = TestFailureCollector()

        assertTrace(given: Catalog.idle, [.when(.fetch, then: .loading)], reporter: failures.reporter)

        XCTAssertEqual(failures.messages, [
            "Trace step 1 of 1, when .fetch in .idle: the effect differs: expected none, actual .download",
        ])
    }

    func test_assertTrace_failsForAnExpectedEffectThatDoesNotHappen() {
        let failures = TestFailureCollector()

        assertTrace(given: Catalog.loading, [.when(.fail("offline"), then: .failed("offline"), effect: .download)],
                    reporter: failures.reporter)

        XCTAssertEqual(failures.messages, [
            #"Trace step 1 of 1, when .fail("offline") in .loading: the effect differs: expected .download, "#
                + "actual none",
        ])
    }

    func test_assertTrace_continuesFromTheActualStateAfterAMismatch() {
        let failures = TestFailureCollector()

        assertTrace(given: Counter(count: 0), [
            .when(.increment, then: Counter(count: 2, isSaving: true), effect: .save(1)),
            .when(.increment, then: Counter(count: 2, isSaving: true), effect: .save(2)),
        ], reporter: failures.reporter)

        XCTAssertEqual(failures.messages, [
            "Trace step 1 of 2, when .increment in Counter(count: 0, isSaving: false): the state differs:\n"
                + "  .count: expected 2, actual 1",
        ])
    }
}
