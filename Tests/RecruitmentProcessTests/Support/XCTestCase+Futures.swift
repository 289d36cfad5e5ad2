import EffectStore
import XCTest

extension XCTestCase {
    /// Waits, at most `timeout` seconds, for `future` and returns its value, or fails at the caller's line.
    func value<Value: Sendable>(
        of future: Future<Value>,
        timeout: TimeInterval = 5,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> Value? {
        let resolved = expectation(description: "the future resolves")
        let recorder = Recorder<Value>()
        future.onComplete { value in
            recorder.append(value)
            resolved.fulfill()
        }
        wait(for: [resolved], timeout: timeout)
        guard let value = recorder.values.first else {
            XCTFail("The future did not resolve within \(timeout) s", file: file, line: line)
            return nil
        }
        return value
    }
}
