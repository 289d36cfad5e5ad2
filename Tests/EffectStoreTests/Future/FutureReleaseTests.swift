import EffectStoreTesting
import Foundation
import XCTest

@testable import EffectStore

/// Releasing futures: a long chain that was never resolved is released without overflowing the stack.
final class FutureReleaseTests: XCTestCase {
    func test_release_ofAMillionStepUnresolvedChain_onA512KiBThread_doesNotOverflowTheStack() {
        runInChildProcess(self) {
            // 512 KiB is the stack of a secondary thread on Apple platforms; about 2 frames per step would need
            // far more than that for a million steps if releasing recursed.
            let released = DispatchSemaphore(value: 0)
            let thread = Thread {
                do {
                    let promise = Promise<Int>()
                    var future = promise.future
                    for step in 0..<1_000_000 {
                        future = step % 2 == 0 ? future.map { $0 + 1 } : future.flatMap { Future(value: $0 + 1) }
                    }
                }  // the promise, and with it the whole chain, is released here
                released.signal()
            }
            thread.stackSize = 512 * 1024
            thread.start()
            XCTAssertEqual(released.wait(timeout: .now() + 100), .success, "the chain was not released in time")
        }
    }
}
