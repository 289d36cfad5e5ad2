import EffectStore
@testable import EffectStoreTesting
import XCTest

/// Which framework a failure goes to, decided from what the process shows: data in, data out.
final class TestFrameworkDetectionTests: XCTestCase {
    private func detect(
        inTest: Bool = false, _ arguments: [String], _ environment: [String: String] = [:]
    ) -> TestFramework {
        TestFramework.detect(
            insideSwiftTestingTest: inTest, process: TestProcess(arguments: arguments, environment: environment))
    }

    func test_insideASwiftTestingTest_isSwiftTesting_whateverTheProcess() {
        XCTAssertEqual(detect(inTest: true, ["/tmp/App"]), .swiftTesting)
        XCTAssertEqual(detect(inTest: true, ["/tmp/.build/debug/AppPackageTests.xctest"]), .swiftTesting)
    }

    func test_aSwiftTestingRun_isSwiftTesting_outsideATestToo() {
        let run = ["/tmp/.build/debug/AppPackageTests.xctest", "--testing-library", "swift-testing"]
        XCTAssertEqual(detect(run), .swiftTesting)
        XCTAssertEqual(detect(["/usr/bin/swiftpm-testing-helper", "--testing-library", "swift-testing"]), .swiftTesting)
    }

    func test_anXCTestRun_isXCTest() {
        XCTAssertEqual(detect(["/tmp/.build/debug/AppPackageTests.xctest"]), .xcTest)
        XCTAssertEqual(detect(["/tmp/.build/debug/AppPackageTests.xctest", "AppTests.FooTests/test_a"]), .xcTest)
        XCTAssertEqual(detect(["/usr/bin/xctest", "/tmp/AppTests.xctest"]), .xcTest)
        XCTAssertEqual(detect(["/tmp/.build/debug/AppPackageTests.xctest", "--testing-library", "xctest"]), .xcTest)
        XCTAssertEqual(detect(["/Apps/Host.app/Host"], ["XCTestConfigurationFilePath": "/tmp/x"]), .xcTest)
        XCTAssertEqual(detect(["/Apps/Host.app/Host"], ["XCTestBundlePath": "/tmp/x"]), .xcTest)
        XCTAssertEqual(detect(["/Apps/Host.app/Host"], ["XCTestSessionIdentifier": "1"]), .xcTest)
    }

    func test_aPlainExecutable_isNeither() {
        XCTAssertEqual(detect(["/tmp/.build/debug/my-script"]), .none)
        XCTAssertEqual(detect(["/tmp/.build/debug/my-script", "--testing-library"]), .none)
        XCTAssertEqual(detect([]), .none)
    }

    func test_thisRun_isXCTest() {
        XCTAssertEqual(TestFramework.current, .xcTest)
    }

    /// Outside both frameworks a failure stops the process with its message and location, rather than vanish.
    func test_aFailureOutsideAnyFramework_stopsTheProcess_withTheMessageAndLocation() {
        runInChildProcess(self, expectingCrashWith: "the state after send(.increment) is not the one expected") {
            TestFramework.none.record(
                "TestStore<Counter>: the state after send(.increment) is not the one expected",
                at: TestSourceLocation())
        }
    }

    func test_location_keepsTheCallersFileIDAndColumn_andRebuildsAnIDThatNamesAnotherFile() {
        let here = TestSourceLocation()
        let column = 38  // where Swift puts a call's default `#column`: its opening parenthesis
        XCTAssertEqual(here.consistentFileID.fileID, "EffectStoreTestingTests/TestFrameworkTests.swift")
        XCTAssertEqual(here.consistentFileID.column, UInt(column))
        XCTAssertEqual(here.description, "TestFrameworkTests.swift:\(#line - 4):\(column)")

        // A helper in another file passed on only `file:` and `line:`.
        let mixed = TestSourceLocation(fileID: "AppTests/Helpers.swift", filePath: #filePath, line: 3, column: 9)
        XCTAssertEqual(mixed.consistentFileID.fileID, "AppTests/TestFrameworkTests.swift")
        XCTAssertEqual(mixed.consistentFileID.column, 1)

        let pathOnly = TestSourceLocation(filePath: "/src/AppTests/FooTests.swift", line: 7)
        XCTAssertEqual(pathOnly.consistentFileID.fileID, "_/FooTests.swift")
    }
}

/// The default reporter in an XCTest run: an `XCTFail` at the caller's file and line. The failures are caught by the
/// test case itself, so the test can look at them instead of failing.
final class AutomaticReporterXCTestTests: XCTestCase {
    private var caught: [(message: String, file: String, line: Int)] = []
    private var catching = false

    #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
        guard catching else { return super.record(issue) }
        caught.append(
            (issue.compactDescription, issue.sourceCodeContext.location?.fileURL.path ?? "",
             issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard catching else {
            return super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        caught.append((description, filePath, lineNumber))
    }
    #endif

    func test_aWrongExpectation_isAnXCTestFailure_atTheCallersLine() {
        catching = true
        let store = TestStore(initialState: Counter(count: 0), exhaustivity: .partial)
        store.send(.increment) { $0.count = 5 }; let line = #line
        catching = false

        XCTAssertEqual(caught.count, 1)
        XCTAssertTrue(caught.first?.message.contains(".count: expected 5, actual 1") == true, "\(caught)")
        XCTAssertEqual(caught.first?.file, #filePath)
        XCTAssertEqual(caught.first?.line, line)
    }

    func test_aRightExpectation_recordsNothing() {
        catching = true
        let store = TestStore(initialState: Counter(count: 0))
        store.send(.increment) { $0 = Counter(count: 1, isSaving: true) }
        store.receiveEffect(.save(1))
        store.complete(.save(1), with: .saved) { $0.isSaving = false }
        store.finish()
        catching = false

        XCTAssertEqual(caught.count, 0)
    }

    func test_everyCallAfterFinish_isAnXCTestFailure() {
        catching = true
        let store = TestStore(initialState: Counter(count: 0))
        store.finish()
        store.send(.increment); let line = #line
        catching = false

        XCTAssertEqual(caught.map(\.line), [line])
        XCTAssertTrue(caught.first?.message.contains("send(.increment) was called after finish()") == true)
        XCTAssertEqual(store.state, Counter(count: 0))
    }
}
