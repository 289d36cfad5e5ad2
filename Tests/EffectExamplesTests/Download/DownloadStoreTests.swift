import EffectExamples
import EffectStore
import EffectStoreTesting
import Foundation
import XCTest

/// The download in a real store: the run's loop is a real task, so these tests wait (boundedly) for its events.
final class DownloadStoreTests: XCTestCase {
    private let downloader = InMemoryDownloader()
    private lazy var store = Store<DownloadState>(effectHandler: DownloadEffects(downloader: downloader))

    func test_download_showsEachProgress_thenTheData_andItsFutureResolvesWhenTheRunEnds() {
        let download = store.dispatch(event: .start("report.pdf"))
        waitUntil("the transfer starts") { downloader.isTransferring("report.pdf") }
        downloader.send(.progress(0.5), to: "report.pdf")
        waitUntil("the progress is shown") {
            store.state.status == .downloading(file: "report.pdf", progress: 0.5)
        }
        downloader.send(.finished(Data([1, 2, 3])), to: "report.pdf")
        XCTAssertEqual(
            download.wait(timeout: .seconds(5))?.status, .finished(file: "report.pdf", data: Data([1, 2, 3])))
    }

    func test_cancel_stopsTheTransfersTask_andResolvesTheDownloadsFuture() {
        let download = store.dispatch(event: .start("report.pdf"))
        waitUntil("the transfer starts") { downloader.isTransferring("report.pdf") }
        store.dispatch(event: .cancelTapped)

        XCTAssertTrue(download.isResolved, "a cancelled run's dispatch future resolves with the cancel")
        waitUntil("the transfer's task is cancelled") { downloader.cancelledFiles == ["report.pdf"] }
        XCTAssertEqual(store.state.status, .idle)
    }

    func test_startingAnother_cancelsTheOneInFlight() {
        store.dispatch(event: .start("a.pdf"))
        waitUntil("the first transfer starts") { downloader.isTransferring("a.pdf") }
        store.dispatch(event: .start("b.pdf"))
        waitUntil("the first transfer's task is cancelled") { downloader.cancelledFiles == ["a.pdf"] }
        XCTAssertEqual(store.state.status, .downloading(file: "b.pdf", progress: 0))
    }

    /// Progress sent from another thread, without pause, while the button is tapped: 50 times, not one progress
    /// event is handled once the cancel is committed.
    func test_cancelWhileProgressFloodsIn_handlesNoProgressAfterTheCancel() {
        let handled = Recorder<DownloadState.Event>()
        let recording = store.recordEvents(into: handled)
        for round in 0..<50 {
            let file = "file-\(round)"
            store.dispatch(event: .start(file))
            waitUntil("transfer \(round) starts") { downloader.isTransferring(file) }
            let flood = Thread { [downloader] in
                var fraction = 0.0
                while downloader.isTransferring(file) {
                    fraction += 0.001
                    downloader.send(.progress(fraction), to: file)
                }
            }
            flood.start()
            waitUntil("progress \(round) is shown") { store.state.status != .downloading(file: file, progress: 0) }
            store.dispatch(event: .cancelTapped)
            waitUntil("transfer \(round) is stopped") { !downloader.isTransferring(file) }
        }
        recording.cancel()
        var isCancelled = false
        var late = 0
        for event in handled.values {
            switch event {
            case .cancelTapped: isCancelled = true
            case .start: isCancelled = false
            case .progressed where isCancelled: late += 1
            default: break
            }
        }
        XCTAssertEqual(late, 0, "progress events handled after their download's cancel")
        XCTAssertEqual(handled.values.filter { $0 == .cancelTapped }.count, 50)
    }
}
