import EffectExamples
import EffectStore
import EffectStoreTesting
import Foundation
import XCTest

/// The download's decisions, data in and data out.
final class DownloadStateTests: XCTestCase {
    typealias Effect = DownloadState.Effect

    func test_start_returnsADownloadThatReplacesTheOneInFlight() {
        var download = DownloadState()
        XCTAssertEqual(
            download.handle(event: .start("report.pdf")),
            Effect.work(.download("report.pdf")).cancellable(id: DownloadID.transfer, cancelInFlight: true))
        XCTAssertEqual(download.status, .downloading(file: "report.pdf", progress: 0))
    }

    func test_progressThenData_moveTheBar_thenFinish() {
        var download = DownloadState()
        _ = download.handle(event: .start("report.pdf"))
        XCTAssertNil(download.handle(event: .progressed(0.5)))
        XCTAssertEqual(download.status, .downloading(file: "report.pdf", progress: 0.5))
        XCTAssertNil(download.handle(event: .finished(Data([1, 2]))))
        XCTAssertEqual(download.status, .finished(file: "report.pdf", data: Data([1, 2])))
    }

    func test_cancelTapped_cancelsTheTransfer_andGoesIdle() {
        var download = DownloadState()
        _ = download.handle(event: .start("report.pdf"))
        XCTAssertEqual(download.handle(event: .cancelTapped), .cancel(id: DownloadID.transfer))
        XCTAssertEqual(download.status, .idle)
        XCTAssertNil(download.handle(event: .cancelTapped), "nothing to cancel any more")
    }
}
