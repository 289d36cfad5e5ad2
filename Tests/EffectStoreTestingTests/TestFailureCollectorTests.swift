import Dispatch
import EffectStoreTesting
import XCTest

final class TestFailureCollectorTests: XCTestCase {
    func test_reporter_collectsMessageFileAndLineInOrder() {
        let failures = TestFailureCollector()
        failures.reporter.report("first", file: "A.swift", line: 1)
        failures.reporter.report("second", file: "B.swift", line: 2)
        XCTAssertEqual(
            failures.failures,
            [.init(message: "first", file: "A.swift", line: 1), .init(message: "second", file: "B.swift", line: 2)])
        XCTAssertEqual(failures.messages, ["first", "second"])
    }

    func test_collector_startsEmpty() {
        XCTAssertEqual(TestFailureCollector().failures, [])
    }

    func test_reporter_fromManyThreads_losesNoFailure() {
        let failures = TestFailureCollector()
        let reporter = failures.reporter
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<100 { reporter.report("\(thread)-\(index)", file: #filePath, line: #line) }
        }
        XCTAssertEqual(failures.failures.count, 800)
        XCTAssertEqual(Set(failures.messages).count, 800)
    }

    func test_collector_catchesAFailingTrace() {
        let failures = TestFailureCollector()
        assertTrace(given: Counter(count: 0), [.when(.increment, then: Counter(count: 2))], reporter: failures.reporter)
        XCTAssertEqual(failures.failures.count, 1)
        XCTAssertEqual(failures.failures.first?.file, #filePath)
    }
}
